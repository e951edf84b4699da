import Foundation
import MediaCore
import Report
import Testing

/// Text a terminal or a browser would act on (escape sequences, bidirectional overrides) never reaches a report
/// as is: shown as visible escapes in the terminal summary, Markdown, HTML and JUnit.
@Suite struct ReportTerminalSafetyTests {
    static let output = OutputReport(
        name: "promo\u{202E}4pm.exe", path: "out/\u{1B}]0;PWNED\u{7}.mp4", status: .failed,
        failure: OutputFailure(stage: .load, reason: "source '\u{1B}[2Jx\u{9B}31m' \u{2066}hidden\u{2069}"))
    let report = Fixtures.report([Self.output])

    @Test func reasonsShowBidiControlsAsEscapes() {
        #expect(Self.output.failure?.reason == "source ' [2Jx 31m' \\u{2066}hidden\\u{2069}")
    }

    @Test(arguments: ["terminal", "markdown", "html", "junit"])
    func noWriterLetsThemThrough(writer: String) {
        let text = switch writer {
        case "terminal": report.terminalSummary()
        case "markdown": report.markdown()
        case "html": report.html()
        default: report.junitXML()
        }
        #expect(!text.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" })
        #expect(text.contains("u{202E}4pm.exe"))
    }
}
