/// One message about a user's input, located at a `file:line:col`, printed in the compiler style.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How bad the finding is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The input cannot be used.
        case error
        /// The input works but is probably not what was meant.
        case warning
        /// Extra context for a preceding error or warning.
        case note
    }

    /// Where the finding is, if it has a place in a file.
    public var location: SourceLocation?
    /// How bad it is.
    public var severity: Severity
    /// The lowercase message, names in 'quotes', with an optional `; hint` at the end.
    public var message: String
    /// The text of the line at `location`, shown under the message with a caret.
    public var sourceLine: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String, sourceLine: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `path:line:col: error: message`, then the source line and a caret under the column.
    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += "\(severity.rawValue): \(message)"
        if let sourceLine, let location {
            text += "\n" + sourceLine + "\n" + Diagnostic.caretLine(for: sourceLine, column: location.column)
        }
        return text
    }

    /// Spaces up to the column (keeping the line's tabs so the caret lines up), then `^`.
    public static func caretLine(for line: String, column: Int) -> String {
        var caret = ""
        for (index, scalar) in line.unicodeScalars.enumerated() where index < column - 1 {
            caret.append(scalar == "\t" ? "\t" : " ")
        }
        let missing = max(0, column - 1 - line.unicodeScalars.count)
        return caret + String(repeating: " ", count: missing) + "^"
    }
}
