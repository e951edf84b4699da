import Composition
import Foundation
import MediaCore
import Testing

@Suite struct MutableCompositionTests {
    @Test func addMutableTrackPicksTheNextFreeIDOrThePreferredOne() {
        var composition = MutableComposition()
        #expect(composition.addMutableTrack(withMediaType: .video) == 1)
        #expect(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 7) == 7)
        #expect(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 7) == nil)
        #expect(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0) == 8)
        #expect(composition.tracks.map(\.trackID) == [1, 7, 8])
        #expect(composition.tracks(withMediaType: .video).map(\.trackID) == [1, 8])
        #expect(composition.track(withID: 7)?.mediaType == .audio)
        #expect(composition.track(withID: 2) == nil)
    }

    @Test func modifyTrackKeepsChangesAndThrowsForUnknownIDs() throws {
        var composition = MutableComposition()
        let id = composition.addMutableTrack(withMediaType: .video)!
        try composition.modifyTrack(id) { try $0.insertTimeRange(r(0, 3), of: videoSource(), at: .zero) }
        #expect(composition.duration == t(3))
        #expect(thrownMessage { try composition.modifyTrack(9) { _ in } } == "no track with id 9 in the composition")
        let before = composition
        #expect(thrownMessage {
            try composition.modifyTrack(id) { track in
                try track.removeTimeRange(r(0, 1))
                try track.insertTimeRange(r(0, 20), of: videoSource(), at: .zero)
            }
        } != nil)
        #expect(composition == before)
    }

    @Test func durationIsTheLongestTrackAndNaturalSizeTheFirstVideoTracks() throws {
        var composition = MutableComposition()
        #expect(composition.duration == .zero)
        let audio = composition.addMutableTrack(withMediaType: .audio)!
        let video = composition.addMutableTrack(withMediaType: .video)!
        try composition.modifyTrack(audio) { try $0.insertTimeRange(r(0, 8), of: audioSource(), at: .zero) }
        try composition.modifyTrack(video) {
            try $0.insertTimeRange(r(0, 5), of: videoSource(size: Size(width: 1280, height: 720)), at: .zero)
        }
        #expect(composition.duration == t(8))
        #expect(composition.naturalSize == Size(width: 1280, height: 720))
        composition.naturalSize = Size(width: 1080, height: 1920)
        #expect(composition.naturalSize == Size(width: 1080, height: 1920))
        composition.naturalSize = .zero
        #expect(composition.naturalSize == Size(width: 1280, height: 720))
    }

    @Test func insertingAnAssetCreatesOrReusesTracksPerMediaType() throws {
        var composition = MutableComposition()
        var rotated = videoSource("a.mov", seconds: 6)
        rotated.preferredTransform = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1080, ty: 0)
        try composition.insertTimeRange(r(0, 4), of: [rotated, audioSource("a.mov", seconds: 6)], at: .zero)
        try composition.insertTimeRange(r(1, 3), of: [videoSource("b.mov"), audioSource("b.mov")], at: .invalid)
        #expect(composition.tracks.map(\.mediaType) == [.video, .audio])
        #expect(composition.tracks[0].preferredTransform == rotated.preferredTransform)
        #expect(composition.tracks[0].shapes == [seg("a.mov", r(0, 4), r(0, 4)), seg("b.mov", r(1, 3), r(4, 6))])
        #expect(composition.tracks[1].shapes == [seg("a.mov", r(0, 4), r(0, 4)), seg("b.mov", r(1, 3), r(4, 6))])
        #expect(composition.tracks[1].naturalTimeScale == 48000)
    }

    @Test func twoSourcesOfOneTypeGoIntoTwoTracks() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [videoSource("a.mov"), videoSource("b.mov", trackID: 2)], at: .zero)
        #expect(composition.tracks.map(\.trackID) == [1, 2])
        #expect(composition.tracks[1].shapes == [seg("b.mov", r(0, 2), r(0, 2))])
    }

    @Test func insertingAnAssetPushesEveryTrackOutIncludingUntouchedOnes() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 4), of: [videoSource("a.mov"), audioSource("a.mov")], at: .zero)
        try composition.insertTimeRange(r(0, 2), of: [videoSource("b.mov")], at: t(1))
        #expect(composition.tracks[0].shapes == [
            seg("a.mov", r(0, 1), r(0, 1)), seg("b.mov", r(0, 2), r(1, 3)), seg("a.mov", r(1, 4), r(3, 6)),
        ])
        #expect(composition.tracks[1].shapes == [seg("a.mov", r(0, 1), r(0, 1)), gap(r(1, 3)), seg("a.mov", r(1, 4), r(3, 6))])
    }

    @Test func aShortSourceContributesWhatItHas() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 6), of: [videoSource("a.mov", seconds: 6), audioSource("a.mov", seconds: 4)], at: .zero)
        try composition.insertTimeRange(r(0, 1), of: [videoSource("b.mov"), audioSource("b.mov")], at: .invalid)
        #expect(composition.tracks[1].shapes == [seg("a.mov", r(0, 4), r(0, 4)), gap(r(4, 6)), seg("b.mov", r(0, 1), r(6, 7))])
    }

    @Test func compositionWideRemoveInsertEmptyAndScaleApplyToEveryTrack() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 6), of: [videoSource(), audioSource()], at: .zero)
        try composition.removeTimeRange(r(1, 2))
        try composition.insertEmptyTimeRange(r(0, 1))
        try composition.scaleTimeRange(r(1, 6), toDuration: t(10))
        for track in composition.tracks {
            #expect(track.shapes == [gap(r(0, 1)), seg("a.mov", r(0, 1), r(1, 3)), seg("a.mov", r(2, 6), r(3, 11))])
        }
        #expect(composition.duration == t(11))
        try composition.validateSegments()
    }

    @Test func compositionWideEditsCheckArgumentsEvenWithoutTracks() {
        var composition = MutableComposition()
        #expect(thrownMessage { try composition.scaleTimeRange(r(0, 1), toDuration: .invalid) }
            == "'scaleTimeRange' needs a positive numeric duration, got invalid")
        #expect(thrownMessage { try composition.insertTimeRange(r(0, 1), of: [], at: .indefinite) }
            == "'insertTimeRange' needs a numeric, non-negative time, got indefinite")
    }

    @Test func sourceTrackFromAProbedStream() {
        let stream = ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: t(5),
                                  timeBase: t(1, 15360), width: 640, height: 480, frameRate: FrameRate(25))
        let source = SourceTrack(url: media("p.mp4"), stream: stream)
        #expect(source == SourceTrack(url: media("p.mp4"), trackID: 1, mediaType: .video, timeRange: r(0, 5),
                                      naturalSize: Size(width: 640, height: 480), frameRate: FrameRate(25),
                                      naturalTimeScale: 15360))
    }
}
