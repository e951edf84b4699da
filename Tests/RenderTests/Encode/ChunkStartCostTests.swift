import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// What a lane decodes before starting a chunk, read from a real file's index: 30 fps H.264 with B-frames (shown two
/// frames after they are decoded) and a keyframe every second, shown from 0.5 s on, so output frame 15 shows the
/// keyframe at 1 s.
struct ChunkStartCostTests {
    @Test(arguments: [
        (15, 2),   // the keyframe itself: only the two decoded before it is shown
        (20, 7),   // five frames after it
        (14, 31),  // the B-frame shown just before it belongs to the second before: from the first keyframe on
        (45, 2),   // the next keyframe
    ])
    func preRollCountsFromTheKeyframeAPictureDependsOn(frame: Int64, decodedFrames: Int64) throws {
        let fixtures = try SmartPassthroughFixtures.get()
        let tracks = try ExportFixtures.get().sourceTracks(fixtures.closed).filter { $0.mediaType == .video }
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: MediaTime(value: 1, timescale: 2),
                                                  duration: MediaTime(value: 3, timescale: 1)), of: tracks, at: .invalid)
        let clock = try FrameClock(frameRate: FrameRate(30))
        let cost = ChunkStartCost(composition: composition, videoComposition: .make(propertiesOf: composition),
                                  range: TimeRange(start: .zero, duration: MediaTime(value: 3, timescale: 1)),
                                  clock: clock)
        let seconds = cost.preRoll(atFrame: frame).seconds
        #expect(abs(seconds - Double(decodedFrames) / 30) < 1e-6, "\(seconds * 30) frames")
    }
}
