import MediaCore

/// OpenTimelineIO's times (`RationalTime` value and rate, written as JSON numbers) as exact media times.
///
/// A rate that is a whole number is taken as it is. A rate within 0.005 of an NTSC rate (n x 1000/1001, so 23.976,
/// 23.98, 29.97, 59.94 and the long forms Python writes, such as 23.976023976023978) is that exact rate
/// (24000/1001 ...). Any other rate is its decimal text taken exactly (12.5 is 25/2), up to 6 decimals. A value is
/// its decimal text taken exactly (up to 9 decimals), and the time is `value / rate`: value 1001 at rate 29.97 is
/// exactly 1001 x 1001/30000 s.
enum OTIOTime {
    /// The exact rate for a rate's JSON text; nil when it is not a positive number that fits.
    static func rate(_ text: String) -> FrameRate? {
        guard let number = Double(text), number.isFinite, number > 0, number < 1_000_000 else { return nil }
        let whole = number.rounded()
        if abs(number - whole) < 1e-9 { return FrameRate(Int32(whole)) }
        let ntsc = (number * 1.001).rounded()
        if ntsc >= 1, abs(number - ntsc / 1.001) < 0.005, abs(ntsc - ntsc.rounded()) < 1e-9 {
            return FrameRate(Int32(ntsc) * 1000, 1001)
        }
        guard let (numerator, denominator) = decimal(text, maxDigits: 6),
              let top = Int32(exactly: numerator), let bottom = Int32(exactly: denominator) else { return nil }
        let divisor = gcd(numerator, denominator)
        return FrameRate(top / Int32(divisor), bottom / Int32(divisor))
    }

    /// `value / rate` seconds, exact; nil when the value is no number or the result does not fit a media time.
    static func time(value text: String, rate: FrameRate) -> MediaTime? {
        guard let (numerator, denominator) = decimal(text, maxDigits: 9) else { return nil }
        // value / rate = (numerator / denominator) x (rate.denominator / rate.numerator)
        let top = numerator.multipliedReportingOverflow(by: Int64(rate.denominator))
        let bottom = denominator.multipliedReportingOverflow(by: Int64(rate.numerator))
        guard !top.overflow, !bottom.overflow else { return nil }
        let divisor = gcd(top.partialValue, bottom.partialValue)
        guard divisor > 0, let timescale = Int32(exactly: bottom.partialValue / divisor) else { return nil }
        return MediaTime(value: top.partialValue / divisor, timescale: timescale)
    }

    /// A decimal numeral (`-12`, `48.0`, `1.5e2`) as an exact fraction with a power-of-ten denominator.
    static func decimal(_ text: String, maxDigits: Int) -> (Int64, Int64)? {
        var mantissa = Substring(text), exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let power = Int(mantissa[mantissa.index(after: e)...]), abs(power) < 19 else { return nil }
            exponent = power
            mantissa = mantissa[..<e]
        }
        let negative = mantissa.hasPrefix("-")
        if negative || mantissa.hasPrefix("+") { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !(whole.isEmpty && parts.count < 2), whole.allSatisfy(\.isASCII) else { return nil }
        var fraction = parts.count > 1 ? parts[1] : ""
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        var digits = String(whole) + fraction, scale = fraction.count - exponent
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), !digits.isEmpty || scale > 0 || !whole.isEmpty else { return nil }
        if digits.isEmpty { digits = "0" }
        while scale < 0 { digits += "0"; scale += 1 }
        guard scale <= maxDigits, var value = Int64(digits) else { return nil }
        if negative { value = -value }
        var denominator: Int64 = 1
        for _ in 0..<scale { denominator *= 10 }
        return (value, denominator)
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (abs(a), abs(b))
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
