import Foundation
import MediaCore

/// The empty range at zero.
public let kCMTimeRangeZero = CMTimeRange.zero
/// The invalid range.
public let kCMTimeRangeInvalid = CMTimeRange.invalid

/// A range from a start and a duration; a duration outside epoch 0 gives an invalid range.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

/// A range from a start and a duration, as Swift 4 spelled it: `CMTimeRangeMake(kCMTimeZero, duration)`.
public func CMTimeRangeMake(_ start: CMTime, _ duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

/// The range from `start` up to, not including, `end`.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }

/// The range from `start` up to `end`, as Swift 4 spelled it.
public func CMTimeRangeFromTimeToTime(_ start: CMTime, _ end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }

/// `start + duration`, the first time after the range.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }

/// Whether `time` lies in the range (never its end).
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }

/// Whether `time` lies in the range, as Swift 4 spelled it.
public func CMTimeRangeContainsTime(_ range: CMTimeRange, _ time: CMTime) -> Bool { range.containsTime(time) }

/// Whether `otherRange` lies inside `range`.
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
    range.containsTimeRange(otherRange)
}

/// The smallest range covering both ranges and any gap between them.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }

/// The union, as Swift 4 spelled it.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, _ otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }

/// The largest range inside both; disjoint ranges give an empty range at the later start.
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    range.intersection(otherRange)
}

/// The intersection, as Swift 4 spelled it.
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, _ otherRange: CMTimeRange) -> CMTimeRange {
    range.intersection(otherRange)
}

/// Whether two ranges have equal starts and durations.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }

/// `time` moved into `range`: the start if before it, the end (outside the range) if after it; invalid for an
/// empty range.
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime { CMTime(range.native.clamp(time.native)) }

/// `time` moved into `range`, as Swift 4 spelled it.
public func CMTimeClampToRange(_ time: CMTime, _ range: CMTimeRange) -> CMTime { CMTimeClampToRange(time, range: range) }

/// `(t - fromRange.start) * toRange.duration / fromRange.duration + toRange.start`; invalid if either range is empty.
public func CMTimeMapTimeFromRangeToRange(_ t: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    CMTime(TimeRange.map(t.native, from: fromRange.native, to: toRange.native))
}

/// `t` mapped from `fromRange` to `toRange`, as Swift 4 spelled it.
public func CMTimeMapTimeFromRangeToRange(_ t: CMTime, _ fromRange: CMTimeRange, _ toRange: CMTimeRange) -> CMTime {
    CMTimeMapTimeFromRangeToRange(t, fromRange: fromRange, toRange: toRange)
}

/// `dur * toRange.duration / fromRange.duration`; invalid for a duration outside epoch 0.
public func CMTimeMapDurationFromRangeToRange(_ dur: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    CMTime(TimeRange.mapDuration(dur.native, from: fromRange.native, to: toRange.native))
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
