import MediaCore
import Testing
import Render

struct FrameClockTests {
    static let ntsc = FrameRate(30000, 1001)

    /// 90 s / (1001/30000 s) = 2697.3 frames; the count is the ceiling, 2698, because frame 2697 starts at
    /// 2_699_697/30000 = 89.99 s, still inside the 90 s, and must be shown for the last 33 ms.
    @Test func ninetySecondsAtNTSCRate() throws {
        let clock = try FrameClock(frameRate: Self.ntsc)
        let duration = MediaTime(value: 90, timescale: 1)
        #expect(try clock.frameCount(for: duration) == 2698)
        let last = clock.time(ofFrame: 2697)
        #expect(last == MediaTime(value: 2697 * 1001, timescale: 30000))
        #expect(last < duration)
        #expect(clock.time(ofFrame: 2698) >= duration)
        // No drift: the exact rational, not an accumulated float.
        let frame2696 = clock.time(ofFrame: 2696)
        #expect(frame2696 == MediaTime(value: 2696 * 1001, timescale: 30000))
        #expect(frame2696.description == "337337/3750")
        #expect(!frame2696.hasBeenRounded)
        #expect(try clock.frameIndex(at: frame2696) == 2696)
        // A duration of exactly 2697 frames has 2697.
        #expect(try clock.frameCount(for: MediaTime(value: 2697 * 1001, timescale: 30000)) == 2697)
    }

    static let counts: [(MediaTime, FrameRate, Int64)] = [
        (MediaTime(value: 1, timescale: 1), FrameRate(30), 30),
        (MediaTime(value: 3003, timescale: 30000), FrameRate(30000, 1001), 3),
        (MediaTime(value: 3004, timescale: 30000), FrameRate(30000, 1001), 4),
        (MediaTime(value: 1, timescale: 1000), FrameRate(25), 1),
        (MediaTime.zero, FrameRate(25), 0),
        (MediaTime(value: -5, timescale: 1), FrameRate(25), 0),
    ]

    @Test(arguments: counts)
    func frameCountIsCeiling(_ duration: MediaTime, _ rate: FrameRate, _ expected: Int64) throws {
        #expect(try FrameClock(frameRate: rate).frameCount(for: duration) == expected)
    }

    @Test func startOffsetAndFrameIndex() throws {
        let clock = try FrameClock(start: MediaTime(value: 1, timescale: 2), frameRate: FrameRate(25))
        #expect(clock.time(ofFrame: 0) == MediaTime(value: 1, timescale: 2))
        #expect(clock.time(ofFrame: 10) == MediaTime(value: 9, timescale: 10))
        #expect(try clock.frameIndex(at: MediaTime(value: 9, timescale: 10)) == 10)
        #expect(try clock.frameIndex(at: MediaTime(value: 91, timescale: 100)) == 10)
        #expect(try clock.frameIndex(at: MediaTime(value: 49, timescale: 100)) == -1)
    }

    @Test func sampleRangesAreExactAndTile() throws {
        #expect(try FrameClock.sampleRange(duration: MediaTime(value: 90, timescale: 1), sampleRate: 48000) == 0..<4_320_000)
        #expect(try FrameClock.sampleRange(start: MediaTime(value: 1001, timescale: 30000), duration: MediaTime(value: 1001, timescale: 30000),
                                           sampleRate: 48000) == 1602..<3204)
        let clock = try FrameClock(frameRate: Self.ntsc)
        var next: Int64 = 0
        for frame in Int64(0)..<2698 {
            let range = try clock.sampleRange(ofFrame: frame, sampleRate: 48000)
            #expect(range.lowerBound == next)
            #expect(range.count == 1601 || range.count == 1602)
            next = range.upperBound
        }
        // ceil(2698 * 1001 / 30000 * 48000) = ceil(4_321_116.8)
        #expect(next == 4_321_117)
    }

    @Test func invalidInputs() throws {
        #expect(throws: RenderError.invalidFrameDuration("0/1")) { _ = try FrameClock(frameDuration: .zero) }
        #expect(throws: RenderError.invalidFrameDuration("1/(30/0)")) { _ = try FrameClock(frameRate: FrameRate(30, 0)) }
        #expect(throws: RenderError.nonNumericTime(what: "duration")) {
            _ = try FrameClock(frameRate: FrameRate(30)).frameCount(for: .indefinite)
        }
        #expect(throws: RenderError.invalidSampleRate(0)) {
            _ = try FrameClock.sampleRange(duration: .zero, sampleRate: 0)
        }
    }
}
