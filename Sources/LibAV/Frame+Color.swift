internal import CFFmpeg
import MediaCore

extension Frame {
    /// The picture's colour description: the range it is tagged with (or its format implies: `yuvj*`, RGB and grey
    /// are full range) and the matrix it is tagged with (BT.709, BT.601 / SMPTE 170M / BT.470 BG, BT.2020), or
    /// when untagged BT.709 for HD (height >= 720) and BT.601 for SD.
    public var colorDescription: ColorDescription {
        let frame = pointer.pointee
        let implied = ColorDescription.implied(by: pixelFormat)
        let fullRange: Bool = switch frame.color_range {
        case AVCOL_RANGE_JPEG: true
        case AVCOL_RANGE_MPEG: false
        default: implied.isFullRange
        }
        let matrix: ColorDescription.Matrix = switch frame.colorspace {
        case AVCOL_SPC_BT709: .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_SMPTE240M, AVCOL_SPC_FCC: .bt601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
        default: ColorDescription.assumedMatrix(height: height)
        }
        return ColorDescription(matrix: matrix, isFullRange: fullRange)
    }

    /// Tags the frame with `color` (range and matrix) and the matching primaries and transfer characteristics.
    public func tag(_ color: ColorDescription) {
        pointer.pointee.color_range = color.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        switch color.matrix {
        case .bt709:
            pointer.pointee.colorspace = AVCOL_SPC_BT709
            pointer.pointee.color_primaries = AVCOL_PRI_BT709
            pointer.pointee.color_trc = AVCOL_TRC_BT709
        case .bt601:
            pointer.pointee.colorspace = AVCOL_SPC_SMPTE170M
            pointer.pointee.color_primaries = AVCOL_PRI_SMPTE170M
            pointer.pointee.color_trc = AVCOL_TRC_SMPTE170M
        case .bt2020:
            pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
            pointer.pointee.color_primaries = AVCOL_PRI_BT2020
            pointer.pointee.color_trc = AVCOL_TRC_BT709
        }
    }

    /// The picture's sample (pixel) aspect ratio as the decoder reported it; nil when unknown.
    public var sampleAspectRatio: FrameRate? { FrameRate(pointer.pointee.sample_aspect_ratio) }

    /// Copies the presentation time (and its time base) of `other`.
    public func copyTiming(from other: Frame) {
        timeBase = other.timeBase
        pointer.pointee.pts = other.pointer.pointee.pts
    }
}
