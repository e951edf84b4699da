import MediaCore
import Testing

struct MediaTimeArithmeticTests {
    static let plus = MediaTime.positiveInfinity, minus = MediaTime.negativeInfinity
    static let indefinite = MediaTime.indefinite, invalid = MediaTime.invalid

    @Test(arguments: [
        (plus, plus, "+inf"),
        (minus, minus, "-inf"),
        (plus, minus, "invalid"),
        (minus, plus, "invalid"),
        (plus, t(1, 2), "+inf"),
        (t(1, 2), minus, "-inf"),
        (plus, indefinite, "+inf"),
        (indefinite, minus, "-inf"),
        (indefinite, t(1, 2), "indefinite"),
        (t(1, 2), indefinite, "indefinite"),
        (indefinite, indefinite, "indefinite"),
        (invalid, t(1, 2), "invalid"),
        (t(1, 2), invalid, "invalid"),
        (plus, invalid, "invalid"),
        (invalid, indefinite, "invalid"),
    ])
    func addNonNumeric(_ a: MediaTime, _ b: MediaTime, _ expected: String) {
        #expect((a + b).description == expected)
    }

    @Test(arguments: [
        (plus, plus, "invalid"),
        (minus, minus, "invalid"),
        (plus, minus, "+inf"),
        (minus, plus, "-inf"),
        (plus, t(1, 2), "+inf"),
        (minus, t(1, 2), "-inf"),
        // Decision: "similarly infinite" is read as the negated infinity, like IEEE: x - +inf = -inf.
        (t(1, 2), plus, "-inf"),
        (t(1, 2), minus, "+inf"),
        (plus, indefinite, "+inf"),
        (indefinite, plus, "-inf"),
        (indefinite, t(1, 2), "indefinite"),
        (t(1, 2), indefinite, "indefinite"),
        (invalid, plus, "invalid"),
        (t(1, 2), invalid, "invalid"),
    ])
    func subtractNonNumeric(_ a: MediaTime, _ b: MediaTime, _ expected: String) {
        #expect((a - b).description == expected)
    }

    @Test(arguments: [
        (t(1, 4), t(2, 4), "3/4"),                              // same timescale kept, not reduced
        (t(2, 4), t(2, 4), "4/4"),
        (t(1, 2), t(1, 3), "5/6"),                              // LCM
        (t(1, 6), t(1, 4), "5/12"),
        (t(1001, 30000), t(1, 48000), "8013/240000"),
        (t(-1, 2), t(1, 3), "-1/6"),
        // LCM 2 * 0x7fffffff is above the maximum: kCMTimeMaxTimescale with default rounding.
        (t(1, 0x7fff_ffff), t(1, 2), "1073741825/2147483647~"),
        (t(1, 0x7fff_ffff), t(2, 2), "2147483648/2147483647"),  // exact there: no rounding flag
        // Value overflow halves the timescale (default rounding), finally gives an infinity.
        (t(.max, 4), t(.max, 4), "9223372036854775807/2"),
        (t(.max, 3), t(1, 3), "3074457345618258603/1~"),
        (t(.max, 1), t(1, 1), "+inf"),
        (t(.min, 1), t(-1, 1), "-inf"),
        // Rounding flag propagates from either operand.
        (rounded(1, 3), t(1, 3), "2/3~"),
        (t(1, 2), rounded(1, 3), "5/6~"),
    ])
    func add(_ a: MediaTime, _ b: MediaTime, _ expected: String) {
        #expect((a + b).description == expected)
        var sum = a
        sum += b
        #expect(sum.description == expected)
    }

    @Test(arguments: [
        (t(3, 4), t(1, 4), "2/4"),
        (t(1, 2), t(1, 3), "1/6"),
        (t(1, 3), t(1, 2), "-1/6"),
        (t(.min, 1), t(1, 1), "-inf"),
        (t(.max, 1), t(-1, 1), "+inf"),
        (t(.min, 2), t(1, 2), "-4611686018427387905/1~"),
        (rounded(1, 3), t(1, 3), "0/3~"),
    ])
    func subtract(_ a: MediaTime, _ b: MediaTime, _ expected: String) {
        #expect((a - b).description == expected)
        var difference = a
        difference -= b
        #expect(difference.description == expected)
    }

