public import MediaCore

/// The text a YAML document was parsed from, kept so any layer can quote line N under a diagnostic.
public struct YAMLSource: Sendable, Hashable {
    /// The file's path as the user named it.
    public var file: String
    /// The whole input text (invalid UTF-8 shown as U+FFFD).
    public var text: String

    /// Creates a source from a file name and its text.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// The text of 1-based line `n` without its line break, or nil when the input has no such line.
    ///
    /// Lines end at `\n`, `\r\n` or a lone `\r`, as libyaml counts them.
    public func line(_ n: Int) -> String? {
        guard n >= 1 else { return nil }
        var current = 1
        var start: String.UTF8View.Index? = n == 1 ? text.utf8.startIndex : nil
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                if let start { return String(text[start..<index]) }
                var next = utf8.index(after: index)
                if byte == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                current += 1
                if current == n { start = next }
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        if let start { return String(text[start..<utf8.endIndex]) }
        return nil
    }

    /// A diagnostic-ready location for 1-based `line` and `column` in this source.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
