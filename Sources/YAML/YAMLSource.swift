public import MediaCore

/// The text a YAML document was parsed from, kept so any layer can quote line N under a diagnostic.
public struct YAMLSource: Sendable, Hashable {
    /// The file's path as the user named it.
    public var file: String
    /// The whole input text (invalid UTF-8 shown as U+FFFD).
    public var text: String {
        didSet { index = LineIndex() }
    }
    /// Where lines start, found on first use and shared by copies of this source.
    private var index = LineIndex()

    /// Creates a source from a file name and its text.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Equal when the file name and the text are (the line index is a cache, not part of the value).
    public static func == (a: YAMLSource, b: YAMLSource) -> Bool { a.file == b.file && a.text == b.text }

    /// Hashes the file name and the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(text)
    }

    /// The text of 1-based line `n` without its line break, or nil when the input has no such line.
    ///
    /// Lines end at `\n`, `\r\n` or a lone `\r`, as libyaml counts them.
    public func line(_ n: Int) -> String? {
        withBytes { bytes in
            index.range(ofLine: n, in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// What a diagnostic at `location` quotes: its line, or for a long line the part around the column; nil when
    /// the input has no such line.
    public func excerpt(at location: SourceLocation) -> LineExcerpt? {
        withBytes { bytes in
            index.range(ofLine: location.line, in: bytes).map { index.excerpt(of: $0, column: location.column, in: bytes) }
        }
    }

    /// A diagnostic at `location` quoting its line.
    public func diagnostic(_ severity: Diagnostic.Severity = .error, at location: SourceLocation, _ message: String)
        -> Diagnostic
    {
        Diagnostic(severity, at: location, message, excerpt: excerpt(at: location))
    }

    /// A diagnostic-ready location for 1-based `line` and `column` in this source.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }
}
