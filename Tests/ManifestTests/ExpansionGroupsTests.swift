import Foundation
@testable import Manifest
import MediaCore
import Testing

/// An entry with many variable sets is expanded a group of sets at a time on all cores; the outputs, the problems
/// (in order, once each) and which outputs are invalid must be those of expanding every set in order.
struct ExpansionGroupsTests {
    /// Rows with a good start, a start that is no time, a product name used before, and a name that leaves the
    /// output folder; the title comes from the template.
    static func table(rows: Int) -> String {
        var text = "product,start,headline\n"
        for row in 0..<rows {
            switch row % 9 {
            case 4: text += "p\(row),soon,Headline \(row)\n"
            case 6: text += "p\(row - 1),1s,Again \(row)\n"
            case 8: text += "p\(row)/../..,1s,Away \(row)\n"
            default: text += "p\(row),\(row % 3)s,\"Headline \(row), now\"\n"
            }
        }
        return text
    }

    static let manifest = """
        mediabatch: 1
        defaults: { preset: web-720p, out: out }
        sources:
          body: { generate: testpattern, duration: 6s, size: 1280x720 }
        templates:
          promo:
            title: { text: "{headline}", at: 0.5s, duration: 1s, position: bottom }
        outputs:
          - name: "promo-{product}-{aspect}"
            template: promo
            data: rows.csv
            matrix: { aspect: [16x9, 1x1] }
            preset: { base: web-720p, aspect: "{aspect}" }
            clips:
              - { source: body, from: "{start}", duration: 2s }
              - { source: body, from: 4s, duration: 1s }
        """

    @Test(arguments: [1, 2, 5, 64])
    func groupsGiveTheExpansionInOrder(setsPerGroup: Int) throws {
        let fixture = try ManifestFixture(Self.manifest, files: ["rows.csv": Self.table(rows: 60)])
        var inOrder = ManifestSet.Options(presetDirectories: [Repository.presets])
        inOrder.setsPerGroup = 1_000
        var grouped = inOrder
        grouped.setsPerGroup = setsPerGroup
        let expected = ManifestSet.load(paths: [fixture.manifestPath], options: inOrder)
        let actual = ManifestSet.load(paths: [fixture.manifestPath], options: grouped)
        #expect(expected.outputs.count > 90)
        let soon = (0..<60).filter { $0 % 9 == 4 }.flatMap { ["promo-p\($0)-16x9", "promo-p\($0)-1x1"] }
        #expect(expected.invalidOutputs == Set(soon))
        let messages = fixture.messages(expected)
        for part in ["(from data rows rows.csv:6, 15, 24 and 4 more)", "is already produced at", "would leave the output directory"] {
            #expect(messages.contains(part), "no \(part) in \(messages)")
        }
        #expect(fixture.messages(actual) == messages)
        #expect(actual.outputs == expected.outputs)
        #expect(actual.invalidOutputs == expected.invalidOutputs)
    }
}

/// How a problem names the data rows that gave it.
struct RowProblemsTests {
    static let problem = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 7, column: 3), "invalid time 'soon'")
    static let other = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 8, column: 3), "unknown fit 'squash'")

    @Test(arguments: [
        (["p.csv:4"], 5, "invalid time 'soon' (from data row p.csv:4)"),
        (["p.csv:4", "p.csv:7", "p.csv:4", "p.csv:9"], 5, "invalid time 'soon' (from data rows p.csv:4, 7 and 9)"),
        (["p.csv:2", "p.csv:3", "p.csv:4", "p.csv:5", "p.csv:6"], 9, "invalid time 'soon' (from data rows p.csv:2, 3, 4 and 2 more)"),
        (["p.csv:2", "p.csv:3", "p.csv:2"], 2, "invalid time 'soon'"),
        (["p.csv:2"], 1, "invalid time 'soon' (from data row p.csv:2)"),
    ] as [([String], Int, String)])
    func namesTheRowsOnce(origins: [String], rowCount: Int, message: String) {
        var problems = RowProblems()
        for origin in origins { problems.add([Self.problem, Self.other], from: origin) }
        let folded = problems.folded(rowCount: rowCount)
        #expect(folded.map(\.message) == [message, message.replacingOccurrences(of: "invalid time 'soon'", with: "unknown fit 'squash'")])
    }
}
