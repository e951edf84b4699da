internal import CFFmpeg

/// A libav pixel format, named as libav names it (`yuv420p`, `rgba`); values come from libav's own table.
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// The `AVPixelFormat` value.
    let raw: Int32

    /// The format libav calls `name`, or `LibAVError.unknownFormat`.
    public init(name: String) throws(LibAVError) {
        let value = av_get_pix_fmt(name)
        guard value != AV_PIX_FMT_NONE else { throw LibAVError.unknownFormat(kind: "pixel", name: name) }
        raw = value.rawValue
    }

    /// Wraps an `AVPixelFormat` value.
    init(raw: Int32) { self.raw = raw }

    /// The `AVPixelFormat` value as the C enum.
    var av: AVPixelFormat { AVPixelFormat(rawValue: raw) }

    /// libav's name (`yuv420p`), or `none`.
    public var name: String { av_get_pix_fmt_name(av).map { String(cString: $0) } ?? "none" }

    /// Whether libav knows the format (not `none`).
    public var isValid: Bool { raw >= 0 && av_pix_fmt_desc_get(av) != nil }

    /// Whether the format has an alpha channel.
    public var hasAlpha: Bool {
        guard let descriptor = av_pix_fmt_desc_get(av) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }

    /// The number of planes (1 for packed RGB, 3 for yuv420p).
    public var planeCount: Int { max(0, Int(av_pix_fmt_count_planes(av))) }

    /// The name.
    public var description: String { name }

    /// Planar 8-bit Y'CbCr 4:2:0, what most delivery encoders take.
    public static let yuv420p = PixelFormat(raw: AV_PIX_FMT_YUV420P.rawValue)
    /// Planar 8-bit Y'CbCr 4:2:2.
    public static let yuv422p = PixelFormat(raw: AV_PIX_FMT_YUV422P.rawValue)
    /// Planar 8-bit Y'CbCr 4:4:4.
    public static let yuv444p = PixelFormat(raw: AV_PIX_FMT_YUV444P.rawValue)
    /// Planar 10-bit Y'CbCr 4:2:0, little-endian.
    public static let yuv420p10le = PixelFormat(raw: AV_PIX_FMT_YUV420P10LE.rawValue)
    /// Planar 10-bit Y'CbCr 4:2:2, little-endian (ProRes).
    public static let yuv422p10le = PixelFormat(raw: AV_PIX_FMT_YUV422P10LE.rawValue)
    /// Full-range planar Y'CbCr 4:2:0 (JPEG).
    public static let yuvj420p = PixelFormat(raw: AV_PIX_FMT_YUVJ420P.rawValue)
    /// Packed 8-bit RGBA, the compositor's working format.
    public static let rgba = PixelFormat(raw: AV_PIX_FMT_RGBA.rawValue)
    /// Packed 8-bit RGB.
    public static let rgb24 = PixelFormat(raw: AV_PIX_FMT_RGB24.rawValue)
    /// Packed 8-bit BGRA.
    public static let bgra = PixelFormat(raw: AV_PIX_FMT_BGRA.rawValue)
    /// 8-bit grey.
    public static let gray = PixelFormat(raw: AV_PIX_FMT_GRAY8.rawValue)
    /// 8-bit indices into a 256-colour palette (the palette travels in plane 1), what the GIF encoder takes.
    public static let pal8 = PixelFormat(raw: AV_PIX_FMT_PAL8.rawValue)
}
