/// An EBU R128 measurement of a whole programme.
public struct Loudness: Sendable, Hashable {
    /// Integrated (gated) loudness in LUFS; `-infinity` for silence or audio shorter than one 400 ms block.
    public var integrated: Double
    /// Loudness range in LU (0 for programmes too short or too steady to have one); nil when not measured.
    public var range: Double?
    /// The highest true peak over all channels in dBTP (4x oversampled); `-infinity` for digital silence.
    public var truePeak: Double

    /// Creates a measurement.
    public init(integrated: Double, range: Double?, truePeak: Double) {
        self.integrated = integrated
        self.range = range
        self.truePeak = truePeak
    }

    /// Whether the programme was too quiet to have an integrated loudness (silence).
    public var isSilent: Bool { !integrated.isFinite }
}
