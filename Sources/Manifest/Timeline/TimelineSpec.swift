public import MediaCore
public import YAML

/// The OpenTimelineIO timeline an output was cut from (`timeline: cut.otio`): where it is, what it is called,
/// where its timecode starts and its markers.
public struct TimelineSpec: Sendable, Hashable {
    /// The .otio file as messages name it.
    public var path: String
    /// Its text, for quoting lines under problems found when the job is built (a missing media file).
    public var source: YAMLSource
    /// The timeline's name.
    public var name: String
    /// `global_start_time`: the time of the first frame, nil when the file gives none.
    public var globalStart: MediaTime?
    /// The rate `global_start_time` is counted in.
    public var globalStartRate: FrameRate?
    /// The markers of every enabled item, on the output's timeline, in time order.
    public var markers: [TimelineMarker]
    /// The timeline's duration (OTIO's `duration()`), which the output keeps.
    public var duration: MediaTime
}
