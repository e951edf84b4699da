import MediaCore
import Testing

struct TimeSyntaxTests {
    static let ntsc = FrameRate(30000, 1001)
    static let hint = "expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000'"

    @Test(arguments: [
        ("2.5s", "5/2"),
        ("0.1s", "1/10"),
        ("3s", "3/1"),
        ("0s", "0/1"),
        ("10.000s", "10/1"),
        ("0.123456789s", "123456789/1000000000"),
        ("1500ms", "3/2"),
        ("1.5ms", "3/2000"),
        ("0.000001ms", "1/1000000000"),
        ("40ms", "1/25"),
        ("3", "3/1"),
        ("2.5", "5/2"),
        ("007", "7/1"),
        ("00:01:02.500", "125/2"),
        ("01:02.5", "125/2"),
        ("1:00:00", "3600/1"),
        ("100:00", "6000/1"),            // the leading field is not limited
        ("25:00:00.000000001", "90000000000001/1000000000"),
        ("1001/30000", "1001/30000"),   // kept as written
        ("2/4", "2/4"),
        ("0/1", "0/1"),
    ])
    func parsesExactly(_ text: String, _ expected: String) throws {
        #expect(try TimeSyntax.parse(text).description == expected)
        #expect(try TimeSyntax.parse(text, frameRate: Self.ntsc).description == expected)
    }

    @Test(arguments: [
        ("90f", FrameRate(30000, 1001), "90090/30000"),
        ("90f", FrameRate(30), "90/30"),
        ("0f", FrameRate(25), "0/25"),
        ("00:00:01:00", FrameRate(30000, 1001), "30030/30000"), // non-drop timecode at 29.97
        ("00:00:10:12", FrameRate(25), "262/25"),
        ("01:00:00:00", FrameRate(24), "86400/24"),
        ("00:01:00;02", FrameRate(30000, 1001), "1801800/30000"), // frame 1800
        ("00:01:00;04", FrameRate(60000, 1001), "3603600/60000"), // frame 3600 at 59.94
        ("00:10:00;00", FrameRate(30000, 1001), "17999982/30000"), // frame 17982
    ])
    func parsesFramesAndTimecode(_ text: String, _ rate: FrameRate, _ expected: String) throws {
        #expect(try TimeSyntax.parse(text, frameRate: rate).description == expected)
    }

    @Test func dropFrameWithoutARateMeans2997() throws {
        #expect(try TimeSyntax.parse("00:01:00;02").description == "1801800/30000")
        #expect(try TimeSyntax.parse("00;01;00;02").description == "1801800/30000")
    }

    @Test(arguments: [
        ("-2.5s", "-5/2"),
        ("-1001/30000", "-1001/30000"),
        ("-00:00:01.5", "-3/2"),
        ("-0s", "0/1"),
        ("-1500ms", "-3/2"),
    ])
    func negativesWhenAllowed(_ text: String, _ expected: String) throws {
        #expect(try TimeSyntax.parse(text, allowsNegative: true).description == expected)
        #expect(throws: TimeSyntaxError.negativeNotAllowed(text: text)) { try TimeSyntax.parse(text) }
    }

