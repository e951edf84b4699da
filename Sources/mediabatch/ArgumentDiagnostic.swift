import Foundation
import MediaBatch
import MediaCore

/// An error about a command-line value, shown like a manifest error: the message, then the command line with a
/// caret under the value at fault. Arguments are escaped as manifest text is (`--only $'\e[31m*'` shows
/// `\x1B[31m*`), and the caret counts the escaped text.
enum ArgumentDiagnostic {
    /// The text for `error` about `arguments` (without the program name).
    static func text(_ error: PlanArgumentError, arguments: [String], console: Console) -> String {
        var line = "mediabatch"
        var caret: Int?
        for (index, argument) in arguments.enumerated() {
            let shown = TerminalText.escaped(quoted(argument))
            let start = line.count + 1
            line += " " + shown
            guard caret == nil, let value = error.values.first else { continue }
            if argument == value, index > 0, arguments[index - 1] == error.option {
                caret = start
            } else if argument == "\(error.option)=\(value)" {
                caret = start + TerminalText.escaped(error.option).count + 1
            }
        }
        let heading = "mediabatch: " + Console.styled("error:", .red, enabled: console.colorsErrors) + " "
            + TerminalText.escaped(error.message)
        guard let caret else { return heading }
        let marker = Console.styled(String(repeating: " ", count: caret + 2) + "^", .green, enabled: console.colorsErrors)
        return heading + "\n  " + line + "\n" + marker
    }

    /// An argument as a shell would need it typed: in single quotes when it holds anything but plain characters.
    static func quoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@+%".contains($0) }
        return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
