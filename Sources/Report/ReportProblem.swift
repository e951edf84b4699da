public import MediaCore

/// One located message of a failure: a problem (`error`) or a note that explains the one before it.
public struct ReportProblem: Sendable, Hashable, Codable {
    /// `error` or `note`.
    public var severity: String
    /// One line of text, as the terminal prints it after the location.
    public var message: String
    /// Where in a manifest (or a data table) it is, when it has a place.
    public var location: SourceLocation?

    /// Creates a problem; `message` is folded onto one line.
    public init(severity: String, message: String, location: SourceLocation?) {
        self.severity = severity
        self.message = ReportText.oneLine(message)
        self.location = location
    }

    /// `file:line:col: severity: message`, or without the place when it has none.
    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(severity): \(message)"
    }
}
