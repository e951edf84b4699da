import Foundation
import MediaCore

/// CoreMedia's half-open time range: MediaCore's `TimeRange`, which follows CMTimeRange's rules.
public typealias CMTimeRange = TimeRange

/// The empty range at zero.
public let kCMTimeRangeZero = CMTimeRange.zero
/// The invalid range.
public let kCMTimeRangeInvalid = CMTimeRange.invalid

extension TimeRange {
    /// Whether `time` lies in `[start, end)`.
    public func containsTime(_ time: CMTime) -> Bool { contains(time) }
    /// Whether `range` lies inside this range.
    public func containsTimeRange(_ range: CMTimeRange) -> Bool { contains(range) }
}

/// A range from a start and a duration; a duration outside epoch 0 gives an invalid range.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

/// The range from `start` up to, not including, `end`.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }

/// `start + duration`, the first time after the range.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }

/// Whether `time` lies in the range (never its end).
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.contains(time) }

/// Whether `otherRange` lies inside `range`.
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
    range.contains(otherRange)
}

/// The smallest range covering both ranges and any gap between them.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }

/// The largest range inside both; disjoint ranges give an empty range at the later start.
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    range.intersection(otherRange)
}

/// Whether two ranges have equal starts and durations.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }

/// `time` moved into `range`: the start if before it, the end (outside the range) if after it; invalid for an
/// empty range.
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime { range.clamp(time) }

/// `(t - fromRange.start) * toRange.duration / fromRange.duration + toRange.start`; invalid if either range is empty.
public func CMTimeMapTimeFromRangeToRange(_ t: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    CMTimeRange.map(t, from: fromRange, to: toRange)
}

/// `dur * toRange.duration / fromRange.duration`; invalid for a duration outside epoch 0.
public func CMTimeMapDurationFromRangeToRange(_ dur: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    CMTimeRange.mapDuration(dur, from: fromRange, to: toRange)
}

/// CoreMedia's text for a range: `{{0/1 = 0.000}, {30/30 = 1.000}}` (start and duration).
public func CMTimeRangeCopyDescription(allocator: Any? = nil, range: CMTimeRange) -> String? {
    "{\(CMTimeCopyDescription(time: range.start) ?? ""), \(CMTimeCopyDescription(time: range.duration) ?? "")}"
}

/// Prints `CMTimeRangeCopyDescription` of the range to standard output.
public func CMTimeRangeShow(_ range: CMTimeRange) {
    print(CMTimeRangeCopyDescription(range: range) ?? "")
}

/// Whether the range is valid: valid start, valid non-negative duration in epoch 0.
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }
/// Whether the range is invalid.
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }
/// Whether the range is valid with an indefinite start or duration.
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }
/// Whether the range is valid with a zero duration.
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }
