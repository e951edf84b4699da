/// Maps a source range onto a target range of a track (CMTimeMapping); an invalid source start is an empty edit.
public struct TimeMapping: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The range in the source media; `source.start` is invalid for an empty edit.
    public var source: TimeRange
    /// The range on the track's timeline.
    public var target: TimeRange

    /// Creates a mapping.
    public init(source: TimeRange, target: TimeRange) {
        self.source = source
        self.target = target
    }

    /// An empty edit (a gap) covering `target`.
    public static func empty(_ target: TimeRange) -> TimeMapping {
        TimeMapping(source: TimeRange(start: .invalid, duration: target.duration), target: target)
    }

    /// Whether this is an empty edit.
    public var isEmpty: Bool { !source.start.isValid }

    /// The playback rate, `source.duration / target.duration` (1 for an empty edit).
    public var rate: Double {
        guard !isEmpty, target.duration.seconds > 0 else { return 1 }
        return source.duration.seconds / target.duration.seconds
    }

    /// The source time played at track time `time`, exact; invalid for empty edits.
    public func sourceTime(forTargetTime time: MediaTime) -> MediaTime {
        isEmpty ? .invalid : TimeRange.map(time, from: target, to: source)
    }

    /// `source -> target`.
    public var description: String { "\(isEmpty ? "empty" : source.description) -> \(target)" }
}
