internal import CFFmpeg
import Foundation
import MediaCore

extension InputFile {
    /// Demuxers that read single still pictures.
    static let stillImageFormats: Set<String> = ["image2", "png_pipe", "jpeg_pipe", "webp_pipe", "bmp_pipe",
                                                 "tiff_pipe", "gif_pipe", "jpegls_pipe", "qoi_pipe"]

    /// What the container says about the file and all its streams.
    public var media: ProbedMedia {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? max(0, avio_size(context.pointee.pb))
        return ProbedMedia(path: path, formatName: formatName, duration: duration, byteSize: size,
                           bitRate: max(0, context.pointee.bit_rate),
                           streams: (0..<streamCount).compactMap { try? probedStream($0) },
                           metadata: OptionsDictionary.entries(of: context.pointee.metadata))
    }

    /// What the container says about stream `index`.
    public func probedStream(_ index: Int) throws(LibAVError) -> ProbedStream {
        let stream = try self.stream(index).pointee
        let parameters = stream.codecpar.pointee
        let type: MediaType = switch parameters.codec_type {
        case AVMEDIA_TYPE_VIDEO: .video
        case AVMEDIA_TYPE_AUDIO: .audio
        case AVMEDIA_TYPE_SUBTITLE: .subtitle
        default: .data
        }
        let duration = stream.duration == mb_av_nopts_value()
            ? MediaTime.indefinite : MediaTime(ticks: stream.duration, timeBase: stream.time_base)
        var result = ProbedStream(
            index: index, mediaType: type, codecName: String(cString: avcodec_get_name(parameters.codec_id)),
            duration: duration, timeBase: MediaTime(ticks: 1, timeBase: stream.time_base),
            bitRate: max(0, parameters.bit_rate), metadata: OptionsDictionary.entries(of: stream.metadata))
        switch type {
        case .video:
            result.width = Int(parameters.width)
            result.height = Int(parameters.height)
            result.frameRate = FrameRate(stream.avg_frame_rate) ?? FrameRate(stream.r_frame_rate)
            result.pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) }
            result.rotation = rotation(of: index)
            let aspect = av_guess_sample_aspect_ratio(context, try self.stream(index), nil)
            result.sampleAspectRatio = FrameRate(aspect)
            if parameters.color_range != AVCOL_RANGE_UNSPECIFIED {
                result.colorRange = av_color_range_name(parameters.color_range).map { String(cString: $0) }
            }
            if parameters.color_primaries != AVCOL_PRI_UNSPECIFIED {
                result.colorPrimaries = av_color_primaries_name(parameters.color_primaries).map { String(cString: $0) }
            }
            if parameters.color_trc != AVCOL_TRC_UNSPECIFIED {
                result.colorTransfer = av_color_transfer_name(parameters.color_trc).map { String(cString: $0) }
            }
            if parameters.color_space != AVCOL_SPC_UNSPECIFIED {
                result.colorMatrix = av_color_space_name(parameters.color_space).map { String(cString: $0) }
            }
            result.isAttachedPicture = stream.disposition & AV_DISPOSITION_ATTACHED_PIC != 0
            let singleFrame = stream.nb_frames <= 1
                && (stream.duration == mb_av_nopts_value() || stream.duration <= 1)
            let imageCodec = [AV_CODEC_ID_PNG, AV_CODEC_ID_MJPEG, AV_CODEC_ID_WEBP, AV_CODEC_ID_BMP, AV_CODEC_ID_TIFF]
                .contains(parameters.codec_id)
            result.isStillImage = !result.isAttachedPicture && singleFrame
                && (Self.stillImageFormats.contains(formatName) || (imageCodec && stream.nb_frames == 1))
        case .audio:
            result.sampleRate = Int(parameters.sample_rate)
            result.channels = Int(parameters.ch_layout.nb_channels)
        case .subtitle, .data:
            break
        }
        return result
    }

    /// The clockwise display rotation of a stream (0, 90, 180, 270) from its display matrix side data.
    func rotation(of index: Int) -> Int {
        guard let stream = try? self.stream(index) else { return 0 }
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 0 }
        let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard counterClockwise.isFinite else { return 0 }
        let quarterTurns = Int((-counterClockwise / 90).rounded())
        return ((quarterTurns % 4) + 4) % 4 * 90
    }
}

extension InputFile {
    /// How the fields of a video stream's pictures are ordered, as its codec parameters say.
    public enum FieldOrder: Sendable, Hashable {
        /// Whole frames (or the stream does not say).
        case progressive
        /// Interlaced, the top field shown first.
        case topFieldFirst
        /// Interlaced, the bottom field shown first.
        case bottomFieldFirst
    }

    /// The field order of stream `index` (`field_order` tt and bt show the top field first, bb and tb the bottom).
    public func fieldOrder(ofStream index: Int) -> FieldOrder {
        guard let stream = try? self.stream(index) else { return .progressive }
        switch stream.pointee.codecpar.pointee.field_order {
        case AV_FIELD_TT, AV_FIELD_BT: return .topFieldFirst
        case AV_FIELD_BB, AV_FIELD_TB: return .bottomFieldFirst
        default: return .progressive
        }
    }

    /// How long stream `index` shows a keyframe after decoding it: its reorder depth (pictures a decoder holds back
    /// for B-frames) at its average frame rate; zero when unknown. An index's keyframe times are decode times, so a
    /// keyframe is shown this much later.
    public func reorderDelay(ofStream index: Int) -> MediaTime {
        guard let stream = try? self.stream(index) else { return .zero }
        let depth = Int64(max(0, stream.pointee.codecpar.pointee.video_delay))
        let rate = stream.pointee.avg_frame_rate
        guard depth > 0, rate.num > 0, rate.den > 0 else { return .zero }
        return MediaTime(value: depth * Int64(rate.den), timescale: rate.num)
    }
}
