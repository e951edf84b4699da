/// The manifest's time syntax (docs/manifest.md): reading `2.5s`, `1500ms`, `00:01:02.500`, `90f`, `1001/30000`,
/// plain seconds and SMPTE timecode into exact `MediaTime`s, and printing times back.
///
/// Decimals are read exactly from their digits (`0.1s` is 1/10), to at most nanosecond resolution.
/// A leading `-` is an error unless the caller passes `allowsNegative` (offsets, not durations or positions).
public enum TimeSyntax {
    /// Reads one manifest time.
    ///
    /// - `2.5s`, `1500ms`, `3`, `2.5`: decimal seconds or milliseconds, exact, reduced (`2.5s` is 5/2).
    /// - `1001/30000`: an exact rational kept as written.
    /// - `01:02.5`, `00:01:02.500`: `mm:ss` or `hh:mm:ss` with optional decimals; minutes and seconds below 60.
    /// - `90f`: frames at `frameRate`, `90 * frameDuration`.
    /// - `00:01:00:12`: non-drop SMPTE timecode at `frameRate`; `00:01:00;02`: drop-frame at `frameRate`, or at
    ///   30000/1001 when no rate is given.
    public static func parse(_ text: String, frameRate: FrameRate? = nil,
                             allowsNegative: Bool = false) throws(TimeSyntaxError) -> MediaTime {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative {
            body = body.dropFirst()
            // "-" alone or "--1s" is no time at all; report that before the sign.
            guard let first = body.first, first.isASCII, first.isNumber else { throw .invalid(text: text) }
            guard allowsNegative else { throw .negativeNotAllowed(text: text) }
        }
        let time = try parseMagnitude(body, text: text, frameRate: frameRate)
        return negative ? -time : time
    }

    /// The exact manifest text of `time`, which `parse` reads back as an equal time: `2.5s`, `0s`, `-0.1s`, or the
    /// reduced rational `1001/30000` when no short decimal is exact. Non-numeric or non-zero-epoch times print their
    /// `description` (`+inf`, `indefinite`, `invalid`, `7/1@2`), which `parse` rejects.
    public static func format(_ time: MediaTime) -> String {
        guard time.isNumeric, time.epoch == 0 else { return time.description }
        let magnitude = time.value.magnitude
        let divisor = UInt64(MediaTime.greatestCommonDivisor(UInt128(magnitude), UInt128(time.timescale)))
        let (numerator, denominator) = (magnitude / divisor, UInt64(time.timescale) / divisor)
        let sign = time.value < 0 ? "-" : ""
        guard let places = decimalPlaces(of: denominator) else { return "\(sign)\(numerator)/\(denominator)" }
        return sign + decimalText(UInt128(numerator), over: UInt128(denominator), places: places) + "s"
    }

    /// A short human reading of `time` for plans and reports, rounded to milliseconds: `2.5s`, `0.033s`, `1m02.5s`,
    /// `1h00m05s`; non-numeric times print `+inf`, `-inf`, `indefinite` or `invalid`.
    public static func humanReadable(_ time: MediaTime) -> String {
        guard time.isNumeric else { return time.description }
        let (milliseconds, _) = MediaTime.divide(Int128(time.value), times: 1000, by: Int128(time.timescale),
                                                 method: .default, towardLargerTimescale: false)
        let sign = milliseconds < 0 ? "-" : ""
        let total = milliseconds.magnitude
        let (wholeSeconds, millis) = total.quotientAndRemainder(dividingBy: 1000)
        let seconds = decimalText(wholeSeconds % 60 * 1000 + millis, over: 1000, places: 3)
        if wholeSeconds < 60 { return sign + seconds + "s" }
        let paddedSeconds = wholeSeconds % 60 < 10 ? "0" + seconds : seconds
        let minutes = wholeSeconds / 60 % 60
        if wholeSeconds < 3600 { return "\(sign)\(minutes)m\(paddedSeconds)s" }
        return "\(sign)\(wholeSeconds / 3600)h\(minutes < 10 ? "0" : "")\(minutes)m\(paddedSeconds)s"
    }

    /// The SMPTE timecode text of the frame containing `time` at `frameRate`: `00:01:00:12`, or `00:01:00;02` with
    /// `dropFrame`.
    public static func formatTimecode(_ time: MediaTime, frameRate: FrameRate,
                                      dropFrame: Bool) throws(TimeSyntaxError) -> String {
        try Timecode(time: time, rate: frameRate, dropFrame: dropFrame).description
    }

    // MARK: - Reading

    private static let ntscDropFrameRate = FrameRate(30000, 1001)

