import MediaCore

/// Exact output timing: frame `n` is shown at `start + n * frameDuration`, computed afresh for every `n` with
/// rational `MediaTime` arithmetic (never by adding durations up, never in floating point), and audio sample ranges
/// are derived from the same exact times.
public struct FrameClock: Sendable, Hashable {
    /// The time of frame 0.
    public let start: MediaTime
    /// The exact duration of one frame.
    public let frameDuration: MediaTime

    /// A clock ticking every `frameDuration` from `start`; both must be numeric and the duration positive.
    public init(start: MediaTime = .zero, frameDuration: MediaTime) throws(RenderError) {
        guard start.isNumeric else { throw .nonNumericTime(what: "frame clock start") }
        guard frameDuration.isNumeric, frameDuration > .zero else { throw .invalidFrameDuration("\(frameDuration)") }
        self.start = start
        self.frameDuration = frameDuration
    }

    /// A clock at `frameRate` (frame duration `denominator / numerator`) from `start`.
    public init(start: MediaTime = .zero, frameRate: FrameRate) throws(RenderError) {
        guard frameRate.isValid else { throw .invalidFrameDuration("1/(\(frameRate))") }
        try self.init(start: start, frameDuration: frameRate.frameDuration)
    }

    /// `start + index * frameDuration`, exact.
    public func time(ofFrame index: Int64) -> MediaTime {
        start + frameDuration.multiplied(by: index, dividedBy: 1)
    }

    /// How many frames cover `duration`: `ceil(duration / frameDuration)`, so a duration that is not a whole number
    /// of frames gets one more frame (shown for the remainder) and no picture time is dropped; 0 for durations <= 0.
    public func frameCount(for duration: MediaTime) throws(RenderError) -> Int64 {
        guard duration.isNumeric else { throw .nonNumericTime(what: "duration") }
        guard duration > .zero else { return 0 }
        let numerator = Int128(duration.value) * Int128(frameDuration.timescale)
        let denominator = Int128(duration.timescale) * Int128(frameDuration.value)
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return Int64(clamping: remainder == 0 ? quotient : quotient + 1)
    }

    /// The index of the frame showing at `time`: `floor((time - start) / frameDuration)` (negative before `start`).
    public func frameIndex(at time: MediaTime) throws(RenderError) -> Int64 {
        guard time.isNumeric else { throw .nonNumericTime(what: "time") }
        let offset = time - start
        let numerator = Int128(offset.value) * Int128(frameDuration.timescale)
        let denominator = Int128(offset.timescale) * Int128(frameDuration.value)
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder < 0 { quotient -= 1 }
        return Int64(clamping: quotient)
    }

    /// The output audio samples of frame `index`: those whose times fall in `[time(index), time(index + 1))`.
    public func sampleRange(ofFrame index: Int64, sampleRate: Int32) throws(RenderError) -> Range<Int64> {
        try Self.sampleRange(from: time(ofFrame: index), to: time(ofFrame: index + 1), sampleRate: sampleRate)
    }

    /// The samples `[first, last)` whose times `k / sampleRate` fall in `[start, start + duration)`:
    /// `first = ceil(start * rate)`, `last = ceil((start + duration) * rate)`. Adjacent ranges tile without gap or
    /// overlap, and the count is exact (90 s at 48 kHz is 4_320_000 samples).
    public static func sampleRange(start: MediaTime = .zero, duration: MediaTime,
                                   sampleRate: Int32) throws(RenderError) -> Range<Int64> {
        try sampleRange(from: start, to: start + duration, sampleRate: sampleRate)
    }

    static func sampleRange(from start: MediaTime, to end: MediaTime, sampleRate: Int32) throws(RenderError) -> Range<Int64> {
        guard start.isNumeric else { throw .nonNumericTime(what: "audio start") }
        guard end.isNumeric else { throw .nonNumericTime(what: "audio end") }
        guard sampleRate > 0 else { throw .invalidSampleRate(Int(sampleRate)) }
        let first = start.convertScale(sampleRate, method: .roundTowardPositiveInfinity).value
        let last = end.convertScale(sampleRate, method: .roundTowardPositiveInfinity).value
        return first..<max(first, last)
    }
}
