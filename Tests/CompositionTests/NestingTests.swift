import Composition
import Foundation
import MediaCore
import Testing

/// A part of one composition inserted into another plays what it played there, speed changes and gaps included.
@Suite struct NestingTests {
    /// Video: a.mov 0-2 s, a gap of 1 s, b.mov 0-2 s played in 1 s; audio: a.mov 0-4 s.
    func source() throws -> MutableComposition {
        var composition = MutableComposition()
        let video = composition.addMutableTrack(withMediaType: .video)!
        try composition.modifyTrack(video) { track in
            try track.insertTimeRange(r(0, 2), of: videoSource("a.mov"), at: .zero)
            try track.insertTimeRange(r(0, 2), of: videoSource("b.mov"), at: t(3))
            try track.scaleTimeRange(r(3, 5), toDuration: t(1))
        }
        let audio = composition.addMutableTrack(withMediaType: .audio)!
        try composition.modifyTrack(audio) { try $0.insertTimeRange(r(0, 4), of: audioSource("a.mov"), at: .zero) }
        return composition
    }

    @Test func aTrackRangeKeepsItsCutsGapsAndSpeed() throws {
        let other = try source()
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        try track.insertTimeRange(r(1, 4), of: other.tracks[0], at: .zero)
        #expect(track.shapes == [seg("a.mov", r(1, 2), r(0, 1)), gap(r(1, 2)), seg("b.mov", r(0, 2), r(2, 3))])
        #expect(track.naturalSize == Size(width: 1920, height: 1080))
        #expect(thrownMessage { try track.insertTimeRange(r(3, 6), of: other.tracks[0], at: .zero) }
            == thrownMessage { throw CompositionError.invalidTimeRange(operation: "insertTimeRange", range: r(3, 6)) })
        #expect(throws: CompositionError.self) { try track.insertTimeRange(r(0, 1), of: other.tracks[1], at: .zero) }
    }

    @Test func aWholeCompositionGoesIntoTracksOfItsTypesAndPushesTheRest() throws {
        var composition = MutableComposition()
        let video = composition.addMutableTrack(withMediaType: .video)!
        try composition.modifyTrack(video) { try $0.insertTimeRange(r(0, 2), of: videoSource("c.mov"), at: .zero) }
        try composition.insertTimeRange(r(0, 4), of: try source(), at: t(1))
        #expect(composition.tracks.map(\.mediaType) == [.video, .audio])
        #expect(composition.tracks[0].shapes == [
            seg("c.mov", r(0, 1), r(0, 1)), seg("a.mov", r(0, 2), r(1, 3)), gap(r(3, 4)), seg("b.mov", r(0, 2), r(4, 5)),
            seg("c.mov", r(1, 2), r(5, 6)),
        ])
        #expect(composition.tracks[1].shapes == [gap(r(0, 1)), seg("a.mov", r(0, 4), r(1, 5))])
        #expect(composition.duration == t(6))
    }

    /// Every form of insertTimeRange refuses a start before zero or an infinite one with the same error, and appends
    /// at an invalid one.
    @Test(arguments: [MediaTime(value: -1, timescale: 1), .positiveInfinity])
    func everyInsertRefusesAStartBeforeZeroOrInfinite(_ start: MediaTime) throws {
        let other = try source()
        let expected = thrownMessage { throw CompositionError.invalidTime(operation: "insertTimeRange", time: start) }
        var track = CompositionTrack(trackID: 1, mediaType: .video)
        var composition = MutableComposition()
        #expect(thrownMessage { try track.insertTimeRange(r(0, 1), of: videoSource("a.mov"), at: start) } == expected)
        #expect(thrownMessage { try track.insertTimeRange(r(0, 1), of: other.tracks[0], at: start) } == expected)
        #expect(thrownMessage { try composition.insertTimeRange(r(0, 1), of: [videoSource("a.mov")], at: start) }
            == expected)
        #expect(thrownMessage { try composition.insertTimeRange(r(0, 1), of: other, at: start) } == expected)
        try composition.insertTimeRange(r(0, 1), of: other, at: .invalid)
        try composition.insertTimeRange(r(1, 2), of: other, at: .invalid)
        #expect(composition.duration == t(2))
    }
}