    private static func parseMagnitude(_ body: Substring, text: String,
                                       frameRate: FrameRate?) throws(TimeSyntaxError) -> MediaTime {
        guard !body.isEmpty else { throw .invalid(text: text) }
        if body.contains(";") || body.split(separator: ":", omittingEmptySubsequences: false).count == 4 {
            let timecode = try Timecode(String(body))
            if timecode.isDropFrame { return try timecode.time(at: frameRate ?? ntscDropFrameRate) }
            guard let frameRate else { throw .timecodeNeedsFrameRate(text: text) }
            return try timecode.time(at: frameRate)
        }
        if body.contains(":") { return try clock(body, text: text) }
        if body.hasSuffix("ms") { return try decimal(body.dropLast(2), text: text, extraPlaces: 3) }
        if body.hasSuffix("s") { return try decimal(body.dropLast(), text: text) }
        if body.hasSuffix("f") {
            let count = try integer(body.dropLast(), text: text)
            guard let frameRate, frameRate.isValid else { throw .framesNeedFrameRate(text: text) }
            let value = Int128(count) * Int128(frameRate.denominator)
            guard let exact = Int64(exactly: value) else { throw .outOfRange(text: text) }
            return MediaTime(value: exact, timescale: frameRate.numerator)
        }
        if let slash = body.firstIndex(of: "/") {
            let numerator = try integer(body[..<slash], text: text)
            let denominatorDigits = body[body.index(after: slash)...]
            _ = try integer(denominatorDigits, text: text, limitError: .invalidDenominator(text: text))
            guard let denominator = Int32(denominatorDigits), denominator > 0 else { throw .invalidDenominator(text: text) }
            return MediaTime(value: numerator, timescale: denominator)
        }
        return try decimal(body, text: text)
    }

    /// `mm:ss[.fff]` or `hh:mm:ss[.fff]`.
    private static func clock(_ body: Substring, text: String) throws(TimeSyntaxError) -> MediaTime {
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { throw .invalid(text: text) }
        var wholeSeconds: Int64 = 0
        for (index, field) in fields.dropLast().enumerated() {
            let number = try integer(field, text: text)
            if index == 1 && number >= 60 { throw .fieldOutOfRange(text: text, field: "minutes", limit: 60) }
            let (scaled, overflow) = wholeSeconds.multipliedReportingOverflow(by: 60)
            let (sum, overflow2) = scaled.addingReportingOverflow(number)
            guard !overflow, !overflow2 else { throw .outOfRange(text: text) }
            wholeSeconds = sum
        }
        let (integerDigits, fractionDigits) = try decimalParts(fields[fields.count - 1], text: text)
        let seconds = try integer(integerDigits, text: text)
        if seconds >= 60 { throw .fieldOutOfRange(text: text, field: "seconds", limit: 60) }
        let (scaled, overflow) = wholeSeconds.multipliedReportingOverflow(by: 60)
        guard !overflow else { throw .outOfRange(text: text) }
        return try exactDecimal(whole: scaled, plus: seconds, fraction: fractionDigits, extraPlaces: 0, text: text)
    }

    /// Decimal seconds (or thousandths with `extraPlaces: 3`), exact and reduced.
    private static func decimal(_ body: Substring, text: String, extraPlaces: Int = 0) throws(TimeSyntaxError) -> MediaTime {
        let (integerDigits, fractionDigits) = try decimalParts(body, text: text)
        let whole = try integer(integerDigits, text: text)
        return try exactDecimal(whole: 0, plus: whole, fraction: fractionDigits, extraPlaces: extraPlaces, text: text)
    }

    /// `(whole + plus + 0.fraction) / 10^extraPlaces` seconds as a reduced exact time.
    private static func exactDecimal(whole: Int64, plus: Int64, fraction: Substring, extraPlaces: Int,
                                     text: String) throws(TimeSyntaxError) -> MediaTime {
        var fraction = fraction
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        let places = fraction.count + extraPlaces
        guard places <= 9 else { throw .tooPrecise(text: text) }
        var power: Int128 = 1
        for _ in 0..<fraction.count { power *= 10 }
        let numerator = (Int128(whole) + Int128(plus)) * power + Int128(fraction.isEmpty ? 0 : Int64(fraction)!)
        var scale: Int128 = power
        for _ in 0..<extraPlaces { scale *= 10 }
        guard Int64(exactly: numerator) != nil else { throw .outOfRange(text: text) }
        return MediaTime.exact(numerator, scale, epoch: 0, rounded: false)
    }

    /// Splits `12.500` into `12` and `500`; both parts must be digits, the integer part non-empty.
    private static func decimalParts(_ body: Substring, text: String) throws(TimeSyntaxError) -> (Substring, Substring) {
        guard let dot = body.firstIndex(of: ".") else { return (body, "") }
        let fraction = body[body.index(after: dot)...]
        guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .invalid(text: text) }
        return (body[..<dot], fraction)
    }

    /// A non-empty run of ASCII digits as an Int64.
    private static func integer(_ digits: Substring, text: String,
                                limitError: TimeSyntaxError? = nil) throws(TimeSyntaxError) -> Int64 {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .invalid(text: text) }
        guard let number = Int64(digits) else { throw limitError ?? .outOfRange(text: text) }
        return number
    }

    // MARK: - Printing

    /// The decimal places needed for `1/denominator` when it is `2^a 5^b` with at most 9 places.
    private static func decimalPlaces(of denominator: UInt64) -> Int? {
        var rest = denominator, twos = 0, fives = 0
        while rest % 2 == 0 { rest /= 2; twos += 1 }
        while rest % 5 == 0 { rest /= 5; fives += 1 }
        let places = max(twos, fives)
        return rest == 1 && places <= 9 ? places : nil
    }

    /// `numerator / denominator` written with `places` decimals, trailing zeros dropped (`5/2` -> `2.5`).
    private static func decimalText(_ numerator: UInt128, over denominator: UInt128, places: Int) -> String {
        var power: UInt128 = 1
        for _ in 0..<places { power *= 10 }
        let scaled = numerator * (power / denominator)
        let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: power)
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
