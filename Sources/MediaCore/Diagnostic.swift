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
    /// The text of the line at `location` (or, for a long line, the excerpt around the column), shown under the
    /// message with a caret.
    public var sourceLine: String?
    /// How far left the caret moves because the front of a long line was cut (see `LineExcerpt.shift`).
    public var sourceLineShift = 0

    /// Creates a diagnostic; a long `sourceLine` is kept only around the location's column.
    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String, sourceLine: String? = nil) {
        self.init(severity, at: location, message,
                  excerpt: sourceLine.map { LineExcerpt(line: $0, column: location?.column ?? 1) })
    }

    /// Creates a diagnostic quoting an excerpt already cut around the location's column.
    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String, excerpt: LineExcerpt?) {
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = excerpt?.text
        self.sourceLineShift = excerpt?.shift ?? 0
    }

    /// `path:line:col: error: message`, then the source line and a caret under the column; characters a terminal
    /// would act on are shown as escapes (`\x1B`), the caret stays under the right character, and long quoted values
    /// are cut (`shorteningLongQuotes`).
    public var description: String {
        let parts = displayParts
        var text = parts.location.map { $0 + ": " } ?? ""
        text += "\(severity.rawValue): \(parts.message)"
        if let quote = parts.quote { text += "\n" + quote.line + "\n" + quote.caret }
        return text
    }

    /// The pieces of `description`, each safe to print, for a caller that styles them (colours on a terminal).
    public var displayParts: (location: String?, message: String, quote: (line: String, caret: String)?) {
        var quote: (String, String)?
        if let sourceLine, let location {
            let excerpt = LineExcerpt(line: sourceLine, column: location.column - sourceLineShift)
            let column = location.column - sourceLineShift - excerpt.shift
            quote = (TerminalText.escaped(excerpt.text, keepingTabs: true),
                     Diagnostic.caretLine(for: excerpt.text, column: column))
        }
        return (location.map { TerminalText.escaped($0.description) },
                TerminalText.escaped(Diagnostic.shorteningLongQuotes(in: message)), quote)
    }

    /// Spaces up to the column (keeping the line's tabs so the caret lines up, and as wide as each escaped
    /// character), then `^`.
    public static func caretLine(for line: String, column: Int) -> String {
        var caret = ""
        var count = 0
        for scalar in line.unicodeScalars {
            guard count < column - 1 else { break }
            if scalar == "\t" {
                caret.append("\t")
            } else {
                caret += String(repeating: " ", count: TerminalText.escapedWidth(of: scalar, keepingTabs: true))
            }
            count += 1
        }
        return caret + String(repeating: " ", count: max(0, column - 1 - count)) + "^"
    }
}
