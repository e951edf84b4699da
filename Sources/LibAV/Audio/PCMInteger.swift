/// The one rule by which float samples become linear PCM integers, wherever they are written: the rule
/// libswresample follows, so files and buffers hold what ffmpeg would put there.
public enum PCMInteger {
    /// `sample` (full scale at -1 and 1) as a signed `bits`-bit integer, 2 to 32 bits: scaled by 2^(bits-1),
    /// rounded to the nearest with halves to even (as `lrintf`), and held in range; a NaN is silence.
    @inlinable
    public static func quantize(_ sample: Float, bits: Int) -> Int32 {
        guard !sample.isNaN else { return 0 }
        let scale = Double(Int64(1) << (bits - 1))
        return Int32(min(max((Double(sample) * scale).rounded(.toNearestOrEven), -scale), scale - 1))
    }
}
