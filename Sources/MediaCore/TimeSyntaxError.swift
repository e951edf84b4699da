/// Why a manifest time or SMPTE timecode could not be read; the manifest layer adds the `file:line:col`.
public enum TimeSyntaxError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The text is no time syntax at all.
    case invalid(text: String)
    /// A leading `-` where only times of 0 or later are allowed.
    case negativeNotAllowed(text: String)
    /// More decimal places than a nanosecond resolution allows.
    case tooPrecise(text: String)
    /// The number does not fit a media time.
    case outOfRange(text: String)
    /// A rational whose denominator is 0 or above the largest timescale.
    case invalidDenominator(text: String)
    /// A clock or timecode field at or above its limit (`minutes`, `seconds`, `frames`).
    case fieldOutOfRange(text: String, field: String, limit: Int)
    /// A frame count such as `90f` without a frame rate to count at.
    case framesNeedFrameRate(text: String)
    /// A non-drop-frame timecode without a frame rate.
    case timecodeNeedsFrameRate(text: String)
    /// A frame rate that timecode cannot count in (not whole and not NTSC `n/1.001`).
    case unsupportedTimecodeRate(text: String, rate: FrameRate)
    /// Drop-frame timecode at a rate other than 29.97 or 59.94.
    case dropFrameNeedsNTSCRate(text: String, rate: FrameRate)
    /// A drop-frame label that does not exist, such as `00:01:00;00`.
    case droppedFrame(text: String, firstValid: String)
    /// A time before zero or not numeric, which has no timecode.
    case noTimecode(time: MediaTime)

    private static let examples = "'2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000'"

    /// The lowercase message with a hint.
    public var description: String {
        switch self {
        case .invalid(let text):
            return "invalid time '\(text)'; expected a duration such as \(Self.examples)"
        case .negativeNotAllowed(let text):
            return "negative time '\(text)' is not allowed here; use a time of 0 or later"
        case .tooPrecise(let text):
            return "time '\(text)' is finer than a nanosecond; use at most 9 decimal places for seconds, 6 for milliseconds"
        case .outOfRange(let text):
            return "time '\(text)' is too large for a media time"
        case .invalidDenominator(let text):
            return "invalid time '\(text)'; the denominator must be a whole number from 1 to 2147483647"
        case .fieldOutOfRange(let text, let field, let limit):
            return "invalid time '\(text)'; \(field) must be below \(limit)"
        case .framesNeedFrameRate(let text):
            return "frame count '\(text)' needs a frame rate; set the output's frame rate or use seconds such as '3s'"
        case .timecodeNeedsFrameRate(let text):
            return "timecode '\(text)' needs a frame rate; set the output's frame rate, or write ';' before the frames for 29.97 drop-frame"
        case .unsupportedTimecodeRate(let text, let rate):
            return "timecode '\(text)' cannot count frames at \(rate) fps; use a whole rate such as 25 or an NTSC rate such as 30000/1001"
        case .dropFrameNeedsNTSCRate(let text, let rate):
            return "drop-frame timecode '\(text)' needs a 30000/1001 or 60000/1001 frame rate, not \(rate); write ':' before the frames for non-drop timecode"
        case .droppedFrame(let text, let firstValid):
            return "invalid timecode '\(text)'; drop-frame timecode skips this label, the minute starts at '\(firstValid)'"
        case .noTimecode(let time):
            return "time '\(time)' has no timecode; timecodes need a numeric time of 0 or later"
        }
    }
}
