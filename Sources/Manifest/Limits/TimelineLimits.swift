public import MediaCore

/// How long one output may last and how many times a looped soundtrack may repeat in it, per manifest
/// (`limits: { duration: 48:00:00, loops: 50000 }`). Both are checked when a job is built, before any track is
/// filled, so a forgotten unit (`to: 2147483647`) or a source whose header claims a 41 µs length is a positioned
/// error instead of hours of planning or a render that never ends.
public struct TimelineLimits: Sendable, Hashable {
    /// The default longest output: 24 hours.
    public static let defaultDuration = MediaTime(value: 24 * 3600, timescale: 1)
    /// The default most repetitions of a looped soundtrack.
    public static let defaultLoops = 10_000
    /// The largest `limits.duration` a manifest may set: 30 days.
    public static let maxDuration = MediaTime(value: 30 * 24 * 3600, timescale: 1)
    /// The largest `limits.loops` a manifest may set.
    public static let maxLoops = 10_000_000

    /// The longest an output may last.
    public var duration: MediaTime
    /// The most times a looped soundtrack may be laid into one output.
    public var loops: Int

    /// Limits of `duration` and `loops`.
    public init(duration: MediaTime = Self.defaultDuration, loops: Int = Self.defaultLoops) {
        self.duration = duration
        self.loops = loops
    }
}
