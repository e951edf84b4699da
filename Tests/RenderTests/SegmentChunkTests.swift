import Composition
import MediaCore
@testable import Render
import Testing

/// Where a capped video's unshared stretches are cut into chunks for encoder lanes (30 fps: 1 s is 30 frames,
/// 20 s is 600).
struct SegmentChunkTests {
    static let intro = SegmentKey(identity: "intro", label: "intro")

    @Test(arguments: [
        // (segment frames, lanes, chunk starts)
        (0..<690, 2, [0, 345]),              // a 23 s body: two halves
        (0..<59, 2, [0]),                    // under 2 s: whole
        (0..<60, 2, [0, 30]),                // 2 s: two chunks of 1 s
        (0..<90, 2, [0, 45]),                // 3 s: two chunks of 1.5 s (not three of 1 s)
        (0..<135, 3, [0, 45, 90]),           // three lanes
        (0..<1300, 2, [0, 325, 650, 975]),   // over 2 x 20 s: four chunks, none over 20 s
        (0..<690, 1, [0]),                   // one lane: the plan as it was
        (60..<150, 2, [60, 105]),            // a body after an intro starts where the intro ends
    ] as [(Range<Int64>, Int, [Int64])])
    func unsharedStretchesAreCutIntoEqualChunks(frames: Range<Int64>, lanes: Int, starts: [Int64]) throws {
        let clock = try FrameClock(frameRate: FrameRate(30))
        let plan = SegmentPlan(segments: [PlannedSegment(frames: frames, key: nil)]).chunked(lanes: lanes, clock: clock)
        #expect(plan.segments.map(\.frames.lowerBound) == starts)
        #expect(plan.segments.last?.frames.upperBound == frames.upperBound)
        #expect(zip(plan.segments, plan.segments.dropFirst()).allSatisfy { $0.frames.upperBound == $1.frames.lowerBound })
    }

    @Test func sharedAndCopiedSegmentsStayWhole() throws {
        let clock = try FrameClock(frameRate: FrameRate(30))
        let segments = [PlannedSegment(frames: 0..<600, key: Self.intro),
                        PlannedSegment(frames: 600..<1200, key: nil, isCopied: true),
                        PlannedSegment(frames: 1200..<1290, key: nil)]
        let plan = SegmentPlan(segments: segments).chunked(lanes: 2, clock: clock)
        #expect(plan.segments == [segments[0], segments[1], PlannedSegment(frames: 1200..<1245, key: nil),
                                  PlannedSegment(frames: 1245..<1290, key: nil)])
    }
}
