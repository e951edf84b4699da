public import MediaCore

/// A marker of the OpenTimelineIO timeline an output was cut from, on the output's timeline.
public struct ReportMarker: Sendable, Hashable, Codable {
    /// The marker's name.
    public var name: String
    /// Where it is.
    public var at: ReportTime
    /// How long it lasts (0 for a point).
    public var duration: ReportTime
    /// OpenTimelineIO's colour name.
    public var color: String
    /// Its comment, empty when it has none.
    public var comment: String

    /// Creates a marker.
    public init(name: String, at: MediaTime, duration: MediaTime, color: String, comment: String) {
        self.name = name
        self.at = ReportTime(at)
        self.duration = ReportTime(duration)
        self.color = color
        self.comment = comment
    }
}
