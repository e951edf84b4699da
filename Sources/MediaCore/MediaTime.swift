/// An exact rational time, `value / timescale` seconds, with CMTime's flags and epoch (docs/semantics.md, Time).
public struct MediaTime: Sendable {
    /// The state bits of a time, as CMTimeFlags.
    public struct Flags: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt32
        /// Creates flags from raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Set on every valid time; an all-zero time is invalid.
        public static let valid = Flags(rawValue: 1 << 0)
        /// Some arithmetic that produced this time had to round.
        public static let hasBeenRounded = Flags(rawValue: 1 << 1)
        /// Positive infinity; value and timescale are ignored.
        public static let positiveInfinity = Flags(rawValue: 1 << 2)
        /// Negative infinity; value and timescale are ignored.
        public static let negativeInfinity = Flags(rawValue: 1 << 3)
        /// Indefinite (unknown, e.g. a live stream's duration); value and timescale are ignored.
        public static let indefinite = Flags(rawValue: 1 << 4)
        /// The bits that make a time non-numeric.
        public static let nonNumeric: Flags = [.positiveInfinity, .negativeInfinity, .indefinite]
    }

    /// How `convertScale` and arithmetic round when the exact result does not fit the timescale.
    public enum RoundingMethod: String, Sendable, Hashable, CaseIterable, Codable {
        /// Round to nearest, halves away from zero (the default).
        case roundHalfAwayFromZero
        /// Truncate.
        case roundTowardZero
        /// Round up in magnitude.
        case roundAwayFromZero
        /// Toward zero when going to a smaller timescale, away from zero to a larger one; never a negative value to 0.
        case quickTime
        /// Ceiling.
        case roundTowardPositiveInfinity
        /// Floor.
        case roundTowardNegativeInfinity

        /// CMTime's default rounding.
        public static let `default` = RoundingMethod.roundHalfAwayFromZero
    }

    /// The numerator.
    public var value: Int64
    /// Units per second; must be > 0 for a valid numeric time.
    public var timescale: Int32
    /// Validity, infinities, indefiniteness and rounding.
    public var flags: Flags
    /// Distinguishes otherwise equal times from different loops of a timeline; 0 for durations.
    public var epoch: Int64

    /// The largest timescale arithmetic may produce (`kCMTimeMaxTimescale`).
    public static let maxTimescale: Int32 = 0x7fff_ffff

    /// A numeric time `value / timescale`; a timescale <= 0 gives `invalid`.
    public init(value: Int64, timescale: Int32, epoch: Int64 = 0) {
        if timescale <= 0 {
            self = .invalid
        } else {
            self.init(value: value, timescale: timescale, flags: .valid, epoch: epoch)
        }
    }

    /// Creates a time from all its fields, unchecked, like filling a CMTime struct.
    public init(value: Int64, timescale: Int32, flags: Flags, epoch: Int64) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `seconds` in `preferredTimescale`, rounded half away from zero; on overflow the timescale is halved down to 1,
    /// then the result is an infinity. A timescale <= 0 or NaN gives `invalid`.
    public init(seconds: Double, preferredTimescale: Int32) {
        guard preferredTimescale > 0, !seconds.isNaN else { self = .invalid; return }
        if seconds.isInfinite { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
        var scale = preferredTimescale
        while true {
            let scaled = seconds * Double(scale)
            let rounded = scaled.rounded(.toNearestOrAwayFromZero)
            if rounded.magnitude < 9.2e18 {
                self.init(value: Int64(rounded), timescale: scale)
                if rounded != scaled { flags.insert(.hasBeenRounded) }
                return
            }
            if scale == 1 { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
            scale /= 2
        }
    }

    /// Zero seconds at timescale 1.
    public static let zero = MediaTime(value: 0, timescale: 1)
    /// The invalid time: all fields zero.
    public static let invalid = MediaTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// Positive infinity.
    public static let positiveInfinity = MediaTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Negative infinity.
    public static let negativeInfinity = MediaTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)
    /// Indefinite.
    public static let indefinite = MediaTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)

    /// The valid flag is set (and, for a numeric time, the timescale is > 0, so a hand-filled `1/0` is invalid).
    public var isValid: Bool { has(.valid) && (timescale > 0 || hasAny(.nonNumeric)) }
    /// Valid and not infinite or indefinite.
    public var isNumeric: Bool { isValid && !hasAny(.nonNumeric) }
    /// Positive infinity.
    public var isPositiveInfinity: Bool { isValid && has(.positiveInfinity) }
    /// Negative infinity.
    public var isNegativeInfinity: Bool { isValid && has(.negativeInfinity) }
    /// Either infinity.
    public var isInfinite: Bool { isPositiveInfinity || isNegativeInfinity }
    /// Indefinite.
    public var isIndefinite: Bool { isValid && !isInfinite && has(.indefinite) }
    /// Some rounding happened on the way to this numeric time (CMTIME_HAS_BEEN_ROUNDED: false for non-numeric times).
    public var hasBeenRounded: Bool { isNumeric && has(.hasBeenRounded) }

    // Bit tests on the raw value: every time comparison asks these, and the generic OptionSet algebra costs tens of
    // calls each in an unoptimised build (planning a long looped timeline spent most of its time there).
    private func has(_ flag: Flags) -> Bool { flags.rawValue & flag.rawValue == flag.rawValue }
    private func hasAny(_ mask: Flags) -> Bool { flags.rawValue & mask.rawValue != 0 }

    /// Seconds as a Double: NaN for invalid or indefinite, ±inf for the infinities.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// Negation; infinities swap, non-numeric times stay as they are.
    public static prefix func - (time: MediaTime) -> MediaTime {
        if time.isPositiveInfinity { return .negativeInfinity }
        if time.isNegativeInfinity { return .positiveInfinity }
        guard time.isNumeric else { return time }
        if time.value == .min { return MediaTime.exact(-Int128(time.value), Int128(time.timescale), epoch: time.epoch, rounded: time.hasBeenRounded) }
        var negated = time
        negated.value = -time.value
        return negated
    }

    /// The absolute value.
    public var magnitude: MediaTime { isNegativeInfinity || (isNumeric && value < 0) ? -self : self }
}
