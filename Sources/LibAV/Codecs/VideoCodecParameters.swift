internal import CFFmpeg
import MediaCore

/// What a video stream's codec parameters say about its coded pictures, for re-encoding pieces of it that must fit
/// back into the copied stream (smart passthrough).
public struct VideoCodecParameters: Sendable, Hashable {
    /// The codec's profile number (`AV_PROFILE_*`, 100 for H.264 High), -99 when unknown.
    public var profile: Int
    /// The codec's level number (40 for H.264 level 4.0), -99 when unknown.
    public var level: Int
    /// The pixel format's libav name, nil when unknown.
    public var pixelFormat: String?
    /// The sample aspect ratio as numerator and denominator (0:1 when unknown).
    public var sampleAspect: (Int, Int) { (sampleAspectNumerator, sampleAspectDenominator) }
    /// The sample aspect ratio's numerator.
    public var sampleAspectNumerator: Int
    /// The sample aspect ratio's denominator.
    public var sampleAspectDenominator: Int
    /// Colour range, primaries, transfer and matrix as libav names; nil for each that is unspecified.
    public var colorRange: String?, colorPrimaries: String?, colorTransfer: String?, colorMatrix: String?
    /// The stream's codec headers (avcC for H.264 in mp4 and mov).
    public var extradata: [UInt8]
}

extension InputFile {
    /// The codec parameters of video stream `index`.
    public func videoCodecParameters(ofStream index: Int) throws(LibAVError) -> VideoCodecParameters {
        let parameters = try stream(index).pointee.codecpar.pointee
        let extradata = parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(parameters.extradata_size))) }
        func name(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        return VideoCodecParameters(
            profile: Int(parameters.profile), level: Int(parameters.level),
            pixelFormat: name(av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format))),
            sampleAspectNumerator: Int(parameters.sample_aspect_ratio.num),
            sampleAspectDenominator: Int(parameters.sample_aspect_ratio.den),
            colorRange: parameters.color_range == AVCOL_RANGE_UNSPECIFIED ? nil : name(av_color_range_name(parameters.color_range)),
            colorPrimaries: parameters.color_primaries == AVCOL_PRI_UNSPECIFIED
                ? nil : name(av_color_primaries_name(parameters.color_primaries)),
            colorTransfer: parameters.color_trc == AVCOL_TRC_UNSPECIFIED ? nil : name(av_color_transfer_name(parameters.color_trc)),
            colorMatrix: parameters.color_space == AVCOL_SPC_UNSPECIFIED ? nil : name(av_color_space_name(parameters.color_space)),
            extradata: extradata ?? [])
    }
}
