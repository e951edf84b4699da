import Composition
import LibAV

/// How a preset becomes libav encoder names, options and muxer names.
extension ExportSettings {
    /// The libavformat muxer for the container (nil for pictures, which are written as they are).
    public var muxerName: String? {
        switch container {
        case .mp4, .m4a: "mp4"
        case .mov: "mov"
        case .webm: "webm"
        case .mkv: "matroska"
        case .gif: "gif"
        case .webp: "webp"
        case .jpeg, .png: nil
        }
    }

    /// Whether `faststart` applies to the container.
    public var supportsFaststart: Bool { container == .mp4 || container == .mov || container == .m4a }
    /// Whether the container trims packets placed before zero with an edit list, so copied sound can start with the
    /// packets that make its first sample decode right (Matroska and WebM would shift every stream instead).
    var trimsWithEditLists: Bool { container == .mp4 || container == .mov || container == .m4a }

    /// The libavcodec encoder for a video codec.
    public static func encoderName(_ codec: VideoCodec) -> String {
        switch codec {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .vp9: "libvpx-vp9"
        case .av1: "libsvtav1"
        case .prores: "prores_ks"
        case .mjpeg: "mjpeg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "libwebp_anim"
        }
    }

    /// The libavcodec encoder for an audio codec.
    public static func encoderName(_ codec: AudioCodec) -> String {
        switch codec {
        case .aac: "aac"
        case .opus: "libopus"
        }
    }

    /// The pixel format the video encoder is fed: the preset's, except for pictures (JPEG takes full-range
    /// `yuvj420p`, PNG `rgb24`, GIF palette indices, WebP `yuv420p`).
    public func encoderPixelFormat(_ video: Video) throws(ExportError) -> LibAV.PixelFormat {
        do {
            switch video.codec {
            case .mjpeg: return .yuvj420p
            case .png: return .rgb24
            case .gif: return .pal8
            case .webp: return .yuv420p
            default: return try LibAV.PixelFormat(name: video.pixelFormat)
            }
        } catch {
            throw ExportError.setup(reason: "preset '\(name)': \(error)")
        }
    }

    /// The encoder settings for `video`: rate control, keyframe interval, threads (`sessionThreads`) and codec options.
    public func encoderSettings(_ video: Video, pixelFormat: LibAV.PixelFormat) -> Encoder.VideoSettings {
        var options: [String: String] = [:]
        let speed = video.speed.lowercased()
        switch video.codec {
        case .h264, .hevc:
            options["preset"] = speed
            if let crf = video.crf { options["crf"] = String(crf) }
            // x265 sizes its worker pool from the machine unless told: pin it to the preset's threads.
            if video.codec == .hevc { options["x265-params"] = "log-level=error:pools=\(video.sessionThreads)" }
        case .vp9:
            let (deadline, cpuUsed) = Self.vp9Speed(speed)
            options["deadline"] = deadline
            options["cpu-used"] = String(cpuUsed)
            if let crf = video.crf { options["crf"] = String(crf) }
            options["row-mt"] = "1"
        case .av1:
            options["preset"] = String(Self.svtPreset(speed))
            if let crf = video.crf { options["crf"] = String(crf) }
        case .webp:
            if let quality = video.quality { options["quality"] = String(quality) }
        case .mjpeg:
            // A JPEG's crf is its fixed quantiser (2 best ... 31), as `ffmpeg -q:v` sets it.
            if let crf = video.crf {
                options["flags"] = "+qscale"
                options["global_quality"] = String(min(max(crf, 2), 31) * Self.lambdaPerQuantiser)
            }
        case .prores, .png, .gif:
            break
        }
        return Encoder.VideoSettings(
            width: video.width, height: video.height, pixelFormat: pixelFormat, frameRate: video.frameRate,
            bitRate: video.bitRate ?? 0, maxBitRate: video.maxBitRate ?? 0, gopSize: video.keyframeInterval ?? 0,
            threads: video.sessionThreads, options: options)
    }

    /// An `x264-params` value with `option` (`key=value`) added to `existing`.
    static func x264Params(_ existing: String?, adding option: String) -> String {
        guard let existing, !existing.isEmpty else { return option }
        return existing + ":" + option
    }

    /// libavcodec's `FF_QP2LAMBDA`: `global_quality` is a quantiser in these units.
    static let lambdaPerQuantiser = 118

    /// The encoder settings for `audio` (Opus always at 48 kHz, interleaved float), with its effort: the AAC
    /// encoder's fast coefficient search for the two least, libopus's complexity 0, 3, 6, 8 or 10.
    public func encoderSettings(_ audio: Audio) -> Encoder.AudioSettings {
        switch audio.codec {
        case .aac:
            let fast: Set<AudioEncoderEffort> = [.least, .low]
            return Encoder.AudioSettings(sampleRate: audio.sampleRate, channels: audio.channels, sampleFormat: .fltp,
                                         bitRate: audio.bitRate,
                                         options: audio.effort.map(fast.contains) == true ? ["aac_coder": "fast"] : [:])
        case .opus:
            let complexity: [AudioEncoderEffort: Int] = [.least: 0, .low: 3, .medium: 6, .high: 8, .most: 10]
            return Encoder.AudioSettings(sampleRate: 48_000, channels: audio.channels, sampleFormat: .flt,
                                         bitRate: audio.bitRate,
                                         options: audio.effort.flatMap { complexity[$0] }
                                             .map { ["compression_level": String($0)] } ?? [:])
        }
    }

    /// x264-style speed names to libvpx `deadline` and `cpu-used`.
    static func vp9Speed(_ speed: String) -> (String, Int) {
        switch speed {
        case "ultrafast", "superfast": ("realtime", 8)
        case "veryfast": ("good", 5)
        case "faster", "fast": ("good", 4)
        case "medium": ("good", 2)
        case "slow", "slower": ("good", 1)
        default: ("best", 0)
        }
    }

    /// x264-style speed names to an SVT-AV1 preset number (0 slowest ... 13 fastest).
    static func svtPreset(_ speed: String) -> Int {
        switch speed {
        case "ultrafast": 12
        case "superfast": 11
        case "veryfast": 10
        case "faster": 9
        case "fast": 8
        case "medium": 6
        case "slow": 5
        case "slower": 4
        case "veryslow": 2
        default: Int(speed) ?? 8
        }
    }

    /// The tags of the stream of `kind` (`video` or `audio`): the container's `language`, then the stream's own.
    func streamTags(_ kind: String) -> [String: String] {
        var tags: [String: String] = [:]
        if let language = metadata["language"] { tags["language"] = language }
        for (key, value) in streamMetadata?[kind] ?? [:] { tags[key] = value }
        return tags
    }
}
