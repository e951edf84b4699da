import Composition
import Foundation
import MediaCore
import Testing

@Suite struct CompositionTrackEditingTests {
    let a = videoSource("a.mov", seconds: 10)
    let b = videoSource("b.mov", seconds: 10)

    @Test func firstInsertStartsAtZeroAndLaterOnesAppendAtTheEnd() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(2, 5), of: a, at: .zero)
        try track.insertTimeRange(r(0, 4), of: b, at: .invalid)
        #expect(track.shapes == [seg("a.mov", r(2, 5), r(0, 3)), seg("b.mov", r(0, 4), r(3, 7))])
        #expect(track.timeRange == r(0, 7))
        try track.validateSegments()
    }

    @Test func insertInTheMiddleSplitsTheSegmentAndPushesTheRestOut() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 10), of: a, at: .zero)
        try track.insertTimeRange(r(0, 2), of: b, at: t(4))
        #expect(track.shapes == [
            seg("a.mov", r(0, 4), r(0, 4)), seg("b.mov", r(0, 2), r(4, 6)), seg("a.mov", r(4, 10), r(6, 12)),
        ])
    }

    @Test func insertAtASegmentBoundaryDoesNotSplit() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 3), of: a, at: .zero)
        try track.insertTimeRange(r(3, 6), of: a, at: .invalid)
        try track.insertTimeRange(r(0, 1), of: b, at: t(3))
        #expect(track.shapes == [seg("a.mov", r(0, 3), r(0, 3)), seg("b.mov", r(0, 1), r(3, 4)), seg("a.mov", r(3, 6), r(4, 7))])
    }

    @Test func insertBeyondTheEndFillsTheGapWithAnEmptySegment() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        try track.insertTimeRange(r(0, 1), of: b, at: t(5))
        #expect(track.shapes == [seg("a.mov", r(0, 2), r(0, 2)), gap(r(2, 5)), seg("b.mov", r(0, 1), r(5, 6))])
        try track.validateSegments()
    }

    @Test func insertIntoAnEmptyTrackAtALaterTimeStartsWithAGap() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 1), of: a, at: t(3, 2))
        #expect(track.shapes == [gap(r(t(0), t(3, 2))), seg("a.mov", r(0, 1), r(t(3, 2), t(5, 2)))])
    }

    @Test func insertingAContiguousRangeKeepsTwoSegments() throws {
        // Decision: adjacent segments contiguous in the same source are not merged.
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        try track.insertTimeRange(r(2, 4), of: a, at: .invalid)
        #expect(track.segments.count == 2)
    }

    @Test func insertTakesPropertiesOfTheFirstSourceButNotItsTransform() throws {
        var source = videoSource("a.mov", frameRate: FrameRate(25), size: Size(width: 640, height: 360))
        source.preferredTransform = .scale(x: 2, y: 2)
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        #expect(track.naturalTimeScale == 600)
        try track.insertTimeRange(r(0, 1), of: source, at: .zero)
        try track.insertTimeRange(r(0, 1), of: videoSource("b.mov", frameRate: FrameRate(60)), at: .invalid)
        #expect(track.naturalSize == Size(width: 640, height: 360))
        #expect(track.nominalFrameRate == FrameRate(25))
        #expect(track.preferredTransform == .identity)
    }

    @Test func naturalTimeScaleIsTheFirstNonEmptyEditsOr600() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .audio)
        #expect(track.naturalTimeScale == 600)
        try track.insertTimeRange(r(0, 1), of: audioSource(), at: t(2))
        #expect(track.segments.first?.isEmpty == true)
        #expect(track.naturalTimeScale == 48000)
        track.naturalTimeScale = 44100
        #expect(track.naturalTimeScale == 44100)
        track.naturalTimeScale = 0
        #expect(track.naturalTimeScale == 48000)
    }

    @Test func insertEmptyTimeRangePushesMediaOutAndSplits() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        try track.insertEmptyTimeRange(r(1, 3))
        #expect(track.shapes == [seg("a.mov", r(0, 1), r(0, 1)), gap(r(1, 3)), seg("a.mov", r(1, 4), r(3, 6))])
    }

    @Test func insertEmptyTimeRangeAtOrPastTheEndChangesNothing() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        let before = track
        try track.insertEmptyTimeRange(r(4, 6))
        try track.insertEmptyTimeRange(r(9, 10))
        #expect(track == before)
    }

    @Test func adjacentGapsAreJoined() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 1), of: a, at: t(2))
        try track.insertEmptyTimeRange(r(1, 2))
        #expect(track.shapes == [gap(r(0, 3)), seg("a.mov", r(0, 1), r(3, 4))])
    }

    @Test func removeInsideASegmentSplitsItAndPullsContentIn() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 10), of: a, at: .zero)
        try track.removeTimeRange(r(2, 5))
        #expect(track.shapes == [seg("a.mov", r(0, 2), r(0, 2)), seg("a.mov", r(5, 10), r(2, 7))])
    }

    @Test func removeAcrossSegmentBoundariesTruncatesBothSides() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        try track.insertTimeRange(r(0, 4), of: b, at: .invalid)
        try track.insertTimeRange(r(5, 9), of: a, at: .invalid)
        try track.removeTimeRange(r(3, 9))
        #expect(track.shapes == [seg("a.mov", r(0, 3), r(0, 3)), seg("a.mov", r(6, 9), r(3, 6))])
    }

    @Test func removeThatLeavesAGapAtTheEndTrimsIt() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        try track.insertTimeRange(r(0, 2), of: b, at: t(4))
        try track.removeTimeRange(r(4, 6))
        #expect(track.shapes == [seg("a.mov", r(0, 2), r(0, 2))])
    }

    @Test func removeEverythingKeepsAnEmptyTrack() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        try track.removeTimeRange(r(0, 100))
        #expect(track.segments.isEmpty)
        #expect(track.timeRange == r(0, 0))
    }

    @Test func removeTheLeadingMediaBeforeAGapKeepsNoLeadingGap() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: t(1))
        try track.removeTimeRange(r(0, 1))
        #expect(track.shapes == [seg("a.mov", r(0, 2), r(0, 2))])
    }

    @Test func scaleASingleSegmentChangesItsRate() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        try track.insertTimeRange(r(0, 2), of: b, at: .invalid)
        try track.scaleTimeRange(r(0, 4), toDuration: t(2))
        #expect(track.shapes == [seg("a.mov", r(0, 4), r(0, 2)), seg("b.mov", r(0, 2), r(2, 4))])
        #expect(track.segments.map(\.rate) == [2, 1])
    }

    @Test func scaleARangeSpanningSeveralSegmentsSplitsAtItsEdges() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        try track.insertTimeRange(r(0, 4), of: b, at: .invalid)
        // [2, 6) becomes 8 seconds long: factor 2; the rest of b moves from [6, 8) to [10, 12).
        try track.scaleTimeRange(r(2, 6), toDuration: t(8))
        #expect(track.shapes == [
            seg("a.mov", r(0, 2), r(0, 2)), seg("a.mov", r(2, 4), r(2, 6)),
            seg("b.mov", r(0, 2), r(6, 10)), seg("b.mov", r(2, 4), r(10, 12)),
        ])
        #expect(track.segments.map(\.rate) == [1, 0.5, 0.5, 1])
        try track.validateSegments()
    }

    @Test func scaleToAnIrrationalLookingRatioStaysExact() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 3), of: a, at: .zero)
        try track.insertTimeRange(r(0, 3), of: b, at: .invalid)
        try track.scaleTimeRange(r(0, 6), toDuration: t(1001, 1000))
        let boundary = track.segments[0].targetRange.end
        #expect(boundary == t(1001, 2000))
        #expect(track.endTime == t(1001, 1000))
        #expect(!boundary.hasBeenRounded)
    }

    @Test func scaleAGapScalesItToo() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 1), of: a, at: t(2))
        try track.scaleTimeRange(r(0, 2), toDuration: t(1))
        #expect(track.shapes == [gap(r(0, 1)), seg("a.mov", r(0, 1), r(1, 2))])
    }

    @Test func scaleARangeRunningPastTheEndScalesWhatIsThere() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: a, at: .zero)
        try track.scaleTimeRange(r(2, 6), toDuration: t(2))
        #expect(track.shapes == [seg("a.mov", r(0, 2), r(0, 2)), seg("a.mov", r(2, 4), r(2, 3))])
    }

    @Test func segmentMapsTrackTimesToSourceTimesExactly() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(2, 8), of: a, at: .zero)
        try track.scaleTimeRange(r(0, 6), toDuration: t(3))
        let segment = try #require(track.segment(forTrackTime: t(1)))
        #expect(segment.sourceTime(forTrackTime: t(1)) == t(4))
        #expect(segment.sourceTime(forTrackTime: t(1, 30)) == t(31, 15))
    }

    @Test(arguments: [
        (t(-1), "a.mov"), (.negativeInfinity, "a.mov"), (t(0), "a.mov"), (t(19, 10), "a.mov"),
        (t(2), nil), (t(5, 2), nil), (t(3), "b.mov"), (t(4), "b.mov"), (t(100), "b.mov"), (.positiveInfinity, "b.mov"),
    ] as [(MediaTime, String?)])
    func segmentForTrackTimeIsTheContainingOrClosestSegment(time: MediaTime, expected: String?) throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        try track.insertTimeRange(r(0, 1), of: b, at: t(3))
        let segment = try #require(track.segment(forTrackTime: time))
        #expect(segment.sourceURL?.lastPathComponent == expected)
        #expect(segment.isEmpty == (expected == nil))
    }

    @Test func segmentForTrackTimeIsNilWithoutSegmentsOrForInvalidTimes() throws {
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        #expect(track.segment(forTrackTime: .zero) == nil)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        #expect(track.segment(forTrackTime: .invalid) == nil)
        #expect(track.segment(forTrackTime: .indefinite) == nil)
    }

    @Test func editsWithBadArgumentsThrowAndChangeNothing() throws {
        var track = CompositionTrack(trackID: 3, mediaType: .video)
        try track.insertTimeRange(r(0, 2), of: a, at: .zero)
        let before = track
        let cases: [(String, (inout CompositionTrack) throws -> Void)] = [
            ("'insertTimeRange' needs a numeric, non-negative time, got +inf",
             { try $0.insertTimeRange(r(0, 1), of: a, at: .positiveInfinity) }),
            ("'insertTimeRange' needs a numeric, non-negative time, got -1/1",
             { try $0.insertTimeRange(r(0, 1), of: a, at: t(-1)) }),
            ("'insertTimeRange' needs a valid numeric time range, got invalid range (start invalid, duration invalid)",
             { try $0.insertTimeRange(.invalid, of: a, at: .zero) }),
            ("'removeTimeRange' needs a valid numeric time range, got invalid range (start 0/1, duration -1/1)",
             { try $0.removeTimeRange(TimeRange(start: t(0), duration: t(-1))) }),
            ("'insertEmptyTimeRange' needs a valid numeric time range, got [0/1, +inf)",
             { try $0.insertEmptyTimeRange(.everything) }),
            ("'scaleTimeRange' needs a positive numeric duration, got 0/1",
             { try $0.scaleTimeRange(r(0, 1), toDuration: .zero) }),
            ("'scaleTimeRange' needs a valid numeric time range, got [1/1, 1/1)",
             { try $0.scaleTimeRange(r(1, 1), toDuration: t(2)) }),
            ("track 3: range [5/1, 12/1) is outside track 1 of '/media/a.mov', which has [0/1, 10/1)",
             { try $0.insertTimeRange(r(5, 12), of: a, at: .zero) }),
            ("track 3: cannot insert audio track 2 of '/media/a.mov' into a video track",
             { try $0.insertTimeRange(r(0, 1), of: audioSource(), at: .zero) }),
        ]
        for (message, edit) in cases {
            var copy = track
            #expect(thrownMessage { try edit(&copy) } == message)
            #expect(copy == before)
        }
    }
}

