/// A position in a text file: 1-based line and column, as editors show them.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as the user named it (relative paths stay relative, for readable messages).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column number, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(line):\(column)" }
}
