import Foundation
import MediaCore
import Testing

/// Shorthand for an exact time.
func t(_ value: Int64, _ timescale: Int32, epoch: Int64 = 0) -> MediaTime {
    MediaTime(value: value, timescale: timescale, epoch: epoch)
}

/// A numeric time already marked as rounded.
func rounded(_ value: Int64, _ timescale: Int32) -> MediaTime {
    MediaTime(value: value, timescale: timescale, flags: [.valid, .hasBeenRounded], epoch: 0)
}

struct MediaTimeTests {
    @Test(arguments: [
        // time, isValid, isNumeric, isIndefinite, isPositiveInfinity, isNegativeInfinity, isInfinite
        (t(1, 2), true, true, false, false, false, false),
        (MediaTime.zero, true, true, false, false, false, false),
        (MediaTime.invalid, false, false, false, false, false, false),
        (MediaTime(value: 0, timescale: 0, flags: [], epoch: 0), false, false, false, false, false, false),
        (MediaTime(value: 5, timescale: 0), false, false, false, false, false, false),
        (MediaTime(value: 5, timescale: -3), false, false, false, false, false, false),
        (MediaTime(value: 5, timescale: 0, flags: .valid, epoch: 0), false, false, false, false, false, false),
        (MediaTime(value: 5, timescale: 10, flags: [], epoch: 0), false, false, false, false, false, false),
        (MediaTime.positiveInfinity, true, false, false, true, false, true),
        (MediaTime.negativeInfinity, true, false, false, false, true, true),
        (MediaTime.indefinite, true, false, true, false, false, false),
        // Other fields of non-numeric times are ignored.
        (MediaTime(value: 7, timescale: 9, flags: [.valid, .positiveInfinity], epoch: 3), true, false, false, true, false, true),
    ])
    func classifies(_ time: MediaTime, valid: Bool, numeric: Bool, indefinite: Bool, plus: Bool, minus: Bool, infinite: Bool) {
        #expect(time.isValid == valid)
        #expect(time.isNumeric == numeric)
        #expect(time.isIndefinite == indefinite)
        #expect(time.isPositiveInfinity == plus)
        #expect(time.isNegativeInfinity == minus)
        #expect(time.isInfinite == infinite)
    }

    @Test func constantsAreNotComparedByFields() {
        let otherInfinity = MediaTime(value: 42, timescale: 7, flags: [.valid, .positiveInfinity], epoch: 1)
        #expect(otherInfinity == .positiveInfinity)
        #expect(MediaTime(value: 3, timescale: 0) == .invalid)
        #expect(MediaTime.maxTimescale == 0x7fff_ffff)
    }

    @Test func roundingFlagOnlyForNumericTimes() {
        #expect(rounded(1, 3).hasBeenRounded)
        #expect(!t(1, 3).hasBeenRounded)
        #expect(!MediaTime(value: 0, timescale: 0, flags: [.valid, .indefinite, .hasBeenRounded], epoch: 0).hasBeenRounded)
    }

    @Test(arguments: [
        (t(1, 4), 0.25),
        (t(-3, 2, epoch: 5), -1.5),
        (MediaTime.positiveInfinity, Double.infinity),
        (MediaTime.negativeInfinity, -Double.infinity),
    ])
    func seconds(_ time: MediaTime, _ expected: Double) {
        #expect(time.seconds == expected)
    }

    @Test(arguments: [MediaTime.invalid, .indefinite, MediaTime(value: 1, timescale: 0)])
    func secondsOfInvalidOrIndefiniteIsNaN(_ time: MediaTime) {
        #expect(time.seconds.isNaN)
    }

    @Test(arguments: [
        (2.5, Int32(600), "1500/600"),
        (0.5, Int32(2), "1/2"),
        (0.1, Int32(3), "0/3~"),                      // 0.3 rounds to 0
        (-0.75, Int32(2), "-2/2~"),                   // half away from zero
        (1e18, Int32(1000), "7000000000000000000/7"), // 1000 halves to 7 before 1e18 fits
        (1e300, Int32(1), "+inf"),
        (-1e300, Int32(600), "-inf"),
        (1.0, Int32(0), "invalid"),
        (1.0, Int32(-30), "invalid"),
        (Double.nan, Int32(30), "invalid"),
        (Double.infinity, Int32(30), "+inf"),
        (-Double.infinity, Int32(30), "-inf"),
    ])
    func makeWithSeconds(_ seconds: Double, _ timescale: Int32, _ expected: String) {
        #expect(MediaTime(seconds: seconds, preferredTimescale: timescale).description == expected)
    }

