internal import CFFmpeg

/// A libav sample format, named as libav names it (`s16`, `fltp`).
public struct SampleFormat: Sendable, Hashable, CustomStringConvertible {
    /// The `AVSampleFormat` value.
    let raw: Int32

    /// The format libav calls `name`, or `LibAVError.unknownFormat`.
    public init(name: String) throws(LibAVError) {
        let value = av_get_sample_fmt(name)
        guard value != AV_SAMPLE_FMT_NONE else { throw LibAVError.unknownFormat(kind: "sample", name: name) }
        raw = value.rawValue
    }

    /// Wraps an `AVSampleFormat` value.
    init(raw: Int32) { self.raw = raw }

    /// The `AVSampleFormat` value as the C enum.
    var av: AVSampleFormat { AVSampleFormat(rawValue: raw) }

    /// libav's name (`fltp`), or `none`.
    public var name: String { av_get_sample_fmt_name(av).map { String(cString: $0) } ?? "none" }

    /// Whether each channel has its own plane.
    public var isPlanar: Bool { av_sample_fmt_is_planar(av) != 0 }

    /// The interleaved format with the same sample type (`s16` for `s16p`); the format itself when interleaved.
    public var packed: SampleFormat { SampleFormat(raw: av_get_packed_sample_fmt(av).rawValue) }

    /// Bytes per sample of one channel.
    public var bytesPerSample: Int { Int(av_get_bytes_per_sample(av)) }

    /// The name.
    public var description: String { name }

    /// Interleaved signed 16-bit.
    public static let s16 = SampleFormat(raw: AV_SAMPLE_FMT_S16.rawValue)
    /// Interleaved 32-bit float.
    public static let flt = SampleFormat(raw: AV_SAMPLE_FMT_FLT.rawValue)
    /// Planar 32-bit float, the mixer's working format and what aac and libopus-free paths take.
    public static let fltp = SampleFormat(raw: AV_SAMPLE_FMT_FLTP.rawValue)
    /// Planar signed 16-bit.
    public static let s16p = SampleFormat(raw: AV_SAMPLE_FMT_S16P.rawValue)
    /// Interleaved signed 32-bit, what 24- and 32-bit integer PCM encoders take.
    public static let s32 = SampleFormat(raw: AV_SAMPLE_FMT_S32.rawValue)
    /// Interleaved 64-bit float.
    public static let dbl = SampleFormat(raw: AV_SAMPLE_FMT_DBL.rawValue)
    /// Planar signed 32-bit, what Apple Lossless takes for 24-bit sound.
    public static let s32p = SampleFormat(raw: AV_SAMPLE_FMT_S32P.rawValue)
}