    @Test(arguments: [
        (t(3, 1, epoch: 2), t(1, 1, epoch: 2), true, "4/1"),    // same non-zero epoch gives epoch 0
        (t(3, 1, epoch: 2), t(1, 1, epoch: 2), false, "2/1"),
        (t(3, 1, epoch: 2), t(1, 1), true, "4/1@2"),           // epoch 0 is a duration
        (t(1, 1), t(3, 1, epoch: 2), true, "4/1@2"),
        (t(3, 1, epoch: 2), t(1, 1), false, "2/1@2"),
        (t(1, 1, epoch: 1), t(1, 1, epoch: 2), true, "invalid"), // different non-zero epochs
        (t(1, 1, epoch: 1), t(1, 1, epoch: 2), false, "invalid"),
        (t(1, 1, epoch: 1), MediaTime.positiveInfinity, true, "+inf"), // epochs only matter for numeric times
    ])
    func epochs(_ a: MediaTime, _ b: MediaTime, adding: Bool, _ expected: String) {
        #expect((adding ? a + b : a - b).description == expected)
    }

    @Test(arguments: [
        (t(1, 3), Int32(4), "4/3"),
        (t(1, 3), Int32(-2), "-2/3"),
        (t(5, 7, epoch: 1), Int32(0), "0/7@1"),
        (rounded(1, 3), Int32(2), "2/3~"),
        (t(.max, 1000), Int32(2), "9223372036854775807/500"),   // overflow halves the timescale
        (t(.max, 3), Int32(2), "6148914691236517205/1~"),
        (t(.max, 1), Int32(2), "+inf"),
        (t(.max, 1), Int32(-2), "-inf"),
        (plus, Int32(3), "+inf"),
        (plus, Int32(-3), "-inf"),
        (minus, Int32(-1), "+inf"),
        (plus, Int32(0), "+inf"),                              // "the result will be infinite"
        (indefinite, Int32(2), "indefinite"),
        (invalid, Int32(2), "invalid"),
    ])
    func multiply(_ time: MediaTime, _ multiplier: Int32, _ expected: String) {
        #expect((time * multiplier).description == expected)
    }

    @Test(arguments: [
        (t(1, 3), 1.5, "49152/98304"),          // timescale doubled to 98304 >= 65536
        (t(1, 1), 0.1, "6554/65536~"),
        (t(1, 100_000), 2.0, "2/100000"),       // already above 65536: kept
        (t(3, 2, epoch: 4), 1.0, "98304/65536@4"),
        (rounded(1, 65536), 1.0, "1/65536~"),
        (t(.max, 1), 2.0, "+inf"),
        (t(1, 2), Double.nan, "invalid"),
        (t(1, 2), Double.infinity, "+inf"),
        (t(-1, 2), Double.infinity, "-inf"),
        (t(0, 2), Double.infinity, "invalid"),
        (plus, -0.5, "-inf"),
        (minus, 2.0, "-inf"),
        (indefinite, 2.0, "indefinite"),
        (invalid, 2.0, "invalid"),
    ])
    func multiplyByFloat64(_ time: MediaTime, _ multiplier: Double, _ expected: String) {
        #expect(time.multiplied(byFloat64: multiplier).description == expected)
    }

    @Test(arguments: [
        (t(1, 3), Int64(3), Int64(4), "1/4"),
        (t(2, 3), Int64(1), Int64(-2), "-1/3"),
        (t(1001, 30000), Int64(30000), Int64(1001), "1/1"),
        (t(1, 0x7fff_fffe), Int64(2), Int64(3), "1/2147483647~"), // denominator past the maximum: rounded
        (t(1, 2), Int64(1), Int64(0), "invalid"),
        (plus, Int64(-1), Int64(2), "-inf"),
        (indefinite, Int64(1), Int64(2), "indefinite"),
        (t(.max, 1), Int64.max, Int64(1), "+inf"),
    ])
    func multiplyByRatio(_ time: MediaTime, _ multiplier: Int64, _ divisor: Int64, _ expected: String) {
        #expect(time.multiplied(by: multiplier, dividedBy: divisor).description == expected)
    }

