public import MediaCore

/// A marker of an OpenTimelineIO timeline (or a title written out as one): a named point or range of the output.
public struct TimelineMarker: Sendable, Hashable, Codable {
    /// The marker's name.
    public var name: String
    /// Where it starts and how long it lasts, on the output's timeline (in its item's time while being read).
    public var range: TimeRange
    /// OTIO's colour name (`RED`, `GREEN`, ...).
    public var color: String
    /// The marker's comment (empty when it has none).
    public var comment: String

    /// Creates a marker.
    public init(name: String, range: TimeRange, color: String, comment: String) {
        self.name = name
        self.range = range
        self.color = color
        self.comment = comment
    }
}