    /// Ascending by CMTimeCompare's total order.
    static let ordered: [MediaTime] = [
        .negativeInfinity, t(-1, 1), t(0, 1), t(1, 3), t(1, 2), t(100, 1), t(0, 1, epoch: 1), t(5, 1, epoch: 1),
        t(-9, 1, epoch: 2), .indefinite, .positiveInfinity, .invalid,
    ]

    @Test func compareIsATotalOrder() {
        let times = Self.ordered
        for i in times.indices {
            for j in times.indices {
                let expected = i < j ? -1 : (i == j ? 0 : 1)
                #expect(MediaTime.compare(times[i], times[j]) == expected, "\(times[i]) vs \(times[j])")
                #expect((times[i] < times[j]) == (i < j))
                #expect((times[i] == times[j]) == (i == j))
            }
        }
        #expect(times.shuffled().sorted() == times)
        #expect(MediaTime.compare(.invalid, MediaTime(value: 1, timescale: 0)) == 0)
    }

    @Test func minimumAndMaximum() {
        #expect(MediaTime.minimum(t(1, 2), t(1, 3)).description == "1/3")
        #expect(MediaTime.maximum(t(1, 2), t(1, 3)).description == "1/2")
        #expect(MediaTime.maximum(t(1, 2), .positiveInfinity).isPositiveInfinity)
        #expect(MediaTime.minimum(t(1, 2), .negativeInfinity).isNegativeInfinity)
    }

    @Test(arguments: [
        (t(1, 2), t(2, 4)),
        (t(0, 1), t(0, 600)),
        (t(-3, 9), t(-1, 3)),
        (t(1, 2), rounded(1, 2)),
        (t(6, 4, epoch: 3), t(3, 2, epoch: 3)),
        (MediaTime.positiveInfinity, MediaTime(value: 9, timescale: 1, flags: [.valid, .positiveInfinity], epoch: 0)),
        (MediaTime.invalid, MediaTime(value: 1, timescale: 0)),
    ])
    func equalTimesHashAlike(_ a: MediaTime, _ b: MediaTime) {
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    @Test func differentEpochsAreDifferent() {
        #expect(t(1, 2) != t(1, 2, epoch: 1))
    }

    @Test(arguments: [
        (t(1001, 30000), "1001/30000"),
        (rounded(1, 3), "1/3~"),
        (t(7, 1, epoch: 2), "7/1@2"),
        (t(-5, 2), "-5/2"),
        (MediaTime.positiveInfinity, "+inf"),
        (MediaTime.negativeInfinity, "-inf"),
        (MediaTime.indefinite, "indefinite"),
        (MediaTime.invalid, "invalid"),
    ])
    func codableRoundTrip(_ time: MediaTime, _ text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = try encoder.encode(time)
        #expect(String(decoding: data, as: UTF8.self) == "\"\(text)\"")
        let decoded = try JSONDecoder().decode(MediaTime.self, from: data)
        #expect(decoded.description == text)
        #expect(decoded == time)
        #expect(MediaTime(text)?.description == text)
    }

    @Test(arguments: ["1/0", "1.5/2", "abc", "1/2@x", "", "1/-3"])
    func rejectsBadExactText(_ text: String) {
        #expect(MediaTime(text) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MediaTime.self, from: Data("\"\(text)\"".utf8)) }
    }

    @Test func negationAndMagnitude() {
        #expect((-t(3, 4)).description == "-3/4")
        #expect((-MediaTime.positiveInfinity).isNegativeInfinity)
        #expect((-MediaTime.indefinite).isIndefinite)
        #expect(t(-3, 4).magnitude.description == "3/4")
        #expect(MediaTime.negativeInfinity.magnitude.isPositiveInfinity)
        #expect((-t(.min, 1)).description == "+inf")
        #expect((-t(.min, 2)).description == "4611686018427387904/1")
    }
}
