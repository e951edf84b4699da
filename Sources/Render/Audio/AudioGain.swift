/// How a mixer input's gain (linear amplitude factor) runs across the frames being mixed.
///
/// Ramps are linear segments: a segment of `n` frames from `g0` to `g1` applies `g0 + (g1 - g0) * i / n` to its
/// frame `i`, so `g1` is the gain of the first frame after it and consecutive chunks join without a step.
/// The caller evaluates its volume curve at segment boundaries only; the mixer interpolates per sample.
public enum AudioGain: Sendable, Hashable {
    /// The same gain on every frame.
    case constant(Float)
    /// One linear segment across all mixed frames, reaching `to` just after the last.
    case ramp(from: Float, to: Float)
    /// Consecutive linear segments from the first mixed frame; past their end the last `endGain` holds.
    case segments([GainSegment])
    /// One gain per frame; must have at least as many values as frames are mixed.
    case samples([Float])

    /// Unity gain.
    public static let unity = AudioGain.constant(1)
}

/// A linear gain segment of `frameCount` frames from `startGain` towards `endGain` (reached after the segment).
public struct GainSegment: Sendable, Hashable {
    /// Frames the segment covers (negative counts as 0).
    public var frameCount: Int
    /// Gain on the segment's first frame.
    public var startGain: Float
    /// Gain the segment heads for: that of the frame just after it.
    public var endGain: Float

    /// A segment of `frameCount` frames ramping `startGain` -> `endGain`.
    public init(frameCount: Int, startGain: Float, endGain: Float) {
        self.frameCount = frameCount
        self.startGain = startGain
        self.endGain = endGain
    }

    /// A flat segment.
    public init(frameCount: Int, gain: Float) {
        self.init(frameCount: frameCount, startGain: gain, endGain: gain)
    }
}
