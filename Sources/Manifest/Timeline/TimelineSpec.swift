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

extension TimelineSpec {
    /// What the job keeps of the timeline for the plan, the report and the export.
    public var summary: TimelineSummary {
        TimelineSummary(path: path, name: name, globalStart: globalStart, globalStartRate: globalStartRate,
                        markers: markers, duration: duration)
    }
}

/// An output's OpenTimelineIO timeline as its job keeps it: name, start timecode and markers.
public struct TimelineSummary: Sendable, Hashable, Codable {
    /// The .otio file as messages name it.
    public var path: String
    /// The timeline's name.
    public var name: String
    /// `global_start_time`, nil when the file gives none.
    public var globalStart: MediaTime?
    /// The rate `global_start_time` is counted in.
    public var globalStartRate: FrameRate?
    /// The markers, on the output's timeline.
    public var markers: [TimelineMarker]
    /// The timeline's duration.
    public var duration: MediaTime

    /// `01:00:00:00` for the start, drop-frame at 29.97 and 59.94 as OpenTimelineIO infers it; nil without one.
    public var startTimecode: String? {
        guard let globalStart, let rate = globalStartRate else { return nil }
        let drop = rate.denominator == 1001 && rate.numerator % 30000 == 0
        return (try? Timecode(time: globalStart, rate: rate, dropFrame: drop))?.description
    }
}
