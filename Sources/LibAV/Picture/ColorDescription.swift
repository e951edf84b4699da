internal import CFFmpeg

/// How a picture's code values map to colours: the Y'CbCr matrix, the quantisation range, the transfer
/// characteristic (the curve from code value to light) and the colour primaries (which red, green and blue).
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

    /// The transfer characteristic: how code values relate to light.
    public enum Transfer: String, Sendable, Hashable, CaseIterable {
        /// ITU-R BT.709 (also BT.2020 10 and 12 bit, which use the same curve): SDR video.
        case bt709
        /// SMPTE 170M / BT.601: the BT.709 curve under its SD name.
        case bt601
        /// IEC 61966-2-1 (sRGB): SDR computer pictures.
        case srgb
        /// SMPTE ST 2084 perceptual quantiser: HDR10 and Dolby Vision, absolute light up to 10000 cd/m2.
        case pq
        /// ARIB STD-B67 hybrid log-gamma: broadcast and phone HDR, relative light.
        case hlg
        /// Linear light.
        case linear

        /// Whether the curve carries high dynamic range (PQ or HLG).
        public var isHDR: Bool { self == .pq || self == .hlg }
    }

    /// The colour primaries: the chromaticities of red, green, blue and white.
    public enum Primaries: String, Sendable, Hashable, CaseIterable {
        /// ITU-R BT.709 (also sRGB).
        case bt709
        /// SMPTE 170M / BT.470 BG (SD video); within a few percent of BT.709.
        case bt601
        /// ITU-R BT.2020 wide gamut (UHD and HDR).
        case bt2020
        /// Display P3: SMPTE EG 432 primaries with a D65 white (phones, cinema grading for the web).
        case p3
        /// DCI-P3: SMPTE RP 431 primaries with the DCI white (digital cinema).
        case dciP3
    }

    /// The matrix.
    public var matrix: Matrix
    /// Full ("pc", JPEG, 0...255) rather than limited ("tv", 16...235 luma) range.
    public var isFullRange: Bool
    /// The transfer characteristic.
    public var transfer: Transfer
    /// The colour primaries.
    public var primaries: Primaries

    /// Creates a description; transfer and primaries default to what the matrix implies when a picture does not say
    /// (BT.709 for BT.709, BT.601 for BT.601, the BT.709 curve with BT.2020 primaries for BT.2020).
    public init(matrix: Matrix, isFullRange: Bool, transfer: Transfer? = nil, primaries: Primaries? = nil) {
        self.matrix = matrix
        self.isFullRange = isFullRange
        self.transfer = transfer ?? (matrix == .bt601 ? .bt601 : .bt709)
        let implied: Primaries = switch matrix {
        case .bt709: .bt709
        case .bt601: .bt601
        case .bt2020: .bt2020
        }
        self.primaries = primaries ?? implied
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

    /// Whether the picture is high dynamic range (PQ or HLG).
    public var isHDR: Bool { transfer.isHDR }

    /// Whether showing the picture as BT.709 SDR needs more than a matrix and range change: an HDR or linear
    /// transfer, or wide-gamut (BT.2020, P3) primaries. BT.601 primaries and the sRGB and BT.601 curves are close
    /// enough to BT.709 that video practice shows them unconverted.
    public var needsLightConversion: Bool {
        transfer.isHDR || transfer == .linear || primaries == .bt2020 || primaries == .p3 || primaries == .dciP3
    }

    /// `bt709/tv`, with transfer and primaries added when they are not what the matrix implies
    /// (`bt2020/tv/hlg/bt2020`).
    public var description: String {
        let base = "\(matrix.rawValue)/\(isFullRange ? "pc" : "tv")"
        let implied = ColorDescription(matrix: matrix, isFullRange: isFullRange)
        guard transfer != implied.transfer || primaries != implied.primaries else { return base }
        return base + "/\(transfer.rawValue)/\(primaries.rawValue)"
    }
}

extension ColorDescription {
    /// zimg's names for the matrix, range, transfer and primaries, as libavfilter's `zscale` takes them.
    public var zscaleNames: (matrix: String, range: String, transfer: String, primaries: String) {
        let matrix = switch self.matrix {
        case .bt709: "709"
        case .bt601: "170m"
        case .bt2020: "2020_ncl"
        }
        let transfer = switch self.transfer {
        case .bt709, .bt601: "709"
        case .srgb: "iec61966-2-1"
        case .pq: "smpte2084"
        case .hlg: "arib-std-b67"
        case .linear: "linear"
        }
        let primaries = switch self.primaries {
        case .bt709: "709"
        case .bt601: "170m"
        case .bt2020: "2020"
        case .p3: "smpte432"
        case .dciP3: "smpte431"
        }
        return (matrix, isFullRange ? "full" : "limited", transfer, primaries)
    }
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
