import Foundation
import MediaCore
import MediaTestSupport
@testable import Reframe
import Testing

/// The reframe analysis decodes on a thread of its own: its pictures still come whole and in order, and stopping early
/// ends the thread.
@Suite struct AnalysisFramesTests {
    @Test func everyPictureOfTheRangeComesInOrderAtTheAnalysedSize() throws {
        let directory = try CommandRunner.temporaryDirectory("analysis-frames")
        try ReframeRunTests.makeShot(in: directory)
        let path = directory.appendingPathComponent("disc.mp4").path
        // Frames 25 to 74 of the 25 fps shot; the decoder starts at the keyframe before them (frame 0).
        let range = TimeRange(start: MediaTime(value: 1, timescale: 1), duration: MediaTime(value: 2, timescale: 1))
        let frames = try AnalysisFrames(path: path, range: range, longSide: 320)
        defer { frames.close() }
        var times: [MediaTime] = []
        while let (time, picture) = try frames.next() {
            #expect(picture.width == 320 && picture.height == 180 && picture.pixels.count == 320 * 180)
            times.append(time)
        }
        #expect(times == (25..<75).map { MediaTime(value: Int64($0), timescale: 25) })
    }

    @Test func closingBeforeTheEndStopsTheThread() throws {
        let directory = try CommandRunner.temporaryDirectory("analysis-frames-close")
        try ReframeRunTests.makeShot(in: directory)
        let path = directory.appendingPathComponent("disc.mp4").path
        let range = TimeRange(start: .zero, duration: MediaTime(value: 4, timescale: 1))
        let frames = try AnalysisFrames(path: path, range: range, longSide: 320)
        #expect(try frames.next()?.time == .zero)
        frames.close()
        #expect(try frames.next() == nil)
        frames.close()
    }
}
