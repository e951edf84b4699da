import Foundation
import MediaCore

/// CoreMedia's half-open time range `[start, start + duration)`, laid out as Apple's C struct. Its rules are
/// MediaCore's `TimeRange`, which follows CMTimeRange.h.
public struct CMTimeRange: Sendable, Hashable {
    /// The first time in the range.
    public var start: CMTime
    /// How long the range lasts.
    public var duration: CMTime

    /// The invalid range (both times invalid).
    public init() {
        start = .invalid
        duration = .invalid
    }

    /// A range from a start and a duration; a duration outside epoch 0 gives an invalid range.
    public init(start: CMTime, duration: CMTime) {
        self.init(TimeRange(start: start.native, duration: duration.native))
    }

    /// The range from `start` up to, not including, `end`.
    public init(start: CMTime, end: CMTime) {
        self.init(TimeRange(start: start.native, end: end.native))
    }

    /// The range of MediaCore underneath.
    init(_ native: TimeRange) {
        start = CMTime(native.start)
        duration = CMTime(native.duration)
    }

    /// The same range as MediaCore's value, for the layers below.
    var native: TimeRange { TimeRange(start: start.native, duration: duration.native) }

    /// The empty range at zero.
    public static let zero = CMTimeRange(TimeRange.zero)
    /// The invalid range.
    public static let invalid = CMTimeRange(TimeRange.invalid)

    /// `start + duration`, the first time after the range.
    public var end: CMTime { CMTime(native.end) }
    /// Whether the range is valid: valid start, valid non-negative duration in epoch 0.
    public var isValid: Bool { native.isValid }
    /// Whether the range is valid with a zero duration.
    public var isEmpty: Bool { native.isEmpty }
    /// Whether the range is valid with an indefinite start or duration.
    public var isIndefinite: Bool { native.isIndefinite }

    /// Whether `time` lies in `[start, end)`.
    public func containsTime(_ time: CMTime) -> Bool { native.contains(time.native) }
    /// Whether `range` lies inside this range.
    public func containsTimeRange(_ range: CMTimeRange) -> Bool { native.contains(range.native) }
    /// The smallest range covering both ranges and any gap between them.
    public func union(_ otherRange: CMTimeRange) -> CMTimeRange { CMTimeRange(native.union(otherRange.native)) }
    /// The largest range inside both; disjoint ranges give an empty range at the later start.
    public func intersection(_ otherRange: CMTimeRange) -> CMTimeRange {
        CMTimeRange(native.intersection(otherRange.native))
    }
}

extension CMTimeRange: Codable {
    private enum CodingKeys: String, CodingKey {
        case start, duration
    }

    /// Reads the start and the duration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(CMTime.self, forKey: .start)
        duration = try container.decode(CMTime.self, forKey: .duration)
    }

    /// Writes the start and the duration.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(duration, forKey: .duration)
    }
}
