import MediaCore
import Testing

struct TimecodeTests {
    static let df2997 = FrameRate(30000, 1001), df5994 = FrameRate(60000, 1001)

    @Test(arguments: [
        (Int64(0), FrameRate(30000, 1001), true, "00:00:00;00"),
        (Int64(1), FrameRate(30000, 1001), true, "00:00:00;01"),
        (Int64(1799), FrameRate(30000, 1001), true, "00:00:59;29"),
        (Int64(1800), FrameRate(30000, 1001), true, "00:01:00;02"),
        (Int64(3597), FrameRate(30000, 1001), true, "00:01:59;29"),
        (Int64(3598), FrameRate(30000, 1001), true, "00:02:00;02"),
        (Int64(17981), FrameRate(30000, 1001), true, "00:09:59;29"),
        (Int64(17982), FrameRate(30000, 1001), true, "00:10:00;00"),
        (Int64(17983), FrameRate(30000, 1001), true, "00:10:00;01"),
        (Int64(19782), FrameRate(30000, 1001), true, "00:11:00;02"),
        (Int64(107892), FrameRate(30000, 1001), true, "01:00:00;00"),
        (Int64(3596), FrameRate(60000, 1001), true, "00:00:59;56"),
        (Int64(3600), FrameRate(60000, 1001), true, "00:01:00;04"),
        (Int64(35964), FrameRate(60000, 1001), true, "00:10:00;00"),
        (Int64(1800), FrameRate(30000, 1001), false, "00:01:00:00"),
        (Int64(1800), FrameRate(30), false, "00:01:00:00"),
        (Int64(90000), FrameRate(25), false, "01:00:00:00"),
        (Int64(86399), FrameRate(24), false, "00:59:59:23"),
        (Int64(2_160_000), FrameRate(25), false, "24:00:00:00"),
    ])
    func labelsFrames(_ frame: Int64, _ rate: FrameRate, _ dropFrame: Bool, _ label: String) throws {
        let timecode = try Timecode(frameNumber: frame, rate: rate, dropFrame: dropFrame)
        #expect(timecode.description == label)
        #expect(try Timecode(label).frameNumber(at: rate) == frame)
        #expect(try Timecode(label) == timecode)
    }

