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

    /// Encodes the location, or null for an encoder whose `userInfo` sets `CodingUserInfoKey.leavesOutLocations`.
    public func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[.leavesOutLocations] as? Bool == true {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

extension CodingUserInfoKey {
    /// Set to true, has every `SourceLocation` encode as null: for JSON that identifies what a model does, which
    /// where it was written (a line moved, a manifest named by another path) must not change.
    public static let leavesOutLocations = CodingUserInfoKey(rawValue: "mediabatch.leavesOutLocations")!
}
