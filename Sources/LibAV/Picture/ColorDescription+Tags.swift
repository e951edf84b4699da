internal import CFFmpeg
import MediaCore

extension ColorDescription {
    /// The description libav's tags give, the one mapping from them for frames and probed streams alike. Untagged
    /// parts are assumed: the range from `implied` (the pixel format's), the matrix from `height` (see
    /// `assumedMatrix(height:)`), transfer and primaries from the matrix (see
    /// `init(matrix:isFullRange:transfer:primaries:)`).
    init(range: AVColorRange, matrix: AVColorSpace, transfer: AVColorTransferCharacteristic,
         primaries: AVColorPrimaries, implied: ColorDescription, height: Int) {
        let fullRange: Bool = switch range {
        case AVCOL_RANGE_JPEG: true
        case AVCOL_RANGE_MPEG: false
        default: implied.isFullRange
        }
        let matrix: Matrix = switch matrix {
        case AVCOL_SPC_BT709: .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_SMPTE240M, AVCOL_SPC_FCC: .bt601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
        default: Self.assumedMatrix(height: height)
        }
        let transfer: Transfer? = switch transfer {
        case AVCOL_TRC_BT709, AVCOL_TRC_BT2020_10, AVCOL_TRC_BT2020_12: .bt709
        case AVCOL_TRC_SMPTE170M, AVCOL_TRC_GAMMA22, AVCOL_TRC_GAMMA28, AVCOL_TRC_SMPTE240M: .bt601
        case AVCOL_TRC_IEC61966_2_1: .srgb
        case AVCOL_TRC_SMPTE2084: .pq
        case AVCOL_TRC_ARIB_STD_B67: .hlg
        case AVCOL_TRC_LINEAR: .linear
        default: nil
        }
        let primaries: Primaries? = switch primaries {
        case AVCOL_PRI_BT709: .bt709
        case AVCOL_PRI_SMPTE170M, AVCOL_PRI_BT470BG, AVCOL_PRI_BT470M, AVCOL_PRI_SMPTE240M: .bt601
        case AVCOL_PRI_BT2020: .bt2020
        case AVCOL_PRI_SMPTE432: .p3
        case AVCOL_PRI_SMPTE431: .dciP3
        default: nil
        }
        self.init(matrix: matrix, isFullRange: fullRange, transfer: transfer, primaries: primaries)
    }

    /// The description a probed video stream's tags give (libav's names, as `InputFile.probe` stores them), as its
    /// decoded pictures will carry it when they repeat the stream's tags.
    public init(probed stream: ProbedStream) {
        let format = stream.pixelFormat.flatMap { try? PixelFormat(name: $0) }
        let range = Self.tag(stream.colorRange, av_color_range_from_name) ?? AVCOL_RANGE_UNSPECIFIED.rawValue
        let matrix = Self.tag(stream.colorMatrix, av_color_space_from_name) ?? AVCOL_SPC_UNSPECIFIED.rawValue
        let transfer = Self.tag(stream.colorTransfer, av_color_transfer_from_name) ?? AVCOL_TRC_UNSPECIFIED.rawValue
        let primaries = Self.tag(stream.colorPrimaries, av_color_primaries_from_name) ?? AVCOL_PRI_UNSPECIFIED.rawValue
        self.init(range: AVColorRange(rawValue: range), matrix: AVColorSpace(rawValue: matrix),
                  transfer: AVColorTransferCharacteristic(rawValue: transfer),
                  primaries: AVColorPrimaries(rawValue: primaries),
                  implied: format.map { .implied(by: $0) } ?? .bt709Limited, height: stream.height)
    }

    /// The tag value libav's `lookup` gives `name`; nil for no name or one it does not know.
    private static func tag(_ name: String?, _ lookup: (UnsafePointer<CChar>?) -> Int32) -> UInt32? {
        guard let value = name?.withCString({ lookup($0) }), value >= 0 else { return nil }
        return UInt32(value)
    }
}
