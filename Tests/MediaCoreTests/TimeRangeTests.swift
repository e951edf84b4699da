import Foundation
import MediaCore
import Testing

/// Shorthand for a range in whole seconds.
func r(_ start: Int64, _ duration: Int64) -> TimeRange {
    TimeRange(start: t(start, 1), duration: t(duration, 1))
}

struct TimeRangeTests {
    @Test(arguments: [
        // range, isValid, isEmpty, isIndefinite
        (r(0, 1), true, false, false),
        (r(5, 0), true, true, false),
        (TimeRange(start: t(1, 2), duration: t(0, 600)), true, true, false),
        (r(0, -1), false, false, false),
        (TimeRange(start: .invalid, duration: t(1, 1)), false, false, false),
        (TimeRange(start: t(1, 1), duration: .invalid), false, false, false),
        (TimeRange(start: t(1, 1), duration: t(1, 1, epoch: 1)), false, false, false), // CMTimeRangeMake
        (TimeRange(start: t(1, 1, epoch: 3), duration: t(1, 1)), true, false, false),   // start may have an epoch
        (TimeRange(start: .zero, duration: .positiveInfinity), true, false, false),
        (TimeRange(start: .zero, duration: .indefinite), true, false, true),
        (TimeRange(start: .indefinite, duration: t(1, 1)), true, false, true),
        (TimeRange(start: .zero, duration: .negativeInfinity), false, false, false), // Decision
        (TimeRange.invalid, false, false, false),
        (TimeRange.zero, true, true, false),
        (TimeRange.everything, true, false, false),
    ])
    func classifies(_ range: TimeRange, valid: Bool, empty: Bool, indefinite: Bool) {
        #expect(range.isValid == valid)
        #expect(range.isEmpty == empty)
        #expect(range.isIndefinite == indefinite)
    }

    @Test func durationWithAnEpochSetLaterIsInvalid() {
        var range = r(0, 1)
        range.duration.epoch = 1
        #expect(!range.isValid)
    }

    @Test(arguments: [
        (t(1, 1), t(3, 1), "[1/1, 3/1)"),
        (t(1, 2), t(1, 3), "invalid range"),            // negative duration
        (t(1, 1, epoch: 1), t(3, 1, epoch: 1), "[1/1@1, 3/1@1)"),
        (t(1, 1), t(3, 1, epoch: 1), "invalid range"),   // different epochs
        (t(1, 1, epoch: 1), t(3, 1, epoch: 2), "invalid range"),
        (t(1, 1), MediaTime.positiveInfinity, "[1/1, +inf)"),
    ])
    func fromStartToEnd(_ start: MediaTime, _ end: MediaTime, _ expected: String) {
        #expect(TimeRange(start: start, end: end).description == expected)
    }

    @Test(arguments: [
        (t(1, 1), true), (t(2999, 1000), true), (t(3, 1), false), (t(6, 2), false), (t(999, 1000), false),
        (t(4, 1), false), (MediaTime.invalid, false), (MediaTime.positiveInfinity, false),
    ])
    func isHalfOpen(_ time: MediaTime, _ contained: Bool) {
        let range = r(1, 2)
        #expect(range.contains(time) == contained)
        #expect(!range.contains(range.end))
    }

    @Test func endOfRanges() {
        #expect(r(1, 2).end.description == "3/1")
        #expect(!TimeRange.invalid.end.isValid)
        #expect(TimeRange.everything.end.isPositiveInfinity)
        #expect(!TimeRange.invalid.contains(t(0, 1)))
    }

    @Test(arguments: [
        (r(0, 1), r(3, 1), "[0/1, 4/1)"),          // covers the gap
        (r(3, 1), r(0, 1), "[0/1, 4/1)"),
        (r(0, 4), r(1, 1), "[0/1, 4/1)"),
        (r(0, 2), r(1, 2), "[0/1, 3/1)"),
        (TimeRange(start: t(1, 2), duration: t(1, 3)), r(1, 1), "[1/2, 4/2)"),
        (r(0, 1), TimeRange.everything, "[0/1, +inf)"),
        (r(0, 1), TimeRange.invalid, "invalid range"),
    ])
    func union(_ a: TimeRange, _ b: TimeRange, _ expected: String) {
        #expect(a.union(b).description == expected)
        #expect(b.union(a).description == expected)
    }

