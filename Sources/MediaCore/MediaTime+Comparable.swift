extension MediaTime: Comparable, Hashable {
    /// CMTimeCompare: -inf < finite < indefinite < +inf < invalid; a larger epoch is later; invalid equals invalid.
    public static func compare(_ lhs: MediaTime, _ rhs: MediaTime) -> Int {
        // The common case, two finite times of one epoch, without classifying them first (planning compares
        // millions of times).
        let finite = Flags.valid.rawValue, ignored = ~Flags.hasBeenRounded.rawValue
        if lhs.flags.rawValue & ignored == finite, rhs.flags.rawValue & ignored == finite, lhs.timescale > 0,
           rhs.timescale > 0, lhs.epoch == rhs.epoch {
            if lhs.timescale == rhs.timescale { return lhs.value == rhs.value ? 0 : (lhs.value < rhs.value ? -1 : 1) }
            let left = Int128(lhs.value) * Int128(rhs.timescale)
            let right = Int128(rhs.value) * Int128(lhs.timescale)
            return left == right ? 0 : (left < right ? -1 : 1)
        }
        let (a, b) = (lhs.orderClass, rhs.orderClass)
        if a != b { return a < b ? -1 : 1 }
        guard a == 1 else { return 0 }
        if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
        let left = Int128(lhs.value) * Int128(rhs.timescale)
        let right = Int128(rhs.value) * Int128(lhs.timescale)
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    /// Ordered as `compare`.
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool { compare(lhs, rhs) < 0 }

    /// Equal instants: 1/2 == 2/4; the rounding flag does not matter.
    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool { compare(lhs, rhs) == 0 }

    /// Hashes the reduced fraction, so equal instants hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(orderClass)
        guard orderClass == 1 else { return }
        hasher.combine(epoch)
        let divisor = Int64(MediaTime.greatestCommonDivisor(UInt128(value.magnitude), UInt128(timescale)))
        hasher.combine(value / divisor)
        hasher.combine(Int64(timescale) / divisor)
    }

    /// 0 for -inf, 1 for finite, 2 indefinite, 3 +inf, 4 invalid.
    private var orderClass: Int {
        if !isValid { return 4 }
        if isNegativeInfinity { return 0 }
        if isPositiveInfinity { return 3 }
        if isIndefinite { return 2 }
        return timescale > 0 ? 1 : 4
    }

    /// The earlier of two times.
    public static func minimum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b < a ? b : a }

    /// The later of two times.
    public static func maximum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b > a ? b : a }
}