    @Test func dropFrameSkipsTheRightLabels() throws {
        let rate = Self.df2997
        #expect(throws: TimeSyntaxError.droppedFrame(text: "00:01:00;00", firstValid: "00:01:00;02")) {
            try Timecode("00:01:00;00").frameNumber(at: rate)
        }
        #expect(throws: TimeSyntaxError.droppedFrame(text: "00:07:00;01", firstValid: "00:07:00;02")) {
            try Timecode("00:07:00;01").frameNumber(at: rate)
        }
        // Every tenth minute keeps frames 0 and 1; other seconds of a minute keep them too.
        #expect(try Timecode("00:20:00;00").frameNumber(at: rate) == 35964)
        #expect(try Timecode("00:01:01;00").frameNumber(at: rate) == 1828)
        #expect(throws: TimeSyntaxError.droppedFrame(text: "00:01:00;03", firstValid: "00:01:00;04")) {
            try Timecode("00:01:00;03").frameNumber(at: Self.df5994)
        }
    }

    @Test(arguments: [FrameRate(30000, 1001), FrameRate(60000, 1001)])
    func dropFrameRoundTrips(_ rate: FrameRate) throws {
        var previous: Timecode?
        for frame in Int64(0)..<Int64(40_000) {
            let timecode = try Timecode(frameNumber: frame, rate: rate, dropFrame: true)
            #expect(try timecode.frameNumber(at: rate) == frame)
            #expect(try Timecode(timecode.description) == timecode)
            if let previous {
                // Labels only ever advance, and each is a real label.
                #expect(previous.description < timecode.description)
            }
            previous = timecode
        }
        // Around the hour: 107892 frames per hour at 29.97, 215784 at 59.94.
        let perHour: Int64 = rate.numerator == 30000 ? 107_892 : 215_784
        for frame in (perHour - 100)..<(perHour + 100) {
            let timecode = try Timecode(frameNumber: frame, rate: rate, dropFrame: true)
            #expect(try timecode.frameNumber(at: rate) == frame)
        }
        #expect(try Timecode(frameNumber: perHour, rate: rate, dropFrame: true).description == "01:00:00;00")
    }

    @Test(arguments: [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(24000, 1001), FrameRate(30000, 1001)])
    func nonDropRoundTrips(_ rate: FrameRate) throws {
        for frame in stride(from: Int64(0), to: 200_000, by: 7) {
            let timecode = try Timecode(frameNumber: frame, rate: rate, dropFrame: false)
            #expect(try timecode.frameNumber(at: rate) == frame)
            #expect(try timecode.time(at: rate) == rate.time(ofFrame: frame))
        }
    }

    @Test(arguments: [
        (t(60, 1), FrameRate(30000, 1001), true, "00:00:59;28"),   // 60 s is frame 1798.2
        (t(1801800, 30000), FrameRate(30000, 1001), true, "00:01:00;02"),
        (t(1801799, 30000), FrameRate(30000, 1001), true, "00:00:59;29"), // just before frame 1800: floor
        (t(600, 1), FrameRate(30000, 1001), true, "00:10:00;00"),  // drop-frame keeps pace with the clock
        (t(3600, 1), FrameRate(25), false, "01:00:00:00"),
        (t(1, 50), FrameRate(25), false, "00:00:00:00"),
        (t(1, 25), FrameRate(25), false, "00:00:00:01"),
    ])
    func formatsTimes(_ time: MediaTime, _ rate: FrameRate, _ dropFrame: Bool, _ expected: String) throws {
        #expect(try TimeSyntax.formatTimecode(time, frameRate: rate, dropFrame: dropFrame) == expected)
    }

    @Test(arguments: [t(-1, 1), MediaTime.positiveInfinity, MediaTime.invalid])
    func noTimecodeForNegativeOrNonNumericTimes(_ time: MediaTime) {
        do {
            _ = try TimeSyntax.formatTimecode(time, frameRate: FrameRate(25), dropFrame: false)
            Issue.record("formatted \(time)")
        } catch {
            #expect(error.description == "time '\(time)' has no timecode; timecodes need a numeric time of 0 or later")
        }
    }

    @Test(arguments: [
        (FrameRate(24), 24), (FrameRate(25), 25), (FrameRate(30), 30), (FrameRate(30000, 1001), 30),
        (FrameRate(24000, 1001), 24), (FrameRate(60000, 1001), 60), (FrameRate(60, 2), 30),
    ])
    func nominalRates(_ rate: FrameRate, _ nominal: Int) {
        #expect(Timecode.nominalFramesPerSecond(rate) == nominal)
    }

    @Test(arguments: [FrameRate(2997, 100), FrameRate(25, 2), FrameRate(0, 1), FrameRate(30, 0)])
    func noNominalRate(_ rate: FrameRate) {
        #expect(Timecode.nominalFramesPerSecond(rate) == nil)
    }

    @Test func labelsAreCheckedAgainstTheRate() {
        #expect(throws: TimeSyntaxError.fieldOutOfRange(text: "00:00:00:25", field: "frames", limit: 25)) {
            try Timecode("00:00:00:25").frameNumber(at: FrameRate(25))
        }
        #expect(throws: TimeSyntaxError.fieldOutOfRange(text: "00:00:61:00", field: "seconds", limit: 60)) {
            try Timecode("00:00:61:00")
        }
        #expect(throws: TimeSyntaxError.invalid(text: "00:00:00:-1")) {
            try Timecode(hours: 0, minutes: 0, seconds: 0, frames: -1).frameNumber(at: FrameRate(25))
        }
        #expect(Timecode(hours: 123, minutes: 4, seconds: 5, frames: 6, isDropFrame: true).description == "123:04:05;06")
    }
}