    @Test(arguments: [
        ("2.5x", "invalid time '2.5x'; \(hint)"),
        ("", "invalid time ''; \(hint)"),
        ("abc", "invalid time 'abc'; \(hint)"),
        (".5s", "invalid time '.5s'; \(hint)"),
        ("12.s", "invalid time '12.s'; \(hint)"),
        ("1e3", "invalid time '1e3'; \(hint)"),
        ("+2s", "invalid time '+2s'; \(hint)"),
        ("2.5 s", "invalid time '2.5 s'; \(hint)"),
        (" 2s", "invalid time ' 2s'; \(hint)"),
        ("ms", "invalid time 'ms'; \(hint)"),
        ("2.5f", "invalid time '2.5f'; \(hint)"),
        ("1/x", "invalid time '1/x'; \(hint)"),
        ("1.5/2", "invalid time '1.5/2'; \(hint)"),
        ("1:2:3:4:5", "invalid time '1:2:3:4:5'; \(hint)"),
        ("1::2", "invalid time '1::2'; \(hint)"),
        ("00:00:01:000", "invalid time '00:00:01:000'; \(hint)"),
        ("00:00:01;aa", "invalid time '00:00:01;aa'; \(hint)"),
        ("-", "invalid time '-'; \(hint)"),
        ("--1s", "invalid time '--1s'; \(hint)"),
        ("-2s", "negative time '-2s' is not allowed here; use a time of 0 or later"),
        ("-1:00", "negative time '-1:00' is not allowed here; use a time of 0 or later"),
        ("0.0000000001s",
         "time '0.0000000001s' is finer than a nanosecond; use at most 9 decimal places for seconds, 6 for milliseconds"),
        ("0.0000001ms",
         "time '0.0000001ms' is finer than a nanosecond; use at most 9 decimal places for seconds, 6 for milliseconds"),
        ("99999999999999999999s", "time '99999999999999999999s' is too large for a media time"),
        ("9223372036854775807.5s", "time '9223372036854775807.5s' is too large for a media time"),
        ("1/0", "invalid time '1/0'; the denominator must be a whole number from 1 to 2147483647"),
        ("1/2147483648", "invalid time '1/2147483648'; the denominator must be a whole number from 1 to 2147483647"),
        ("01:60", "invalid time '01:60'; seconds must be below 60"),
        ("1:60:00", "invalid time '1:60:00'; minutes must be below 60"),
        ("00:00:60:00", "invalid time '00:00:60:00'; seconds must be below 60"),
        ("00:60:00:00", "invalid time '00:60:00:00'; minutes must be below 60"),
        ("90f", "frame count '90f' needs a frame rate; set the output's frame rate or use seconds such as '3s'"),
        ("00:00:01:00",
         "timecode '00:00:01:00' needs a frame rate; set the output's frame rate, or write ';' before the frames for 29.97 drop-frame"),
        ("00:01:00;00",
         "invalid timecode '00:01:00;00'; drop-frame timecode skips this label, the minute starts at '00:01:00;02'"),
        ("00:01:00;01",
         "invalid timecode '00:01:00;01'; drop-frame timecode skips this label, the minute starts at '00:01:00;02'"),
        ("00:00:00;30", "invalid time '00:00:00;30'; frames must be below 30"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(throws: (any Error).self) { try TimeSyntax.parse(text) }
        do {
            _ = try TimeSyntax.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("00:00:00:30", FrameRate(30), "invalid time '00:00:00:30'; frames must be below 30"),
        ("00:00:00:25", FrameRate(25), "invalid time '00:00:00:25'; frames must be below 25"),
        ("00:00:00:24", FrameRate(24000, 1001), "invalid time '00:00:00:24'; frames must be below 24"),
        ("00:02:00;01", FrameRate(60000, 1001),
         "invalid timecode '00:02:00;01'; drop-frame timecode skips this label, the minute starts at '00:02:00;04'"),
        ("00:00:01;00", FrameRate(25),
         "drop-frame timecode '00:00:01;00' needs a 30000/1001 or 60000/1001 frame rate, not 25; write ':' before the frames for non-drop timecode"),
        ("00:00:01;00", FrameRate(30),
         "drop-frame timecode '00:00:01;00' needs a 30000/1001 or 60000/1001 frame rate, not 30; write ':' before the frames for non-drop timecode"),
        ("00:00:01:00", FrameRate(2997, 100),
         "timecode '00:00:01:00' cannot count frames at 2997/100 fps; use a whole rate such as 25 or an NTSC rate such as 30000/1001"),
        ("90f", FrameRate(0, 1), "frame count '90f' needs a frame rate; set the output's frame rate or use seconds such as '3s'"),
        ("9223372036854775807f", FrameRate(30000, 1001), "time '9223372036854775807f' is too large for a media time"),
    ])
    func errorsWithARate(_ text: String, _ rate: FrameRate, _ message: String) {
        do {
            let time = try TimeSyntax.parse(text, frameRate: rate)
            Issue.record("parsed '\(text)' as \(time)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        (t(5, 2), "2.5s"),
        (t(0, 600), "0s"),
        (t(1, 10), "0.1s"),
        (t(-1, 10), "-0.1s"),
        (t(90, 30), "3s"),
        (t(3, 2000), "0.0015s"),
        (t(1, 1_000_000_000), "0.000000001s"),
        (t(1001, 30000), "1001/30000"),
        (t(2002, 60000), "1001/30000"),
        (t(1, 3), "1/3"),
        (t(-1, 3), "-1/3"),
        (t(1, 1024), "1/1024"),            // would need 10 decimal places
        (t(.min, 1), "-9223372036854775808s"),
        (MediaTime.positiveInfinity, "+inf"),
        (MediaTime.indefinite, "indefinite"),
        (MediaTime.invalid, "invalid"),
        (t(7, 1, epoch: 2), "7/1@2"),
    ])
    func formatsExactly(_ time: MediaTime, _ expected: String) throws {
        let text = TimeSyntax.format(time)
        #expect(text == expected)
        if time.isNumeric && time.epoch == 0 && time.value != .min {
            #expect(try TimeSyntax.parse(text, allowsNegative: true) == time)
        }
    }

    @Test func formatRoundTripsManyTimes() throws {
        for timescale: Int32 in [1, 2, 3, 10, 24, 25, 600, 1000, 30000, 44100, 48000, 90000] {
            for value: Int64 in stride(from: -5000, through: 5000, by: 37) {
                let time = t(value, timescale)
                #expect(try TimeSyntax.parse(TimeSyntax.format(time), allowsNegative: true) == time)
            }
        }
    }

    @Test(arguments: [
        (t(5, 2), "2.5s"),
        (t(0, 1), "0s"),
        (t(1001, 30000), "0.033s"),
        (t(-3, 2), "-1.5s"),
        (t(125, 2), "1m02.5s"),
        (t(60, 1), "1m00s"),
        (t(599, 1), "9m59s"),
        (t(3605, 1), "1h00m05s"),
        (t(3600 * 25 + 61, 1), "25h01m01s"),
        (t(599_996, 10000), "1m00s"),     // 59.9996 s rounds to a whole minute
        (MediaTime.positiveInfinity, "+inf"),
        (MediaTime.negativeInfinity, "-inf"),
        (MediaTime.indefinite, "indefinite"),
        (MediaTime.invalid, "invalid"),
    ])
    func humanReadable(_ time: MediaTime, _ expected: String) {
        #expect(TimeSyntax.humanReadable(time) == expected)
    }
}
