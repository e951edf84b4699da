import Composition
import Foundation
import MediaCore
import Testing

@Suite struct VideoCompositionTests {
    /// Track 1 plays a.mov over [0, 4), track 2 plays b.mov over [3, 7): a one-second crossfade.
    static func crossfade() throws -> MutableComposition {
        var composition = MutableComposition()
        let first = composition.addMutableTrack(withMediaType: .video)!
        let second = composition.addMutableTrack(withMediaType: .video)!
        try composition.modifyTrack(first) { try $0.insertTimeRange(r(0, 4), of: videoSource("a.mov"), at: .zero) }
        try composition.modifyTrack(second) {
            try $0.insertTimeRange(r(0, 4), of: videoSource("b.mov", frameRate: FrameRate(30000, 1001)), at: t(3))
        }
        return composition
    }

    @Test func overlappingTracksGiveThreeInstructionsFirstTrackOnTop() throws {
        let video = VideoComposition.make(propertiesOf: try Self.crossfade())
        #expect(video.instructions.map(\.timeRange) == [r(0, 3), r(3, 4), r(4, 7)])
        #expect(video.instructions.map(\.trackIDs) == [[1], [1, 2], [2]])
        #expect(video.renderSize == Size(width: 1920, height: 1080))
        #expect(video.backgroundColor == .black)
        #expect(video.problems(for: try Self.crossfade()).isEmpty)
    }

    @Test func frameDurationIsTheGreatestRateAmongSeveralTracks() throws {
        let video = VideoComposition.make(propertiesOf: try Self.crossfade())
        #expect(video.frameDuration == t(1, 30))
    }

    @Test(arguments: [(FrameRate(24000, 1001), t(1001, 24000)), (FrameRate(0, 1), t(1, 30))])
    func frameDurationOfASingleTrackIsItsOwnElse30fps(rate: FrameRate, expected: MediaTime) throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [videoSource(frameRate: rate)], at: .zero)
        #expect(VideoComposition.make(propertiesOf: composition).frameDuration == expected)
    }

    @Test func contiguousSegmentsOfOneTrackShareAnInstructionAndGapsGetAnEmptyOne() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [videoSource("a.mov"), audioSource("a.mov")], at: .zero)
        try composition.insertTimeRange(r(0, 2), of: [videoSource("b.mov"), audioSource("b.mov")], at: .invalid)
        try composition.modifyTrack(1) { try $0.insertEmptyTimeRange(r(3, 4)) }
        try composition.modifyTrack(2) { try $0.insertTimeRange(r(0, 2), of: audioSource("c.mov"), at: .invalid) }
        let video = VideoComposition.make(propertiesOf: composition)
        #expect(video.instructions.map(\.timeRange) == [r(0, 3), r(3, 4), r(4, 5), r(5, 6)])
        #expect(video.instructions.map(\.trackIDs) == [[1], [], [1], []])
        #expect(video.problems(for: composition).isEmpty)
    }

    @Test func noVideoTracksGiveNoInstructions() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [audioSource()], at: .zero)
        let video = VideoComposition.make(propertiesOf: composition)
        #expect(video.instructions.isEmpty)
        #expect(video.frameDuration == t(1, 30))
    }

    static let layers = [LayerInstruction(trackID: 1)]

    static func instructions(_ ranges: [TimeRange]) -> [VideoCompositionInstruction] {
        ranges.map { VideoCompositionInstruction(timeRange: $0, layerInstructions: layers) }
    }

    @Test(arguments: [
        ([r(1, 7)], ["the first instruction starts at 1/1, after 0; [0/1, 1/1) is not covered"]),
        ([r(0, 3), r(4, 7)], ["instruction 1 starts at 4/1 but the previous one ends at 3/1; [3/1, 4/1) is not covered"]),
        ([r(0, 4), r(3, 7)], ["instruction 1 starts at 3/1, before the previous one ends at 4/1; [3/1, 4/1) is covered twice"]),
        ([r(2, 7), r(0, 2)], [
            "the first instruction starts at 2/1, after 0; [0/1, 2/1) is not covered",
            "instruction 1 starts at 0/1, before the previous one starts at 2/1; instructions must go forwards",
        ]),
        ([r(0, 6)], ["the last instruction ends at 6/1, before the composition's duration 7/1; [6/1, 7/1) is not covered"]),
        ([r(0, 3), TimeRange(start: t(3), duration: t(-1)), r(3, 7)],
         ["instruction 1 has an invalid or empty time range invalid range (start 3/1, duration -1/1)"]),
        ([r(0, 3), r(3, 3), r(3, 7)], ["instruction 1 has an invalid or empty time range [3/1, 3/1)"]),
        ([], ["no instructions, but the composition lasts 7/1; [0/1, 7/1) is not covered"]),
        ([r(0, 7)], []),
    ] as [([TimeRange], [String])])
    func validationReportsEveryProblemWithExactTimes(ranges: [TimeRange], messages: [String]) throws {
        let video = VideoComposition(renderSize: Size(width: 640, height: 360), frameDuration: t(1, 25),
                                     instructions: Self.instructions(ranges))
        let composition = try Self.crossfade()
        #expect(video.problems(for: composition).map(\.description) == messages)
        #expect(thrownMessage { try video.validate(for: composition) } == messages.first)
    }

    @Test func validationChecksLayersFrameDurationAndRenderSize() throws {
        let video = VideoComposition(
            renderSize: .zero, frameDuration: .zero,
            instructions: [VideoCompositionInstruction(timeRange: r(0, 7), layerInstructions: [LayerInstruction(trackID: 5)])])
        #expect(video.problems(for: try Self.crossfade()).map(\.description) == [
            "the frame duration must be a positive number, got 0/1",
            "the render size must be positive, got 0x0",
            "instruction 0 has a layer for track 5, which is not in the composition",
        ])
    }

    @Test func instructionAtTimeFindsTheCoveringInstruction() throws {
        let video = VideoComposition.make(propertiesOf: try Self.crossfade())
        #expect(video.instruction(at: t(7, 2))?.trackIDs == [1, 2])
        #expect(video.instruction(at: t(4))?.trackIDs == [2])
        #expect(video.instruction(at: t(7)) == nil)
    }
}
