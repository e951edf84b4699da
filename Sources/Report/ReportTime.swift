import MediaCore

/// A media time in a report: seconds for people and tools, plus the exact rational text.
public struct ReportTime: Sendable, Hashable, Codable {
    /// Seconds as a Double.
    public var seconds: Double
    /// The exact `MediaTime` text, e.g. `1001/30000`.
    public var exact: String

    /// Creates a value from both parts.
    public init(seconds: Double, exact: String) {
        self.seconds = seconds
        self.exact = exact
    }

    /// Creates a value from an exact media time.
    public init(_ time: MediaTime) {
        self.init(seconds: time.seconds, exact: time.description)
    }

    /// The exact time, when `exact` parses.
    public var mediaTime: MediaTime? { MediaTime(exact) }
}
