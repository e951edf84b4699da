import Foundation
import MediaCore

/// CoreMedia's exact rational time: MediaCore's `MediaTime`, which follows CMTime's rules (flags, epochs, rounding,
/// infinities) to the letter.
public typealias CMTime = MediaTime
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

extension MediaTime {
    /// The time scaled by `multiplier` (CMTimeMultiplyByFloat64).
    public static func * (time: CMTime, multiplier: Float64) -> CMTime { time.multiplied(byFloat64: multiplier) }
    /// The time scaled by `multiplier` (CMTimeMultiplyByFloat64).
    public static func * (multiplier: Float64, time: CMTime) -> CMTime { time.multiplied(byFloat64: multiplier) }
    /// The time multiplied by `multiplier`, keeping its timescale (CMTimeMultiply).
    public static func * (multiplier: Int32, time: CMTime) -> CMTime { time * multiplier }
    /// The time divided by `divisor`, exact where it fits (CMTimeMultiplyByRatio(time, 1, divisor)).
    public static func / (time: CMTime, divisor: Int32) -> CMTime { time.multiplied(by: 1, dividedBy: Int64(divisor)) }
    /// Multiplies in place (CMTimeMultiply).
    public static func *= (time: inout CMTime, multiplier: Int32) { time = time * multiplier }
    /// Scales in place (CMTimeMultiplyByFloat64).
    public static func *= (time: inout CMTime, multiplier: Float64) { time = time.multiplied(byFloat64: multiplier) }
    /// Divides in place.
    public static func /= (time: inout CMTime, divisor: Int32) { time = time / divisor }
}

/// A time of `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// A time of `value / timescale` seconds in `epoch`.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(value: value, timescale: timescale, epoch: epoch)
}

/// `seconds` in `preferredTimescale`, rounded; on overflow the timescale is halved, then the result is an infinity.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The sum of two times.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

/// The difference of two times.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// `time * multiplier` in the time's timescale.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime { time * multiplier }

/// `time * multiplier`, the timescale raised to at least 65536 first.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    time.multiplied(byFloat64: multiplier)
}

/// `time * multiplier / divisor`, exact where it fits.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    time.multiplied(by: Int64(multiplier), dividedBy: Int64(divisor))
}

/// -1, 0 or 1 as `time1` is before, at or after `time2`: -inf < finite < indefinite < +inf < invalid.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { Int32(CMTime.compare(time1, time2)) }

/// The later of two times.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime.maximum(time1, time2) }

/// The earlier of two times.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime.minimum(time1, time2) }

/// The absolute value of a time.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime { time.magnitude }

/// The time in seconds: NaN for invalid or indefinite times, ±infinity for the infinities.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// The same instant in `newTimescale`, rounded by `method`.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
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
