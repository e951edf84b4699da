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
        line(n, maxBytes: .max)
    }

    /// Line `n`, or nil when there is no such line or it is longer than `maxBytes` (not copied then).
    func line(_ n: Int, maxBytes: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            guard let range = LineScanner.range(ofLine: n, in: bytes), range.count <= maxBytes else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    /// A diagnostic-ready location for 1-based `line` and `column` in this source.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