    typealias Method = MediaTime.RoundingMethod

    /// time, new timescale, then the result for each method in the order
    /// halfAwayFromZero, towardZero, awayFromZero, quickTime, towardPositiveInfinity, towardNegativeInfinity.
    @Test(arguments: [
        (t(5, 10), Int32(1), ["1/1~", "0/1~", "1/1~", "0/1~", "1/1~", "0/1~"]),
        (t(-5, 10), Int32(1), ["-1/1~", "0/1~", "-1/1~", "-1/1~", "0/1~", "-1/1~"]),
        (t(4, 10), Int32(1), ["0/1~", "0/1~", "1/1~", "0/1~", "1/1~", "0/1~"]),
        (t(-14, 10), Int32(1), ["-1/1~", "-1/1~", "-2/1~", "-1/1~", "-1/1~", "-2/1~"]),
        (t(6, 10), Int32(1), ["1/1~", "0/1~", "1/1~", "0/1~", "1/1~", "0/1~"]),
        // To a larger timescale QuickTime rounds away from zero.
        (t(1, 3), Int32(10), ["3/10~", "3/10~", "4/10~", "4/10~", "4/10~", "3/10~"]),
        (t(-1, 3), Int32(10), ["-3/10~", "-3/10~", "-4/10~", "-4/10~", "-3/10~", "-4/10~"]),
        // QuickTime never rounds a negative value to 0: -1/newTimescale instead.
        (t(-1, 30), Int32(10), ["0/10~", "0/10~", "-1/10~", "-1/10~", "0/10~", "-1/10~"]),
        // Exact conversions are not marked.
        (t(1, 2), Int32(10), ["5/10", "5/10", "5/10", "5/10", "5/10", "5/10"]),
        (t(30, 60), Int32(2), ["1/2", "1/2", "1/2", "1/2", "1/2", "1/2"]),
        (rounded(1, 2), Int32(4), ["2/4~", "2/4~", "2/4~", "2/4~", "2/4~", "2/4~"]),
    ])
    func convertScale(_ time: MediaTime, _ timescale: Int32, _ expected: [String]) {
        let methods: [Method] = [
            .roundHalfAwayFromZero, .roundTowardZero, .roundAwayFromZero, .quickTime,
            .roundTowardPositiveInfinity, .roundTowardNegativeInfinity,
        ]
        for (method, result) in zip(methods, expected) {
            #expect(time.convertScale(timescale, method: method).description == result, "\(method)")
        }
    }

    @Test func defaultRoundingIsHalfAwayFromZero() {
        #expect(Method.default == .roundHalfAwayFromZero)
        #expect(t(15, 10).convertScale(1).description == "2/1~")
        #expect(t(-15, 10).convertScale(1).description == "-2/1~")
        #expect(Method.allCases.count == 6)
    }

    @Test(arguments: [plus, minus, indefinite, invalid])
    func convertScaleKeepsNonNumeric(_ time: MediaTime) {
        #expect(time.convertScale(600).description == time.description)
    }

    @Test func convertScaleRejectsBadTimescale() {
        #expect(!t(1, 2).convertScale(0).isValid)
        #expect(!t(1, 2).convertScale(-5).isValid)
        #expect(t(1, 2).convertScale(2).description == "1/2")
    }

    @Test func convertScaleOverflowHalvesTheTimescale() {
        #expect(t(.max, 2).convertScale(4).description == "9223372036854775807/2")
        #expect(t(.max, 1).convertScale(2).description == "9223372036854775807/1")
        #expect(t(.max, 3).convertScale(4).description == "6148914691236517205/2~")
    }

    @Test func frameTimesAreExact() {
        // 2700 frames at 30 fps are 90 s: never accumulate floats.
        let frame = FrameRate(30).frameDuration
        var total = MediaTime.zero
        for _ in 0..<2700 { total += frame }
        #expect(total == t(90, 1))
        #expect(FrameRate(30000, 1001).time(ofFrame: 30).description == "30030/30000")
    }
}
