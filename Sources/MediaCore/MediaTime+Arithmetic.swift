extension MediaTime {
    /// CMTimeAdd: LCM timescale, overflow halves the timescale, infinities and epochs per SEMANTICS.md A1.
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: false)
    }

    /// CMTimeSubtract: as `+`, with `-inf - -inf` and `+inf - +inf` invalid.
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: true)
    }

    /// Adds in place.
    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }

    /// Subtracts in place.
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    /// CMTimeMultiply: keeps the timescale; on overflow halves it, then gives an infinity.
    public static func * (time: MediaTime, multiplier: Int32) -> MediaTime {
        guard time.isValid else { return .invalid }
        if time.isInfinite {
            if multiplier == 0 { return .invalid }
            return (time.isPositiveInfinity) == (multiplier > 0) ? .positiveInfinity : .negativeInfinity
        }
        if time.isIndefinite { return .indefinite }
        let product = Int128(time.value) * Int128(multiplier)
        return fit(product, timescale: time.timescale, epoch: time.epoch, rounded: time.hasBeenRounded)
    }

    /// CMTimeMultiplyByFloat64: the timescale is first doubled up to at least 65536, then the value is rounded.
    public func multiplied(byFloat64 multiplier: Double) -> MediaTime {
        guard isValid, !multiplier.isNaN else { return .invalid }
        if isInfinite || multiplier.isInfinite {
            if multiplier == 0 || (isNumeric && value == 0) { return .invalid }
            let positive = (isPositiveInfinity || (isNumeric && value > 0)) == (multiplier > 0)
            return positive ? .positiveInfinity : .negativeInfinity
        }
        if isIndefinite { return .indefinite }
        var scale = Int64(timescale)
        while scale < 65536 && scale * 2 <= Int64(MediaTime.maxTimescale) { scale *= 2 }
        let exact = Double(value) * Double(scale) / Double(timescale) * multiplier
        let rounded = exact.rounded(.toNearestOrAwayFromZero)
        guard rounded.magnitude < 1.7e38 else { return rounded > 0 ? .positiveInfinity : .negativeInfinity }
        return MediaTime.fit(Int128(rounded), timescale: Int32(scale), epoch: epoch,
                             rounded: hasBeenRounded || rounded != exact)
    }

    /// CMTimeMultiplyByRatio: `self * multiplier / divisor`, exact where it fits, reduced to lowest terms.
    public func multiplied(by multiplier: Int64, dividedBy divisor: Int64) -> MediaTime {
        guard isValid, divisor != 0 else { return .invalid }
        if isInfinite {
            if multiplier == 0 { return .invalid }
            return isPositiveInfinity == ((multiplier > 0) == (divisor > 0)) ? .positiveInfinity : .negativeInfinity
        }
        if isIndefinite { return .indefinite }
        var numerator = Int128(value) * Int128(multiplier)
        var denominator = Int128(timescale) * Int128(divisor)
        if denominator < 0 { numerator = -numerator; denominator = -denominator }
        return MediaTime.exact(numerator, denominator, epoch: epoch, rounded: hasBeenRounded)
    }

    /// CMTimeConvertScale: the same instant in `newTimescale`, rounded by `method`; non-numeric times pass through.
    public func convertScale(_ newTimescale: Int32, method: RoundingMethod = .default) -> MediaTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let numerator = Int128(value) * Int128(newTimescale)
        let (quotient, inexact) = MediaTime.divide(
            numerator, by: Int128(timescale), method: method, towardLargerTimescale: newTimescale > timescale)
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
            return lhs.isInfinite ? lhs : right
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
        if lhs.timescale == rhs.timescale {
            let sum = Int128(lhs.value) + (subtracting ? -Int128(rhs.value) : Int128(rhs.value))
            return fit(sum, timescale: lhs.timescale, epoch: epoch, rounded: rounded)
        }
        let lcm = leastCommonMultiple(Int128(lhs.timescale), Int128(rhs.timescale))
        if lcm <= Int128(maxTimescale) {
            let left = Int128(lhs.value) * (lcm / Int128(lhs.timescale))
            let rightValue = Int128(rhs.value) * (lcm / Int128(rhs.timescale))
            return fit(left + (subtracting ? -rightValue : rightValue), timescale: Int32(lcm), epoch: epoch, rounded: rounded)
        }
        let a = lhs.convertScale(maxTimescale), b = rhs.convertScale(maxTimescale)
        let sum = Int128(a.value) + (subtracting ? -Int128(b.value) : Int128(b.value))
        return fit(sum, timescale: maxTimescale, epoch: epoch, rounded: true)
    }

    /// `numerator / timescale` as a time, halving the timescale while the value overflows Int64, then ±infinity.
    static func fit(_ numerator: Int128, timescale: Int32, epoch: Int64, rounded: Bool) -> MediaTime {
        if let value = Int64(exactly: numerator) {
            var time = MediaTime(value: value, timescale: timescale, epoch: epoch)
            if rounded { time.flags.insert(.hasBeenRounded) }
            return time
        }
        var scale = timescale
        while scale > 1 {
            scale /= 2
            let (quotient, _) = divide(numerator * Int128(scale), by: Int128(timescale), method: .default, towardLargerTimescale: false)
            if let value = Int64(exactly: quotient) {
                var time = MediaTime(value: value, timescale: scale, epoch: epoch)
                time.flags.insert(.hasBeenRounded)
                return time
            }
        }
        return numerator > 0 ? .positiveInfinity : .negativeInfinity
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
        let (quotient, inexact) = divide(n * Int128(maxTimescale), by: d, method: .default, towardLargerTimescale: false)
        return fit(quotient, timescale: maxTimescale, epoch: epoch, rounded: rounded || inexact)
    }

    /// Integer division of `numerator` by a positive `denominator`, rounded by `method`; says whether it rounded.
    static func divide(_ numerator: Int128, by denominator: Int128, method: RoundingMethod,
                       towardLargerTimescale: Bool) -> (Int128, Bool) {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        guard remainder != 0 else { return (quotient, false) }
        let negative = numerator < 0
        let away = quotient + (negative ? -1 : 1)
        switch method {
        case .roundTowardZero:
            return (quotient, true)
        case .roundAwayFromZero:
            return (away, true)
        case .roundHalfAwayFromZero:
            return (remainder.magnitude * 2 >= denominator.magnitude ? away : quotient, true)
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
        a / Int128(greatestCommonDivisor(a.magnitude, b.magnitude)) * b
    }
}
