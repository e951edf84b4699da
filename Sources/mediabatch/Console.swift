import Foundation
import MediaCore

/// Where text goes and whether it is coloured: `--color always|never|auto`, where auto colours a terminal unless
/// `NO_COLOR` is set (https://no-color.org) or `TERM` is `dumb`.
struct Console: Sendable {
    /// Whether standard output is coloured.
    let colorsOutput: Bool
    /// Whether standard error is coloured.
    let colorsErrors: Bool

    init(choice: Invocation.ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment) {
        func decide(_ descriptor: Int32) -> Bool {
            switch choice {
            case .always: return true
            case .never: return false
            case .auto:
                if let value = environment["NO_COLOR"], !value.isEmpty { return false }
                return isatty(descriptor) == 1 && environment["TERM"] != "dumb"
            }
        }
        colorsOutput = decide(STDOUT_FILENO)
        colorsErrors = decide(STDERR_FILENO)
    }

    /// SGR styles used.
    enum Style: String {
        case bold = "1", red = "1;31", green = "32", yellow = "33", magenta = "1;35", cyan = "36", dim = "2"
    }

    /// `text` in `style` when `enabled`.
    static func styled(_ text: String, _ style: Style, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Writes `text` and a newline to standard error.
    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` and a newline to standard output.
    func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// A diagnostic in the compiler style, coloured like compilers colour it.
    func format(_ diagnostic: Diagnostic) -> String {
        // Without a place in a file, it is the tool's own message: named as its other errors are.
        let tool = diagnostic.location == nil ? "mediabatch: " : ""
        guard colorsErrors else { return tool + diagnostic.description }
        let parts = diagnostic.displayParts
        var text = tool
        if let location = parts.location { text += Self.styled("\(location):", .bold, enabled: true) + " " }
        let style: Style = switch diagnostic.severity {
        case .error: .red
        case .warning: .magenta
        case .note: .cyan
        }
        text += Self.styled("\(diagnostic.severity.rawValue):", style, enabled: true) + " "
        text += Self.styled(parts.message, .bold, enabled: true)
        if let quote = parts.quote {
            text += "\n" + quote.line + "\n" + Self.styled(quote.caret, .green, enabled: true)
        }
        return text
    }

    /// Prints diagnostics to standard error.
    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { error(format(diagnostic)) }
    }

    /// A status word (`rendered`, `failed`, ...) coloured by what it means, or by what `meaning` means.
    func status(_ word: String, as meaning: String? = nil) -> String {
        guard colorsOutput else { return word }
        switch meaning ?? word {
        case "rendered", "up-to-date", "done": return Self.styled(word, .green, enabled: true)
        case "render": return Self.styled(word, .cyan, enabled: true)
        case "failed", "fail": return Self.styled(word, .red, enabled: true)
        case "skipped", "cancelled", "skip": return Self.styled(word, .yellow, enabled: true)
        default: return word
        }
    }

    /// A usage error: `mediabatch: error: ...`, in red on a colour terminal.
    func usage(_ error: Invocation.UsageError) {
        guard colorsErrors else { return self.error(TerminalText.escaped(error.description, keepingNewlines: true)) }
        let hint = error.description.split(separator: "\n").dropFirst().joined(separator: "\n")
        self.error("mediabatch: " + Self.styled("error:", .red, enabled: true) + " "
                   + TerminalText.escaped(error.message) + "\n" + TerminalText.escaped(hint, keepingNewlines: true))
    }
}
