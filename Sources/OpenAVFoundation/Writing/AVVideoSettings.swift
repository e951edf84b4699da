import Foundation

/// A video codec an asset writer input encodes with, by Apple's four-character names.
public struct AVVideoCodecType: RawRepresentable, Sendable, Hashable {
    /// The four characters (`"avc1"`).
    public let rawValue: String
    /// A codec type from its four characters.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// H.264, encoded by x264.
    public static let h264 = AVVideoCodecType(rawValue: "avc1")
    /// HEVC, encoded by x265.
    public static let hevc = AVVideoCodecType(rawValue: "hvc1")
}

/// H.264's codec name under its older constant.
public let AVVideoCodecH264 = AVVideoCodecType.h264.rawValue
/// HEVC's codec name under its older constant.
public let AVVideoCodecHEVC = AVVideoCodecType.hevc.rawValue

/// The settings key of the codec, an `AVVideoCodecType` (or its raw string).
public let AVVideoCodecKey = "AVVideoCodecKey"
/// The settings key of the encoded width in pixels.
public let AVVideoWidthKey = "AVVideoWidthKey"
/// The settings key of the encoded height in pixels.
public let AVVideoHeightKey = "AVVideoHeightKey"
/// The settings key of how pictures of another shape fill the encoded size (`AVVideoScalingModeResize` when not
/// given).
public let AVVideoScalingModeKey = "AVVideoScalingModeKey"
/// Stretch the whole picture to the encoded size.
public let AVVideoScalingModeResize = "AVVideoScalingModeResize"
/// Keep the picture's shape, fitting it whole inside the encoded size with black bars.
public let AVVideoScalingModeResizeAspect = "AVVideoScalingModeResizeAspect"
/// Keep the picture's shape, filling the encoded size and cutting off what falls outside it, centred.
public let AVVideoScalingModeResizeAspectFill = "AVVideoScalingModeResizeAspectFill"
/// The settings key of a dictionary describing the pictures' colours; only BT.709 is written here.
public let AVVideoColorPropertiesKey = "AVVideoColorPropertiesKey"
/// The colour properties key of the primaries.
public let AVVideoColorPrimariesKey = "ColorPrimaries"
/// The colour properties key of the transfer function.
public let AVVideoTransferFunctionKey = "TransferFunction"
/// The colour properties key of the Y'CbCr matrix.
public let AVVideoYCbCrMatrixKey = "YCbCrMatrix"
/// BT.709 primaries.
public let AVVideoColorPrimaries_ITU_R_709_2 = "ITU_R_709_2"
/// The BT.709 transfer function.
public let AVVideoTransferFunction_ITU_R_709_2 = "ITU_R_709_2"
/// The BT.709 Y'CbCr matrix.
public let AVVideoYCbCrMatrix_ITU_R_709_2 = "ITU_R_709_2"
/// BT.2020 primaries (HDR video).
public let AVVideoColorPrimaries_ITU_R_2020 = "ITU_R_2020"
/// Display P3 primaries.
public let AVVideoColorPrimaries_P3_D65 = "P3_D65"
/// SMPTE C primaries (BT.601 NTSC).
public let AVVideoColorPrimaries_SMPTE_C = "SMPTE_C"
/// The hybrid log-gamma transfer function of HDR video (BT.2100 HLG).
public let AVVideoTransferFunction_ITU_R_2100_HLG = "ITU_R_2100_HLG"
/// The perceptual quantizer transfer function of HDR video (SMPTE ST 2084, BT.2100 PQ).
public let AVVideoTransferFunction_SMPTE_ST_2084_PQ = "SMPTE_ST_2084_PQ"
/// The BT.2020 non-constant-luminance Y'CbCr matrix.
public let AVVideoYCbCrMatrix_ITU_R_2020 = "ITU_R_2020"
/// The BT.601 Y'CbCr matrix.
public let AVVideoYCbCrMatrix_ITU_R_601_4 = "ITU_R_601_4"
/// The settings key of a dictionary of the encoder's own settings (the keys below).
public let AVVideoCompressionPropertiesKey = "AVVideoCompressionPropertiesKey"
/// The compression key of the average bit rate in bits per second.
public let AVVideoAverageBitRateKey = "AverageBitRate"
/// The compression key of the longest run of frames between keyframes.
public let AVVideoMaxKeyFrameIntervalKey = "MaxKeyFrameInterval"
/// The compression key of the longest time between keyframes in seconds, counted in frames at the expected frame
/// rate.
public let AVVideoMaxKeyFrameIntervalDurationKey = "MaxKeyFrameIntervalDuration"
/// The compression key of the frame rate the pictures are expected at, which rate control plans for.
public let AVVideoExpectedSourceFrameRateKey = "ExpectedFrameRate"
/// The compression key saying whether frames may be stored out of display order (B-frames); true by default.
public let AVVideoAllowFrameReorderingKey = "AllowFrameReordering"
/// The compression key of the H.264 profile, one of the `AVVideoProfileLevelH264…AutoLevel` values.
public let AVVideoProfileLevelKey = "ProfileLevel"
/// H.264 Baseline profile, level chosen by the encoder.
public let AVVideoProfileLevelH264BaselineAutoLevel = "H264_Baseline_AutoLevel"
/// H.264 Main profile, level chosen by the encoder.
public let AVVideoProfileLevelH264MainAutoLevel = "H264_Main_AutoLevel"
/// H.264 High profile, level chosen by the encoder.
public let AVVideoProfileLevelH264HighAutoLevel = "H264_High_AutoLevel"

/// AAC: `'aac '`.
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320
/// Opus: `'opus'`.
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573
/// Apple Lossless: `'alac'`.
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163
/// The settings key of the bits per sample a lossless encoder keeps: 16 or 24 here.
public let AVEncoderBitDepthHintKey = "AVEncoderBitDepthHintKey"
/// The settings key of an audio encoder's bit rate in bits per second.
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
/// The settings key of an audio encoder's bit rate per channel in bits per second.
public let AVEncoderBitRatePerChannelKey = "AVEncoderBitRatePerChannelKey"
/// The settings key of how hard an AAC or Opus encoder works: an `AVAudioQuality` raw value.
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"

/// How hard an audio encoder works for the sound at its bit rate.
public enum AVAudioQuality: Int, Sendable {
    /// The fastest encoding.
    case min = 0
    /// Fast encoding.
    case low = 0x20
    /// Between speed and quality.
    case medium = 0x40
    /// Near the best.
    case high = 0x60
    /// The best.
    case max = 0x7F
}
