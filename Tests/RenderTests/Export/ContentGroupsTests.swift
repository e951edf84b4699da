import Composition
import MediaCore
@testable import Render
import Testing

/// An output's frames are grouped by the instruction they show and whether text shows during them, judging only the
/// frames where an instruction or a text layer starts or ends. The groups must be those of judging every frame, at
/// frame rates whose frames do not meet those edges.
struct ContentGroupsTests {
    /// The groups by judging every frame in turn, as the plan did before.
    static func judgingEveryFrame(_ composition: VideoComposition, range: TimeRange, clock: FrameClock,
                                  frameCount: Int64, byText: Bool) -> [Range<Int64>] {
        var groups: [Range<Int64>] = []
        var current: (TimeRange?, Bool)?
        for index in 0..<frameCount {
            let begin = range.start + clock.time(ofFrame: index), end = range.start + clock.time(ofFrame: index + 1)
            let judged = (composition.instruction(at: begin)?.timeRange,
                          byText && composition.textLayers.contains { $0.timeRange.start < end && $0.timeRange.end > begin })
            if let current, current == judged, let last = groups.last {
                groups[groups.count - 1] = last.lowerBound..<index + 1
            } else {
                groups.append(index..<index + 1)
            }
            current = judged
        }
        return groups
    }

    /// A composition with instructions between `edges` (in seconds, consecutive; a nil pair leaves a gap) and text
    /// over `texts`.
    static func composition(frameDuration: MediaTime, edges: [MediaTime], gapAfter: Int? = nil,
                            texts: [(MediaTime, MediaTime)]) -> VideoComposition {
        var instructions: [VideoCompositionInstruction] = []
        for index in 0..<(edges.count - 1) where index != gapAfter {
            instructions.append(VideoCompositionInstruction(timeRange: TimeRange(start: edges[index], end: edges[index + 1])))
        }
        var composition = VideoComposition(renderSize: Size(width: 64, height: 64), frameDuration: frameDuration,
                                           instructions: instructions)
        composition.textLayers = texts.map { TextLayer(text: "t", timeRange: TimeRange(start: $0.0, end: $0.1)) }
        return composition
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var frameDuration: MediaTime
        var start: MediaTime
        var edges: [MediaTime]
        var gapAfter: Int?
        var texts: [(MediaTime, MediaTime)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "30 fps, edges on frames", frameDuration: seconds(1, 30), start: .zero,
             edges: [.zero, seconds(2), seconds(5), seconds(8)], texts: [(seconds(1), seconds(3))]),
        Case(name: "29.97 fps, edges between frames", frameDuration: seconds(1001, 30000), start: .zero,
             edges: [.zero, seconds(7, 3), seconds(51, 10), seconds(8)], texts: [(seconds(11, 10), seconds(31, 10)),
                                                                               (seconds(29, 10), seconds(6))]),
        Case(name: "25 fps from 1.3 s, a gap, text over the gap", frameDuration: seconds(1, 25), start: seconds(13, 10),
             edges: [.zero, seconds(3), seconds(41, 10), seconds(9)], gapAfter: 1,
             texts: [(seconds(37, 10), seconds(43, 10))]),
        Case(name: "text shorter than a frame, at a frame's end", frameDuration: seconds(1, 24), start: .zero,
             edges: [.zero, seconds(4)], texts: [(seconds(1, 23), seconds(1, 22)), (seconds(2), seconds(2))]),
        Case(name: "text before and after the range", frameDuration: seconds(1, 30), start: seconds(1),
             edges: [.zero, seconds(2), seconds(6)], texts: [(.zero, seconds(1, 2)), (seconds(5), seconds(7))]),
    ]

    @Test(arguments: cases)
    func judgingTheEdgesGivesTheGroupsOfEveryFrame(_ row: Case) throws {
        let composition = Self.composition(frameDuration: row.frameDuration, edges: row.edges, gapAfter: row.gapAfter,
                                           texts: row.texts)
        let clock = try FrameClock(frameDuration: row.frameDuration)
        let range = TimeRange(start: row.start, end: seconds(7))
        let frameCount = try clock.frameCount(for: range.duration)
        for byText in [false, true] {
            let expected = Self.judgingEveryFrame(composition, range: range, clock: clock, frameCount: frameCount,
                                                  byText: byText)
            let actual = byText
                ? SegmentPlan.titleGroups(composition, range: range, clock: clock, frameCount: frameCount)
                : SegmentPlan.instructionGroups(composition, range: range, clock: clock, frameCount: frameCount)
            #expect(actual == expected, "byText \(byText)")
            #expect(expected.count > 1)
        }
    }

    @Test func randomEdgesGiveTheGroupsOfEveryFrame() throws {
        var state: UInt64 = 20261206
        func next(_ bound: Int64) -> Int64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int64((state >> 33) % UInt64(bound))
        }
        for _ in 0..<200 {
            let frameDuration = [seconds(1, 30), seconds(1001, 30000), seconds(1, 25), seconds(1001, 24000)][Int(next(4))]
            var edges: [MediaTime] = [.zero]
            while edges.count < 6 { edges.append(edges[edges.count - 1] + seconds(1 + next(3000), 1000)) }
            let texts = (0..<next(4)).map { _ in
                let start = seconds(next(9000), 1000)
                return (start, start + seconds(next(2500), 1000))
            }
            let composition = Self.composition(frameDuration: frameDuration, edges: edges,
                                               gapAfter: next(2) == 0 ? Int(next(5)) : nil, texts: texts)
            let clock = try FrameClock(frameDuration: frameDuration)
            let range = TimeRange(start: seconds(next(2000), 1000), end: seconds(8))
            let frameCount = try clock.frameCount(for: range.duration)
            #expect(SegmentPlan.titleGroups(composition, range: range, clock: clock, frameCount: frameCount)
                    == Self.judgingEveryFrame(composition, range: range, clock: clock, frameCount: frameCount, byText: true))
            #expect(SegmentPlan.instructionGroups(composition, range: range, clock: clock, frameCount: frameCount)
                    == Self.judgingEveryFrame(composition, range: range, clock: clock, frameCount: frameCount, byText: false))
        }
    }
}