    @Test(arguments: [
        (r(0, 3), r(2, 3), "[2/1, 3/1)", false),
        (r(0, 4), r(1, 1), "[1/1, 2/1)", false),
        (r(0, 1), r(3, 1), "[3/1, 3/1)", true),         // disjoint: empty at the later start
        (r(0, 1), r(1, 1), "[1/1, 1/1)", true),         // touching
        (r(0, 2), TimeRange.everything, "[0/1, 2/1)", false),
        (r(0, 1), TimeRange.invalid, "invalid range", false),
        (TimeRange(start: t(0, 1, epoch: 1), duration: t(1, 1)), r(0, 1), "invalid range", false), // epochs differ
    ])
    func intersection(_ a: TimeRange, _ b: TimeRange, _ expected: String, _ empty: Bool) {
        #expect(a.intersection(b).description == expected)
        #expect(b.intersection(a).description == expected)
        #expect(a.intersection(b).isEmpty == empty)
        #expect(a.overlaps(b) == (a.intersection(b).isValid && !empty))
    }

    @Test(arguments: [
        (r(0, 4), r(0, 4), true),                      // Decision: a range contains itself
        (r(0, 4), r(1, 2), true),
        (r(0, 4), r(2, 2), true),
        (r(0, 4), r(3, 2), false),
        (r(1, 4), r(0, 2), false),
        (r(0, 4), r(2, 0), true),
        (r(1, 2), r(0, 4), false),
        (TimeRange.everything, r(100, 5), true),
        (r(0, 4), TimeRange.invalid, false),
        (TimeRange.invalid, r(0, 4), false),
    ])
    func containsRange(_ outer: TimeRange, _ inner: TimeRange, _ expected: Bool) {
        #expect(outer.contains(inner) == expected)
    }

    @Test(arguments: [
        (r(1, 2), t(0, 1), "1/1"),
        (r(1, 2), t(3, 2), "3/2"),
        (r(1, 2), t(3, 1), "3/1"),     // the end, which the range does not contain
        (r(1, 2), t(5, 1), "3/1"),     // after: the end
        (r(1, 2), MediaTime.negativeInfinity, "1/1"),
        (r(1, 2), MediaTime.positiveInfinity, "3/1"),
        (r(1, 0), t(1, 1), "invalid"),  // empty range
        (r(1, 2), MediaTime.invalid, "invalid"),
        (TimeRange.invalid, t(1, 1), "invalid"),
    ])
    func clamp(_ range: TimeRange, _ time: MediaTime, _ expected: String) {
        #expect(range.clamp(time).description == expected)
    }

    @Test(arguments: [
        (t(2, 1), r(0, 4), r(10, 2), "11/1"),
        (t(1, 1), r(0, 3), r(0, 1), "1/3"),
        (t(5, 1), r(4, 2), r(0, 6), "3/1"),
        (t(0, 1), r(4, 2), r(0, 6), "-12/1"),   // outside the source range: extrapolated
        (t(3, 1, epoch: 2), TimeRange(start: t(1, 1, epoch: 2), duration: t(4, 1)), r(10, 8), "14/1"),
        (t(1001, 30000), r(0, 1), TimeRange(start: .zero, duration: t(2, 1)), "1001/15000"),
        (t(1, 1), r(0, 0), r(0, 1), "invalid"),  // empty source
        (t(1, 1), r(0, 2), r(5, 0), "invalid"),  // empty target: CoreMedia returns invalid, not the target's start
        (t(1, 1, epoch: 1), r(0, 2), r(0, 1), "invalid"), // epoch mismatch
        (t(1, 1), TimeRange(start: t(0, 1, epoch: 1), duration: t(2, 1)), r(0, 1), "invalid"),
        (t(1, 1), r(0, 2), TimeRange.invalid, "invalid"),
        (MediaTime.invalid, r(0, 2), r(0, 1), "invalid"),
        // Both durations +inf: offset only.
        (t(5, 1), TimeRange(start: t(1, 1), duration: .positiveInfinity), TimeRange(start: t(10, 1), duration: .positiveInfinity), "14/1"),
        // Decision: other non-numeric durations give indefinite.
        (t(5, 1), TimeRange(start: t(1, 1), duration: .positiveInfinity), r(0, 10), "indefinite"),
        (t(5, 1), r(0, 10), TimeRange(start: .zero, duration: .indefinite), "indefinite"),
    ])
    func map(_ time: MediaTime, _ source: TimeRange, _ target: TimeRange, _ expected: String) {
        #expect(TimeRange.map(time, from: source, to: target).description == expected)
    }

