extension MediaTime {
    /// CMTimeAdd: LCM timescale, overflow halves the timescale, infinities and epochs per docs/semantics.md, Time.
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: false)
    }

    /// CMTimeSubtract: as `+`, with `+inf - +inf` and `-inf - -inf` invalid; `x - +inf` is `-inf` (the negated infinity).
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: true)
    }

    /// Adds in place.
    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }

    /// Subtracts in place.
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    /// CMTimeMultiply: keeps the timescale; on overflow halves it, then gives an infinity.
    /// An infinity stays infinite, its sign flipped by a negative multiplier (`+inf * 0` is `+inf`, as Apple documents).
    public static func * (time: MediaTime, multiplier: Int32) -> MediaTime {
        guard time.isValid else { return .invalid }
        if time.isInfinite { return infinity(positive: time.isPositiveInfinity == (multiplier >= 0)) }
        if time.isIndefinite { return .indefinite }
        let product = Int128(time.value) * Int128(multiplier)
        return fit(product, timescale: time.timescale, epoch: time.epoch, rounded: time.hasBeenRounded)
    }

    /// CMTimeMultiplyByFloat64: the timescale is first doubled up to at least 65536, then the value is rounded
    /// half away from zero. A NaN multiplier, or `0 * ±infinity`, gives invalid.
    public func multiplied(byFloat64 multiplier: Double) -> MediaTime {
        guard isValid, !multiplier.isNaN else { return .invalid }
        if isInfinite { return MediaTime.infinity(positive: isPositiveInfinity == !(multiplier < 0)) }
        if isIndefinite { return .indefinite }
        if multiplier.isInfinite {
            if value == 0 { return .invalid }
            return MediaTime.infinity(positive: (value > 0) == (multiplier > 0))
        }
        var scale = Int64(timescale)
        while scale < 65536 && scale * 2 <= Int64(MediaTime.maxTimescale) { scale *= 2 }
        let exact = Double(value) * Double(scale) / Double(timescale) * multiplier
        let rounded = exact.rounded(.toNearestOrAwayFromZero)
        // Beyond 2^126 no halving could bring the value into Int64 range either.
        guard rounded.magnitude < 0x1p126 else { return MediaTime.infinity(positive: rounded > 0) }
        return MediaTime.fit(Int128(rounded), timescale: Int32(scale), epoch: epoch,
                             rounded: hasBeenRounded || rounded != exact)
    }

    /// CMTimeMultiplyByRatio: `self * multiplier / divisor`, exact where it fits, reduced to lowest terms.
    /// A zero divisor gives invalid; an infinity stays infinite with the sign of the ratio.
    public func multiplied(by multiplier: Int64, dividedBy divisor: Int64) -> MediaTime {
        guard isValid, divisor != 0 else { return .invalid }
        if isInfinite { return MediaTime.infinity(positive: isPositiveInfinity == ((multiplier >= 0) == (divisor > 0))) }
        if isIndefinite { return .indefinite }
        let sign: Int128 = divisor < 0 ? -1 : 1
        return MediaTime.product([Int128(value), Int128(multiplier) * sign],
                                 over: [Int128(timescale), Int128(divisor) * sign],
                                 epoch: epoch, rounded: hasBeenRounded)
    }

    /// CMTimeConvertScale: the same instant in `newTimescale`, rounded by `method`; non-numeric times pass through,
    /// a timescale <= 0 gives invalid.
    public func convertScale(_ newTimescale: Int32, method: RoundingMethod = .default) -> MediaTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let (quotient, inexact) = MediaTime.divide(
            Int128(value), times: Int128(newTimescale), by: Int128(timescale), method: method,
            towardLargerTimescale: newTimescale > timescale)
        return MediaTime.fit(quotient, timescale: newTimescale, epoch: epoch, rounded: hasBeenRounded || inexact)
    }

    // MARK: - Internals

    private static func combine(_ lhs: MediaTime, _ rhs: MediaTime, subtracting: Bool) -> MediaTime {
        guard lhs.isValid, rhs.isValid else { return .invalid }
        let right = subtracting ? -rhs : rhs
        if lhs.isInfinite || right.isInfinite {
            if lhs.isInfinite && right.isInfinite {
                return lhs.isPositiveInfinity == right.isPositiveInfinity ? lhs : .invalid
            }
            return lhs.isInfinite ? infinity(positive: lhs.isPositiveInfinity) : infinity(positive: right.isPositiveInfinity)
        }
        if lhs.isIndefinite || right.isIndefinite { return .indefinite }
        let epoch: Int64
        switch (lhs.epoch, rhs.epoch) {
        case let (a, b) where a == b: epoch = 0
        case (0, let b): epoch = b
        case (let a, 0): epoch = a
        default: return .invalid
        }
        let rounded = lhs.hasBeenRounded || rhs.hasBeenRounded
        let sign: Int128 = subtracting ? -1 : 1
        if lhs.timescale == rhs.timescale {
            let sum = Int128(lhs.value) + sign * Int128(rhs.value)
            return fit(sum, timescale: lhs.timescale, epoch: epoch, rounded: rounded)
        }
        let lcm = leastCommonMultiple(Int128(lhs.timescale), Int128(rhs.timescale))
        if lcm <= Int128(maxTimescale) {
            let left = Int128(lhs.value) * (lcm / Int128(lhs.timescale))
            let rightValue = Int128(rhs.value) * (lcm / Int128(rhs.timescale))
            return fit(left + sign * rightValue, timescale: Int32(lcm), epoch: epoch, rounded: rounded)
        }
        // The exact sum has denominator `lcm`; bring it to the largest timescale with default rounding.
        let left = Int128(lhs.value) * (lcm / Int128(lhs.timescale))
        let rightValue = Int128(rhs.value) * (lcm / Int128(rhs.timescale))
        let (quotient, inexact) = divide(left + sign * rightValue, times: Int128(maxTimescale), by: lcm,
                                         method: .default, towardLargerTimescale: false)
        return fit(quotient, timescale: maxTimescale, epoch: epoch, rounded: rounded || inexact)
    }

    static func infinity(positive: Bool) -> MediaTime { positive ? .positiveInfinity : .negativeInfinity }

    /// `numerator / timescale` as a time, halving the timescale while the value overflows Int64 (default rounding),
    /// then ±infinity.
    static func fit(_ numerator: Int128, timescale: Int32, epoch: Int64, rounded: Bool) -> MediaTime {
        if let value = Int64(exactly: numerator) {
            var time = MediaTime(value: value, timescale: timescale, epoch: epoch)
            if rounded { time.flags.insert(.hasBeenRounded) }
            return time
        }
        var scale = timescale
        while scale > 1 {
            scale /= 2
            let (quotient, inexact) = divide(numerator, times: Int128(scale), by: Int128(timescale),
                                             method: .default, towardLargerTimescale: false)
            if let value = Int64(exactly: quotient) {
                var time = MediaTime(value: value, timescale: scale, epoch: epoch)
                if rounded || inexact { time.flags.insert(.hasBeenRounded) }
                return time
            }
        }
        return infinity(positive: numerator > 0)
    }

    /// The exact rational `numerator / denominator` (denominator > 0) reduced; past the largest timescale it is
    /// rounded to `maxTimescale`.
    static func exact(_ numerator: Int128, _ denominator: Int128, epoch: Int64, rounded: Bool) -> MediaTime {
        let divisor = greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
        let n = divisor > 1 ? numerator / Int128(divisor) : numerator
        let d = divisor > 1 ? denominator / Int128(divisor) : denominator
        if d <= Int128(maxTimescale) {
            return fit(n, timescale: Int32(d), epoch: epoch, rounded: rounded)
        }
        let (quotient, inexact) = divide(n, times: Int128(maxTimescale), by: d, method: .default, towardLargerTimescale: false)
        return fit(quotient, timescale: maxTimescale, epoch: epoch, rounded: rounded || inexact)
    }

    /// The product of `numerators` over the product of positive `denominators`, exact when the cross-reduced products
    /// fit 128 bits; otherwise (only for absurdly large operands) computed in Double and marked as rounded.
    static func product(_ numerators: [Int128], over denominators: [Int128], epoch: Int64, rounded: Bool) -> MediaTime {
        var nums = numerators, dens = denominators
        for i in nums.indices {
            for j in dens.indices {
                let divisor = Int128(greatestCommonDivisor(nums[i].magnitude, dens[j].magnitude))
                if divisor > 1 { nums[i] /= divisor; dens[j] /= divisor }
            }
        }
        var numerator: Int128 = 1, denominator: Int128 = 1, overflow = false
        for factor in nums {
            let (result, over) = numerator.multipliedReportingOverflow(by: factor)
            numerator = result
            overflow = overflow || over
        }
        for factor in dens {
            let (result, over) = denominator.multipliedReportingOverflow(by: factor)
            denominator = result
            overflow = overflow || over
        }
        if !overflow && numerator == 0 { return MediaTime(value: 0, timescale: 1, epoch: epoch) }
        if !overflow { return exact(numerator, denominator, epoch: epoch, rounded: rounded) }
        var seconds = 1.0
        for factor in nums { seconds *= Double(factor) }
        for factor in dens { seconds /= Double(factor) }
        var time = MediaTime(seconds: seconds, preferredTimescale: maxTimescale)
        if time.isNumeric {
            time.epoch = epoch
            time.flags.insert(.hasBeenRounded)
        }
        return time
    }

    /// `numerator * factor / denominator` (both > 0) rounded by `method`, through a 256-bit intermediate so it
    /// cannot overflow when `factor <= denominator`; says whether it rounded.
    static func divide(_ numerator: Int128, times factor: Int128, by denominator: Int128, method: RoundingMethod,
                       towardLargerTimescale: Bool) -> (Int128, Bool) {
        let (quotient, remainder) = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: factor))
        guard remainder != 0 else { return (quotient, false) }
        let negative = remainder < 0
        let away = quotient + (negative ? -1 : 1)
        switch method {
        case .roundTowardZero:
            return (quotient, true)
        case .roundAwayFromZero:
            return (away, true)
        case .roundHalfAwayFromZero:
            return (remainder.magnitude >= denominator.magnitude - remainder.magnitude ? away : quotient, true)
        case .roundTowardPositiveInfinity:
            return (negative ? quotient : away, true)
        case .roundTowardNegativeInfinity:
            return (negative ? away : quotient, true)
        case .quickTime:
            if towardLargerTimescale { return (away, true) }
            return (negative && quotient == 0 ? -1 : quotient, true)
        }
    }

    static func greatestCommonDivisor(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    static func leastCommonMultiple(_ a: Int128, _ b: Int128) -> Int128 {
        // Timescales fit 32 bits: take the divisor in 64-bit arithmetic, which is far cheaper than 128-bit.
        if let x = UInt64(exactly: a.magnitude), let y = UInt64(exactly: b.magnitude) {
            var (p, q) = (x, y)
            while q != 0 { (p, q) = (q, p % q) }
            return p == 0 ? 0 : a / Int128(p) * b
        }
        return a / Int128(greatestCommonDivisor(a.magnitude, b.magnitude)) * b
    }
}