/// A segment of /media/a.mov track 1 playing `source` over `target`.
func mediaSegment(_ source: TimeRange, _ target: TimeRange) -> TrackSegment {
    TrackSegment(sourceURL: media("a.mov"), sourceTrackID: 1, timeMapping: TimeMapping(source: source, target: target))
}

@Suite struct CompositionTrackValidationTests {

    @Test(arguments: [
        ([mediaSegment(r(0, 4), r(0, 4)), mediaSegment(r(0, 1), r(5, 6))],
         "track 2: segment 1 starts at 5/1 but the previous one ends at 4/1"),
        ([mediaSegment(r(0, 4), r(0, 4)), mediaSegment(r(0, 1), r(3, 4))],
         "track 2: segment 1 starts at 3/1 but the previous one ends at 4/1"),
        ([mediaSegment(r(0, 4), r(1, 5))], "track 2: segment 0 starts at 1/1 but the first segment must start at 0"),
        ([mediaSegment(r(0, 4), r(0, 4)), TrackSegment(emptyTimeRange: r(4, 5))],
         "track 2: segment 1 is empty and ends the track; empty ranges cannot go at the end"),
        ([mediaSegment(r(0, 4), r(0, 0))], "track 2: segment 0 has an invalid or empty target range [0/1, 0/1)"),
        ([mediaSegment(r(2, 2), r(0, 1))], "track 2: segment 0 has an invalid or empty source range [2/1, 2/1)"),
        ([mediaSegment(TimeRange(start: .positiveInfinity, duration: t(1)), r(0, 1))],
         "track 2: segment 0 has a source start of +inf; it must be a number"),
        ([mediaSegment(TimeRange(start: t(0), duration: .indefinite), r(0, 1))],
         "track 2: segment 0 has an invalid or empty source range [0/1, indefinite)"),
        ([TrackSegment(emptyTimeRange: r(0, 1)), mediaSegment(r(0, 1), r(1, 2)), mediaSegment(r(1, 2), r(2, 3)),
          mediaSegment(r(0, 1), r(5, 6))], "track 2: segment 3 starts at 5/1 but the previous one ends at 3/1"),
    ] as [([TrackSegment], String)])
    func validationNamesTrackSegmentAndTimes(segments: [TrackSegment], message: String) {
        var track = CompositionTrack(trackID: 2, mediaType: .video)
        #expect(thrownMessage { try track.setSegments(segments) } == message)
        #expect(track.segments.isEmpty)
    }

    @Test func proposedSegmentsAreCheckedWithoutChangingTheTrack() throws {
        // validateTrackSegments:error: judges an array the caller proposes, not the track's own segments.
        var track = CompositionTrack(trackID: 2, mediaType: .video)
        try track.insertTimeRange(r(0, 4), of: videoSource(), at: .invalid)
        let before = track.segments
        #expect(thrownMessage { try track.validateSegments([mediaSegment(r(0, 4), r(1, 5))]) }
                == "track 2: segment 0 starts at 1/1 but the first segment must start at 0")
        try track.validateSegments([TrackSegment(emptyTimeRange: r(0, 1)), mediaSegment(r(0, 2), r(1, 2))])
        #expect(track.segments == before)
    }

    @Test func validSegmentsAreAccepted() throws {
        var track = CompositionTrack(trackID: 2, mediaType: .video)
        let segments = [TrackSegment(emptyTimeRange: r(0, 1)), mediaSegment(r(0, 2), r(1, 2))]
        try track.setSegments(segments)
        #expect(track.segments == segments)
        #expect(track.segments[1].rate == 2)
    }
}
