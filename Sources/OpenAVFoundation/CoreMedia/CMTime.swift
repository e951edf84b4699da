import Foundation
import MediaCore

/// CoreMedia's exact rational time: `value / timescale` seconds with flags and an epoch, laid out as Apple's C struct.
/// Its arithmetic is MediaCore's `MediaTime`, which follows CMTime.h to the letter; it is a type of its own so that it
/// has exactly CoreMedia's operators (`+`, `-`, `==`, `<` and the rest of `Comparable`) and programs may declare others.
public struct CMTime: Sendable {
    /// The numerator.
    public var value: CMTimeValue
    /// Units per second.
    public var timescale: CMTimeScale
    /// Validity, rounding and the special values.
    public var flags: CMTimeFlags
    /// The epoch; 0 for durations.
    public var epoch: CMTimeEpoch

    /// The invalid time (every field zero).
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    /// A time with these four fields, as given.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds; a timescale of zero or less gives the invalid time.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(MediaTime(value: value, timescale: timescale))
    }

    /// `seconds` in `preferredTimescale`, rounded; on overflow the timescale is halved, then the result is an infinity.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        self.init(MediaTime(seconds: seconds, preferredTimescale: preferredTimescale))
    }

    /// The time of MediaCore underneath.
    init(_ native: MediaTime) {
        self.init(value: native.value, timescale: native.timescale, flags: native.flags, epoch: native.epoch)
    }

    /// The same time as MediaCore's value, for the layers below.
    var native: MediaTime { MediaTime(value: value, timescale: timescale, flags: flags, epoch: epoch) }

    /// Zero seconds.
    public static let zero = CMTime(MediaTime.zero)
    /// The invalid time.
    public static let invalid = CMTime(MediaTime.invalid)
    /// Indefinite (unknown) time.
    public static let indefinite = CMTime(MediaTime.indefinite)
    /// Positive infinity.
    public static let positiveInfinity = CMTime(MediaTime.positiveInfinity)
    /// Negative infinity.
    public static let negativeInfinity = CMTime(MediaTime.negativeInfinity)

    /// Whether the time is valid.
    public var isValid: Bool { native.isValid }
    /// Whether the time is valid and neither infinite nor indefinite.
    public var isNumeric: Bool { native.isNumeric }
    /// Whether the time is indefinite.
    public var isIndefinite: Bool { native.isIndefinite }
    /// Whether the time is positive infinity.
    public var isPositiveInfinity: Bool { native.isPositiveInfinity }
    /// Whether the time is negative infinity.
    public var isNegativeInfinity: Bool { native.isNegativeInfinity }
    /// Whether some arithmetic rounded on the way to this numeric time.
    public var hasBeenRounded: Bool { native.hasBeenRounded }
    /// The time in seconds: NaN for invalid or indefinite times, ±infinity for the infinities.
    public var seconds: Double { native.seconds }

    /// The same instant in `newTimescale`, rounded by `method`.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        CMTime(native.convertScale(newTimescale, method: method))
    }
}

extension CMTime: Comparable, Hashable {
    /// Whether the times are the same instant (`CMTimeCompare` is 0): 1/2 equals 2/4.
    public static func == (time1: CMTime, time2: CMTime) -> Bool { time1.native == time2.native }

    /// Whether `time1` comes first: -inf < numbers < indefinite < +inf < invalid.
    public static func < (time1: CMTime, time2: CMTime) -> Bool { time1.native < time2.native }

    /// Hashes the instant, so equal times hash alike.
    public func hash(into hasher: inout Hasher) { native.hash(into: &hasher) }

    /// The sum (CMTimeAdd).
    public static func + (addend1: CMTime, addend2: CMTime) -> CMTime { CMTime(addend1.native + addend2.native) }

    /// The difference (CMTimeSubtract).
    public static func - (minuend: CMTime, subtrahend: CMTime) -> CMTime { CMTime(minuend.native - subtrahend.native) }
}

extension CMTime: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, timescale, flags, epoch
    }

    /// Reads the four fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(value: try container.decode(CMTimeValue.self, forKey: .value),
                  timescale: try container.decode(CMTimeScale.self, forKey: .timescale),
                  flags: CMTimeFlags(rawValue: try container.decode(UInt32.self, forKey: .flags)),
                  epoch: try container.decode(CMTimeEpoch.self, forKey: .epoch))
    }

    /// Writes the four fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(timescale, forKey: .timescale)
        try container.encode(flags.rawValue, forKey: .flags)
        try container.encode(epoch, forKey: .epoch)
    }
}
