internal import CFFmpeg

/// How a picture's Y'CbCr code values map to colours: the matrix and the quantisation range.
public struct ColorDescription: Sendable, Hashable, CustomStringConvertible {
    /// The Y'CbCr matrix (luma coefficients Kr, Kb).
    public enum Matrix: String, Sendable, Hashable, CaseIterable {
        /// ITU-R BT.709 (HD): Kr 0.2126, Kb 0.0722.
        case bt709
        /// ITU-R BT.601 (SD, also SMPTE 170M and BT.470 BG): Kr 0.299, Kb 0.114.
        case bt601
        /// ITU-R BT.2020 non-constant luminance: Kr 0.2627, Kb 0.0593.
        case bt2020

        /// The red luma coefficient.
        public var kr: Double {
            switch self {
            case .bt709: 0.2126
            case .bt601: 0.299
            case .bt2020: 0.2627
            }
        }

        /// The blue luma coefficient.
        public var kb: Double {
            switch self {
            case .bt709: 0.0722
            case .bt601: 0.114
            case .bt2020: 0.0593
            }
        }

        /// swscale's `SWS_CS_*` constant.
        var swsColorspace: Int32 {
            switch self {
            case .bt709: SWS_CS_ITU709
            case .bt601: SWS_CS_ITU601
            case .bt2020: SWS_CS_BT2020
            }
        }
    }

    /// The matrix.
    public var matrix: Matrix
    /// Full ("pc", JPEG, 0...255) rather than limited ("tv", 16...235 luma) range.
    public var isFullRange: Bool

    /// Creates a description.
    public init(matrix: Matrix, isFullRange: Bool) {
        self.matrix = matrix
        self.isFullRange = isFullRange
    }

    /// BT.709 limited range: what mediabatch composites in and encodes.
    public static let bt709Limited = ColorDescription(matrix: .bt709, isFullRange: false)

    /// The matrix to assume when a picture does not say: BT.709 for HD (height >= 720), BT.601 for SD.
    public static func assumedMatrix(height: Int) -> Matrix {
        height >= 720 ? .bt709 : .bt601
    }

    /// The description libav's pixel format implies when a frame does not say: full range for RGB, grey and the
    /// JPEG (`yuvj*`) formats, limited for other Y'CbCr; BT.709.
    public static func implied(by format: PixelFormat) -> ColorDescription {
        ColorDescription(matrix: .bt709, isFullRange: format.isRGB || format.isJPEGRange || format.isGray)
    }

    /// `bt709/tv`.
    public var description: String { "\(matrix.rawValue)/\(isFullRange ? "pc" : "tv")" }
}

extension PixelFormat {
    /// Whether the format stores R, G and B (packed or planar).
    public var isRGB: Bool {
        guard let descriptor = av_pix_fmt_desc_get(av) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
    }

    /// Whether the format is one of the deprecated full-range JPEG formats (`yuvj420p`, `yuvj422p`, ...).
    public var isJPEGRange: Bool { name.hasPrefix("yuvj") }

    /// Whether the format has only a luma (and maybe alpha) component.
    public var isGray: Bool {
        guard let descriptor = av_pix_fmt_desc_get(av) else { return false }
        return descriptor.pointee.nb_components <= 2 && descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
            && descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
    }

    /// Whether the format stores Y'CbCr (not RGB, grey or palette).
    public var isYUV: Bool {
        guard let descriptor = av_pix_fmt_desc_get(av) else { return false }
        return !isRGB && descriptor.pointee.nb_components >= 3 && descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
    }
}