    @Test(arguments: [
        (t(2, 1), r(0, 4), r(10, 2), "1/1"),
        (t(1001, 30000), r(0, 1), r(0, 2), "1001/15000"),
        (t(1, 1), r(7, 3), r(0, 0), "0/1"),              // an empty target scales every duration to zero
        (t(1, 1), r(0, 0), r(0, 1), "invalid"),          // empty source
        (t(1, 1, epoch: 1), r(0, 2), r(0, 1), "invalid"), // a duration lives in epoch 0
        (t(1, 1), TimeRange.invalid, r(0, 1), "invalid"),
        (MediaTime.positiveInfinity, r(0, 2), r(0, 1), "+inf"),
        (t(3, 1), TimeRange(start: .zero, duration: .positiveInfinity), TimeRange(start: t(9, 1), duration: .positiveInfinity), "3/1"),
    ])
    func mapDuration(_ duration: MediaTime, _ source: TimeRange, _ target: TimeRange, _ expected: String) {
        #expect(TimeRange.mapDuration(duration, from: source, to: target).description == expected)
    }

    @Test func mapDoesNotOverflowOnLargeTimescales() {
        let source = TimeRange(start: .zero, duration: t(.max / 2, 0x7fff_fff0))
        let target = TimeRange(start: .zero, duration: t(.max / 3, 0x7fff_ffef))
        let mapped = TimeRange.map(t(.max / 4, 0x7fff_ffee), from: source, to: target)
        #expect(mapped.isNumeric)
        #expect(abs(mapped.seconds - (Double(Int64.max / 4) / Double(0x7fff_ffee)) * (2.0 / 3.0)) < 1)
    }

    @Test func codableRoundTrip() throws {
        let range = TimeRange(start: t(1001, 30000), duration: .positiveInfinity)
        let decoded = try JSONDecoder().decode(TimeRange.self, from: JSONEncoder().encode(range))
        #expect(decoded == range)
    }
}

struct TimeMappingTests {
    @Test(arguments: [
        (r(0, 4), r(10, 2), 2.0),   // source played twice as fast
        (r(0, 2), r(10, 4), 0.5),
        (r(5, 3), r(0, 3), 1.0),
    ])
    func rate(_ source: TimeRange, _ target: TimeRange, _ expected: Double) {
        #expect(TimeMapping(source: source, target: target).rate == expected)
    }

    @Test func sourceTimeMapsTrackTimeBack() {
        let mapping = TimeMapping(source: r(0, 4), target: r(10, 2))
        #expect(!mapping.isEmpty)
        #expect(mapping.sourceTime(forTargetTime: t(11, 1)).description == "2/1")
        #expect(mapping.sourceTime(forTargetTime: t(21, 2)).description == "1/1")
        #expect(mapping.description == "[0/1, 4/1) -> [10/1, 12/1)")
    }

    @Test func emptyEditHasAnInvalidSourceStart() {
        let gap = TimeMapping.empty(r(3, 2))
        #expect(gap.isEmpty)
        #expect(!gap.source.start.isValid)
        #expect(gap.source.duration == t(2, 1))
        #expect(gap.rate == 1)
        #expect(!gap.sourceTime(forTargetTime: t(4, 1)).isValid)
        #expect(gap.description == "empty -> [3/1, 5/1)")
    }
}
