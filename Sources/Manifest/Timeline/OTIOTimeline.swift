import MediaCore

/// An OpenTimelineIO `Timeline.1` as read: its name, its stack of tracks and where its timecode starts.
struct OTIOTimeline: Sendable, Hashable {
    /// The timeline's name.
    var name: String
    /// The top-level stack: its tracks, the last on top.
    var tracks: OTIOComposition
    /// `global_start_time`: the time of the timeline's first frame (its record timecode), nil when not given.
    var globalStart: MediaTime?
    /// The rate `global_start_time` is counted in.
    var globalStartRate: FrameRate?
}
