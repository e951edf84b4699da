internal import CFFmpeg
import MediaCore

extension Frame {
    /// The picture's colour description as tagged. Untagged parts are assumed: the range from the pixel format
    /// (`yuvj*`, RGB and grey are full range), the matrix from the size (BT.709 for HD, height >= 720, else BT.601),
    /// and transfer and primaries from the matrix (see `ColorDescription.init`).
    public var colorDescription: ColorDescription {
        let frame = pointer.pointee
        return ColorDescription(range: frame.color_range, matrix: frame.colorspace, transfer: frame.color_trc,
                                primaries: frame.color_primaries, implied: .implied(by: pixelFormat), height: height)
    }

    /// Tags the frame with `color`: range, matrix, transfer characteristic and primaries.
    public func tag(_ color: ColorDescription) {
        pointer.pointee.color_range = color.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        pointer.pointee.colorspace = color.codecMatrix
        pointer.pointee.color_trc = color.codecTransfer
        pointer.pointee.color_primaries = color.codecPrimaries
    }

    /// The HDR10 static metadata the picture carries (content light level, mastering display); nil when it carries
    /// neither.
    public var hdrMetadata: HDRMetadata? {
        var metadata = HDRMetadata()
        if let data = av_frame_get_side_data(pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL),
           data.pointee.size >= MemoryLayout<AVContentLightMetadata>.size {
            let level = data.pointee.data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee }
            metadata.maxContentLight = Int(level.MaxCLL)
            metadata.maxFrameAverageLight = Int(level.MaxFALL)
        }
        if let data = av_frame_get_side_data(pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
           data.pointee.size >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            let display = data.pointee.data.withMemoryRebound(to: AVMasteringDisplayMetadata.self, capacity: 1) { $0.pointee }
            if display.has_primaries != 0, display.has_luminance != 0 {
                func point(_ pair: (AVRational, AVRational)) -> (x: Double, y: Double) { (av_q2d(pair.0), av_q2d(pair.1)) }
                // libav orders the primaries red, green, blue.
                metadata.masteringDisplay = HDRMetadata.MasteringDisplay(
                    red: point(display.display_primaries.0), green: point(display.display_primaries.1),
                    blue: point(display.display_primaries.2), white: point(display.white_point),
                    maxLuminance: av_q2d(display.max_luminance), minLuminance: av_q2d(display.min_luminance))
            }
        }
        return metadata == HDRMetadata() ? nil : metadata
    }

    /// The brightest light the picture's HDR metadata promises, in cd/m2 (see `HDRMetadata.peakLuminance`).
    public var peakLuminance: Double? { hdrMetadata?.peakLuminance }

    /// The picture's sample (pixel) aspect ratio as the decoder reported it; nil when unknown.
    public var sampleAspectRatio: FrameRate? { FrameRate(pointer.pointee.sample_aspect_ratio) }

    /// Whether the decoder marked the picture as interlaced (two fields woven into one frame).
    public var isInterlaced: Bool { pointer.pointee.interlaced_frame != 0 }

    /// Whether an interlaced picture's top field comes first in time.
    public var isTopFieldFirst: Bool { pointer.pointee.top_field_first != 0 }

    /// Copies the presentation time (and its time base) of `other`.
    public func copyTiming(from other: Frame) {
        timeBase = other.timeBase
        pointer.pointee.pts = other.pointer.pointee.pts
    }
}

extension ColorDescription {
    /// libav's matrix constant.
    var codecMatrix: AVColorSpace {
        switch matrix {
        case .bt709: AVCOL_SPC_BT709
        case .bt601: AVCOL_SPC_SMPTE170M
        case .bt2020: AVCOL_SPC_BT2020_NCL
        }
    }

    /// libav's transfer characteristic constant.
    var codecTransfer: AVColorTransferCharacteristic {
        switch transfer {
        case .bt709: AVCOL_TRC_BT709
        case .bt601: AVCOL_TRC_SMPTE170M
        case .srgb: AVCOL_TRC_IEC61966_2_1
        case .pq: AVCOL_TRC_SMPTE2084
        case .hlg: AVCOL_TRC_ARIB_STD_B67
        case .linear: AVCOL_TRC_LINEAR
        }
    }

    /// libav's primaries constant.
    var codecPrimaries: AVColorPrimaries {
        switch primaries {
        case .bt709: AVCOL_PRI_BT709
        case .bt601: AVCOL_PRI_SMPTE170M
        case .bt2020: AVCOL_PRI_BT2020
        case .p3: AVCOL_PRI_SMPTE432
        case .dciP3: AVCOL_PRI_SMPTE431
        }
    }
}
