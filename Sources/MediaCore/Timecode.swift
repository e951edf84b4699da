/// An SMPTE timecode label `HH:MM:SS:FF`, or `HH:MM:SS;FF` in drop-frame, counted at a whole nominal frame rate.
///
/// Drop-frame (29.97 and 59.94 fps only) skips the labels of frames 0 and 1 (0 to 3 at 59.94) at the start of every
/// minute except every tenth minute, so the labels keep pace with the wall clock; no frames are dropped.
public struct Timecode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Hours, 0 or more.
    public var hours: Int
    /// Minutes, 0 to 59.
    public var minutes: Int
    /// Seconds, 0 to 59.
    public var seconds: Int
    /// Frames within the second, below the nominal frame rate.
    public var frames: Int
    /// Whether the label uses drop-frame counting (written with `;` before the frames).
    public var isDropFrame: Bool

    /// Creates a label from its fields, unchecked; `frameNumber(at:)` checks it against a rate.
    public init(hours: Int, minutes: Int, seconds: Int, frames: Int, isDropFrame: Bool = false) {
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.frames = frames
        self.isDropFrame = isDropFrame
    }

    /// Reads `HH:MM:SS:FF` or `HH:MM:SS;FF` (a `;` anywhere means drop-frame); minutes and seconds must be below 60.
    public init(_ text: String) throws(TimeSyntaxError) {
        var fields: [Int] = []
        var dropFrame = false
        var digits = ""
        for character in text {
            if character == ":" || character == ";" {
                guard let field = Timecode.field(digits, maxDigits: fields.isEmpty ? 4 : 2) else { throw .invalid(text: text) }
                fields.append(field)
                digits = ""
                if character == ";" { dropFrame = true }
            } else if character.isASCII && character.isNumber {
                digits.append(character)
            } else {
                throw .invalid(text: text)
            }
        }
        guard let last = Timecode.field(digits, maxDigits: 2) else { throw .invalid(text: text) }
        fields.append(last)
        guard fields.count == 4 else { throw .invalid(text: text) }
        if fields[1] >= 60 { throw .fieldOutOfRange(text: text, field: "minutes", limit: 60) }
        if fields[2] >= 60 { throw .fieldOutOfRange(text: text, field: "seconds", limit: 60) }
        self.init(hours: fields[0], minutes: fields[1], seconds: fields[2], frames: fields[3], isDropFrame: dropFrame)
    }

    /// The label of frame `frameNumber` (counted from 0) at `rate`.
    public init(frameNumber: Int64, rate: FrameRate, dropFrame: Bool) throws(TimeSyntaxError) {
        let label = Timecode(hours: 0, minutes: 0, seconds: 0, frames: 0, isDropFrame: dropFrame)
        let (nominal, dropped) = try Timecode.counting(rate, dropFrame: dropFrame, text: label.description)
        guard frameNumber >= 0 else { throw .noTimecode(time: rate.time(ofFrame: frameNumber)) }
        var number = frameNumber
        if dropped > 0 {
            let perMinute = nominal * 60 - dropped
            let perTenMinutes = nominal * 600 - dropped * 9
            let (tens, rest) = number.quotientAndRemainder(dividingBy: perTenMinutes)
            // Add back the labels skipped so far: 9 minutes' worth per full ten minutes, plus one per started minute.
            number += dropped * 9 * tens
            if rest >= dropped { number += dropped * ((rest - dropped) / perMinute) }
        }
        let (totalSeconds, frames) = number.quotientAndRemainder(dividingBy: nominal)
        self.init(hours: Int(totalSeconds / 3600), minutes: Int(totalSeconds / 60 % 60), seconds: Int(totalSeconds % 60),
                  frames: Int(frames), isDropFrame: dropFrame)
    }

    /// The label of the frame that contains `time` (the frame starting at or before it) at `rate`.
    public init(time: MediaTime, rate: FrameRate, dropFrame: Bool) throws(TimeSyntaxError) {
        guard time.isNumeric, time.value >= 0, rate.isValid else { throw .noTimecode(time: time) }
        let frame = Int128(time.value) * Int128(rate.numerator) / (Int128(time.timescale) * Int128(rate.denominator))
        guard let number = Int64(exactly: frame) else { throw .noTimecode(time: time) }
        try self.init(frameNumber: number, rate: rate, dropFrame: dropFrame)
    }

    /// The frame number (from 0) this label names at `rate`; rejects frames at or above the nominal rate and
    /// labels that drop-frame skips.
    public func frameNumber(at rate: FrameRate) throws(TimeSyntaxError) -> Int64 {
        let (nominal, dropped) = try Timecode.counting(rate, dropFrame: isDropFrame, text: description)
        guard hours >= 0, (0..<60).contains(minutes), (0..<60).contains(seconds), frames >= 0 else {
            throw .invalid(text: description)
        }
        if frames >= Int(nominal) { throw .fieldOutOfRange(text: description, field: "frames", limit: Int(nominal)) }
        let totalMinutes = Int64(hours) * 60 + Int64(minutes)
        if dropped > 0 && seconds == 0 && minutes % 10 != 0 && frames < Int(dropped) {
            var first = self
            first.frames = Int(dropped)
            throw .droppedFrame(text: description, firstValid: first.description)
        }
        let labels = (totalMinutes * 60 + Int64(seconds)) * nominal + Int64(frames)
        return labels - dropped * (totalMinutes - totalMinutes / 10)
    }

    /// The exact start time of the labelled frame at `rate`.
    public func time(at rate: FrameRate) throws(TimeSyntaxError) -> MediaTime {
        rate.time(ofFrame: try frameNumber(at: rate))
    }

    /// `01:02:03:04`, or `00:01:00;02` in drop-frame.
    public var description: String {
        func two(_ number: Int) -> String { number < 10 && number >= 0 ? "0\(number)" : "\(number)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(isDropFrame ? ";" : ":")\(two(frames))"
    }

    /// The whole number of labels per second timecode counts at `rate`: the rate itself, or 30 for 30000/1001;
    /// nil for rates that are neither whole nor NTSC (`n * 1000/1001`).
    public static func nominalFramesPerSecond(_ rate: FrameRate) -> Int? {
        guard rate.isValid else { return nil }
        if rate.numerator % rate.denominator == 0 { return Int(rate.numerator / rate.denominator) }
        let nominal = (Int64(rate.numerator) + Int64(rate.denominator) - 1) / Int64(rate.denominator)
        return Int64(rate.numerator) * 1001 == nominal * 1000 * Int64(rate.denominator) ? Int(nominal) : nil
    }

    /// The nominal rate and the labels dropped per minute (0 unless drop-frame), or the error for this rate.
    private static func counting(_ rate: FrameRate, dropFrame: Bool, text: String) throws(TimeSyntaxError) -> (Int64, Int64) {
        guard let nominal = nominalFramesPerSecond(rate) else { throw .unsupportedTimecodeRate(text: text, rate: rate) }
        guard dropFrame else { return (Int64(nominal), 0) }
        let ntsc = rate.numerator % rate.denominator != 0
        guard ntsc, nominal == 30 || nominal == 60 else { throw .dropFrameNeedsNTSCRate(text: text, rate: rate) }
        return (Int64(nominal), Int64(nominal / 15))
    }

    private static func field(_ digits: String, maxDigits: Int) -> Int? {
        guard !digits.isEmpty, digits.count <= maxDigits else { return nil }
        return Int(digits)
    }
}
