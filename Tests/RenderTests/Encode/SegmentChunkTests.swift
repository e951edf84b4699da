import Composition
import MediaCore
@testable import Render
import Testing

/// Where a capped video's unshared stretches are cut into chunks for encoder lanes (30 fps: 2 s is 60 frames,
/// 20 s is 600).
struct SegmentChunkTests {
    static let intro = SegmentKey(identity: "intro", label: "intro")

    @Test(arguments: [
        // (segment frames, lanes, chunk starts)
        (0..<690, 2, [0, 86, 172, 258, 344, 430, 516, 602]),  // a 23 s body: four chunks per lane
        (0..<119, 2, [0, 59]),                                // under two chunks of 2 s, alone: two pieces
        (0..<59, 2, [0]),                                     // under two pieces of 1 s: whole
        (0..<60, 2, [0, 30]),                                 // two pieces of 1 s
        (0..<120, 2, [0, 60]),                                // 4 s: two chunks of 2 s
        (0..<180, 2, [0, 90]),                                // 6 s: two chunks of 3 s (not three of 2 s)
        (0..<540, 3, [0, 60, 120, 180, 240, 300, 360, 420, 480]),  // three lanes: a multiple of three
        (0..<6000, 2, Array(stride(from: 0, to: 6000, by: 600))),  // 200 s: ten chunks, none over 20 s
        (0..<690, 1, [0]),                                    // one lane: the plan as it was
        (60..<240, 2, [60, 150]),                             // a body after an intro starts where the intro ends
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
                        PlannedSegment(frames: 1200..<1320, key: nil)]
        let plan = SegmentPlan(segments: segments).chunked(lanes: 2, clock: clock)
        #expect(plan.segments == [segments[0], segments[1], PlannedSegment(frames: 1200..<1260, key: nil),
                                  PlannedSegment(frames: 1260..<1320, key: nil)])
    }

    /// A plan's only encoded segment, too short for a chunk per lane, is cut in two only where a lane can start
    /// decoding near the cut: the cut moves by up to a quarter piece (a 2 s segment: 7 frames) and its pre-roll may
    /// be a quarter piece at most. Beside another encoded segment it stays whole: the lanes already have two.
    @Test(arguments: [
        // (keyframes every n frames from frame 0, 0 for no index; segments; chunk starts)
        (25, [0..<60], [0, 25]),            // a keyframe 5 frames before the middle: the cut moves there
        (36, [0..<60], [0, 36]),            // 6 frames after it
        (20, [0..<60], [0, 23]),            // no keyframe within reach: 3 frames after one, a short pre-roll
        (45, [0..<60], [0]),                // 23 frames after one at best: more than a quarter piece
        (250, [0..<60], [0]),               // one GOP: the second lane would decode the first half again
        (250, [0..<90, 90..<150], [0, 90]), // two segments: each whole
        (0, [0..<100], [0, 50]),            // no index (a generated picture): nothing to decode before
    ] as [(Int64, [Range<Int64>], [Int64])])
    func aShortPlanIsCutInTwoWhereALaneCanStart(interval: Int64, segments: [Range<Int64>], starts: [Int64]) throws {
        let clock = try FrameClock(frameRate: FrameRate(30))
        let preRoll = { (frame: Int64) in MediaTime(value: interval == 0 ? 0 : frame % interval, timescale: 30) }
        let plan = SegmentPlan(segments: segments.map { PlannedSegment(frames: $0, key: nil) })
            .chunked(lanes: 2, clock: clock, preRoll: preRoll)
        #expect(plan.segments.map(\.frames.lowerBound) == starts)
    }

    /// A render held to one lane by its sources (4K) keeps a short plan whole: its pieces would run one after another.
    @Test func aShortPlanOfARenderInOneLaneStaysWhole() throws {
        let clock = try FrameClock(frameRate: FrameRate(30))
        let plan = SegmentPlan(segments: [PlannedSegment(frames: 0..<100, key: nil)])
        #expect(plan.chunked(lanes: 2, clock: clock, cutsShortPlans: false).segments.count == 1)
        #expect(plan.chunked(lanes: 2, clock: clock).segments.count == 2)
    }

    /// With the sources' keyframes known, each cut moves by at most a quarter chunk (21 frames here) to the frame a
    /// lane decodes least before: a keyframe where one is that near, the nearest one, the earlier of two as near.
    @Test(arguments: [
        // (keyframes every n frames from frame 0, 0 for no index; chunk starts of a 690-frame body in two lanes)
        (30, [0, 90, 180, 270, 330, 420, 510, 600]),   // 1 s GOPs: every cut on a keyframe
        (60, [0, 65, 180, 240, 360, 420, 495, 600]),   // 2 s GOPs: where no keyframe is near, just after one
        (1000, [0, 65, 151, 237, 323, 409, 495, 581]), // a keyframe far behind: each cut as early as it may move
        (0, [0, 86, 172, 258, 344, 430, 516, 602]),    // no index: equal chunks
    ] as [(Int64, [Int64])])
    func cutsMoveToWhereLanesDecodeLeast(interval: Int64, starts: [Int64]) throws {
        let clock = try FrameClock(frameRate: FrameRate(30))
        let preRoll = { (frame: Int64) in MediaTime(value: interval == 0 ? 0 : frame % interval, timescale: 30) }
        let plan = SegmentPlan(segments: [PlannedSegment(frames: 0..<690, key: nil)])
            .chunked(lanes: 2, clock: clock, preRoll: preRoll)
        #expect(plan.segments.map(\.frames.lowerBound) == starts)
        #expect(plan.segments.last?.frames.upperBound == 690)
    }
}
