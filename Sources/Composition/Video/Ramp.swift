import MediaCore

/// A value changing from `startValue` to `endValue` over `timeRange`, linearly unless `timingFunction` shapes it; a
/// value set at a time is a flat ramp whose duration is +infinity, meaning "until the next ramp"
/// (docs/semantics.md, "Ramps").
public struct Ramp<Value: RampValue>: Sendable, Hashable {
    /// The value at `timeRange.start`.
    public var startValue: Value
    /// The value at `timeRange.end` and held afterwards.
    public var endValue: Value
    /// When the ramp runs; an infinite duration marks a value set at a time.
    public var timeRange: TimeRange
    /// How progress follows time inside the range; `linear` (AVFoundation's ramps) by default.
    public var timingFunction: TimingFunction

    /// Creates a ramp, linear unless `timingFunction` says otherwise.
    public init(from startValue: Value, to endValue: Value, timeRange: TimeRange,
                timingFunction: TimingFunction = .linear) {
        self.startValue = startValue
        self.endValue = endValue
        self.timeRange = timeRange
        self.timingFunction = timingFunction
    }

    /// A flat value from `time` until the next ramp.
    public init(value: Value, at time: MediaTime) {
        self.init(from: value, to: value, timeRange: TimeRange(start: time, duration: .positiveInfinity))
    }

    /// Whether this is a value set at a time rather than a ramp over a range.
    public var isSetValue: Bool { timeRange.duration.isPositiveInfinity }

    /// The value at `time` inside the ramp: the exact fraction `(time - start) / duration` shaped by the timing
    /// function, then interpolated.
    public func value(at time: MediaTime) -> Value {
        if isSetValue || startValue == endValue { return startValue }
        let progress = timingFunction.progress(Ramp.fraction(of: time, in: timeRange))
        return startValue.interpolated(to: endValue, fraction: progress)
    }

    /// `(time - start) / duration` computed exactly, converted to Double only at the end; 1 for an empty range.
    public static func fraction(of time: MediaTime, in range: TimeRange) -> Double {
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
    /// How the ramp's progress follows time.
    public var timingFunction: TimingFunction

    /// Creates a span.
    public init(startValue: Value, endValue: Value, timeRange: TimeRange, timingFunction: TimingFunction = .linear) {
        self.startValue = startValue
        self.endValue = endValue
        self.timeRange = timeRange
        self.timingFunction = timingFunction
    }
}

extension Ramp: Codable {
    private enum CodingKeys: String, CodingKey {
        case startValue, endValue, timeRange, timingFunction
    }

    /// Decodes a ramp; a missing timing function is linear, so JSON written before eased ramps still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startValue = try container.decode(Value.self, forKey: .startValue)
        endValue = try container.decode(Value.self, forKey: .endValue)
        timeRange = try container.decode(TimeRange.self, forKey: .timeRange)
        timingFunction = try container.decodeIfPresent(TimingFunction.self, forKey: .timingFunction) ?? .linear
    }

    /// Encodes a ramp; a linear one leaves its timing function out, so linear ramps keep their JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(startValue, forKey: .startValue)
        try container.encode(endValue, forKey: .endValue)
        try container.encode(timeRange, forKey: .timeRange)
        if timingFunction != .linear { try container.encode(timingFunction, forKey: .timingFunction) }
    }
}
