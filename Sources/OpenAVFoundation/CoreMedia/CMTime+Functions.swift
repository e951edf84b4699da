import Foundation
import MediaCore

/// The numerator of a time.
public typealias CMTimeValue = Int64
/// Units per second of a time.
public typealias CMTimeScale = Int32
/// The epoch of a time; 0 for durations.
public typealias CMTimeEpoch = Int64
/// The state bits of a time (`.valid`, `.hasBeenRounded`, `.positiveInfinity`, `.negativeInfinity`, `.indefinite`).
public typealias CMTimeFlags = MediaTime.Flags
/// How conversions and arithmetic round.
public typealias CMTimeRoundingMethod = MediaTime.RoundingMethod

/// Zero seconds.
public let kCMTimeZero = CMTime.zero
/// The invalid time.
public let kCMTimeInvalid = CMTime.invalid
/// Indefinite (unknown) time.
public let kCMTimeIndefinite = CMTime.indefinite
/// Positive infinity.
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
/// Negative infinity.
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity
/// The largest timescale arithmetic produces.
public let kCMTimeMaxTimescale: Int32 = MediaTime.maxTimescale

extension MediaTime.Flags {
    /// The flags that say a time is not a number: `.positiveInfinity`, `.negativeInfinity`, `.indefinite`.
    public static let impliedValueFlagsMask: MediaTime.Flags = .nonNumeric
}

/// A time of `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// A time of `value / timescale` seconds, as Swift 4 spelled it: `CMTimeMake(1, 30)`.
public func CMTimeMake(_ value: Int64, _ timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// A time of `value / timescale` seconds in `epoch`.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(MediaTime(value: value, timescale: timescale, epoch: epoch))
}

/// A time in `epoch`, as Swift 4 spelled it.
public func CMTimeMakeWithEpoch(_ value: Int64, _ timescale: Int32, _ epoch: Int64) -> CMTime {
    CMTimeMakeWithEpoch(value: value, timescale: timescale, epoch: epoch)
}

/// `seconds` in `preferredTimescale`, rounded; on overflow the timescale is halved, then the result is an infinity.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// `seconds` in `preferredTimescale`, as Swift 4 spelled it: `CMTimeMakeWithSeconds(2.5, 600)`.
public func CMTimeMakeWithSeconds(_ seconds: Float64, _ preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The sum of two times.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

/// The difference of two times.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// `time * multiplier` in the time's timescale.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime { CMTime(time.native * multiplier) }

/// `time * multiplier`, as Swift 4 spelled it.
public func CMTimeMultiply(_ time: CMTime, _ multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }

/// `time * multiplier`, the timescale raised to at least 65536 first.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    CMTime(time.native.multiplied(byFloat64: multiplier))
}

/// `time * multiplier`, as Swift 4 spelled it.
public func CMTimeMultiplyByFloat64(_ time: CMTime, _ multiplier: Float64) -> CMTime {
    CMTimeMultiplyByFloat64(time, multiplier: multiplier)
}

/// `time * multiplier / divisor`, exact where it fits.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    CMTime(time.native.multiplied(by: Int64(multiplier), dividedBy: Int64(divisor)))
}

/// `time * multiplier / divisor`, as Swift 4 spelled it.
public func CMTimeMultiplyByRatio(_ time: CMTime, _ multiplier: Int32, _ divisor: Int32) -> CMTime {
    CMTimeMultiplyByRatio(time, multiplier: multiplier, divisor: divisor)
}

/// -1, 0 or 1 as `time1` is before, at or after `time2`: -inf < finite < indefinite < +inf < invalid.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { Int32(MediaTime.compare(time1.native, time2.native)) }

/// The later of two times.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime(MediaTime.maximum(time1.native, time2.native)) }

/// The earlier of two times.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime(MediaTime.minimum(time1.native, time2.native)) }

/// The absolute value of a time.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime { CMTime(time.native.magnitude) }

/// The time in seconds: NaN for invalid or indefinite times, ±infinity for the infinities.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// The same instant in `newTimescale`, rounded by `method`.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// The same instant in `newTimescale`, as Swift 4 spelled it.
public func CMTimeConvertScale(_ time: CMTime, _ newTimescale: Int32, _ method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// CoreMedia's text for a time: `{1/30 = 0.033}`, `{INVALID}`, `{+INFINITY}`, `{-INFINITY}` or `{INDEFINITE}`.
public func CMTimeCopyDescription(allocator: Any? = nil, time: CMTime) -> String? {
    if !time.isValid { return "{INVALID}" }
    if time.isPositiveInfinity { return "{+INFINITY}" }
    if time.isNegativeInfinity { return "{-INFINITY}" }
    if time.isIndefinite { return "{INDEFINITE}" }
    var text = "\(time.value)/\(time.timescale) = \(String(format: "%.3f", time.seconds))"
    if time.hasBeenRounded { text += ", rounded" }
    if time.epoch != 0 { text += ", epoch \(time.epoch)" }
    return "{" + text + "}"
}

/// Prints `CMTimeCopyDescription` of the time to standard output.
public func CMTimeShow(_ time: CMTime) {
    print(CMTimeCopyDescription(time: time) ?? "")
}

/// Whether the time is valid.
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }
/// Whether the time is invalid.
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }
/// Whether the time is valid and neither infinite nor indefinite.
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }
/// Whether the time is indefinite.
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }
/// Whether the time is positive infinity.
public func CMTIME_IS_POSITIVE_INFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
/// Whether the time is negative infinity.
public func CMTIME_IS_NEGATIVE_INFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
/// Whether some arithmetic rounded on the way to this numeric time.
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }
