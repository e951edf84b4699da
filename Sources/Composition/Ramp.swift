import MediaCore

/// A value changing linearly from `startValue` to `endValue` over `timeRange`; a value set at a time is a flat ramp
/// whose duration is +infinity, meaning "until the next ramp" (SEMANTICS.md A4, A5).
public struct Ramp<Value: RampValue>: Sendable, Hashable, Codable {
    /// The value at `timeRange.start`.
    public var startValue: Value
    /// The value at `timeRange.end` and held afterwards.
    public var endValue: Value
    /// When the ramp runs; an infinite duration marks a value set at a time.
    public var timeRange: TimeRange

    /// Creates a ramp.
    public init(from startValue: Value, to endValue: Value, timeRange: TimeRange) {
        self.startValue = startValue
        self.endValue = endValue
        self.timeRange = timeRange
    }

    /// A flat value from `time` until the next ramp.
    public init(value: Value, at time: MediaTime) {
        self.init(from: value, to: value, timeRange: TimeRange(start: time, duration: .positiveInfinity))
    }

    /// Whether this is a value set at a time rather than a ramp over a range.
    public var isSetValue: Bool { timeRange.duration.isPositiveInfinity }

    /// The value at `time` inside the ramp, interpolated with the exact fraction `(time - start) / duration`.
    public func value(at time: MediaTime) -> Value {
        if isSetValue || startValue == endValue { return startValue }
        return startValue.interpolated(to: endValue, fraction: Ramp.fraction(of: time, in: timeRange))
    }

    /// `(time - start) / duration` computed exactly, converted to Double only at the end; 1 for an empty range.
    static func fraction(of time: MediaTime, in range: TimeRange) -> Double {
        let offset = time - range.start
        let duration = range.duration
        guard offset.isNumeric, duration.isNumeric, duration.value > 0 else { return 1 }
        let numerator = Int128(offset.value) * Int128(duration.timescale)
        let denominator = Int128(offset.timescale) * Int128(duration.value)
        if numerator <= 0 { return 0 }
        if numerator >= denominator { return 1 }
        return Double(numerator) / Double(denominator)
    }
}

/// A ramp as `get…RampForTime:` reports it: its values and its effective range.
public struct RampSpan<Value: RampValue>: Sendable, Hashable {
    /// The value at the start of the range.
    public var startValue: Value
    /// The value at the end of the range.
    public var endValue: Value
    /// The range the ramp is in effect, cut short where the next ramp starts.
    public var timeRange: TimeRange

    /// Creates a span.
    public init(startValue: Value, endValue: Value, timeRange: TimeRange) {
        self.startValue = startValue
        self.endValue = endValue
        self.timeRange = timeRange
    }
}
