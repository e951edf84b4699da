import MediaCore

/// What an export writes: container, video and audio encoding, and container options (a resolved preset).
public struct ExportSettings: Sendable, Hashable, Codable {
    /// The file format written.
    public enum Container: String, Sendable, Hashable, Codable, CaseIterable {
        /// MPEG-4 (`.mp4`).
        case mp4
        /// QuickTime (`.mov`).
        case mov
        /// WebM (`.webm`).
        case webm
        /// Matroska (`.mkv`).
        case mkv
        /// MPEG-4 audio (`.m4a`), for audio-only presets.
        case m4a
        /// A single JPEG picture (poster frame).
        case jpeg
        /// A single PNG picture (poster frame).
        case png
        /// An animated GIF: one palette for the whole output, no sound.
        case gif
        /// An animated WebP (libwebp), no sound.
        case webp

        /// The file name extension, without the dot.
        public var fileExtension: String {
            switch self {
            case .jpeg: "jpg"
            default: rawValue
            }
        }

        /// Whether the container holds one still picture rather than timed media.
        public var isStillImage: Bool { self == .jpeg || self == .png }

        /// Whether the container is an animated picture (GIF, WebP): pictures only, looping.
        public var isAnimatedPicture: Bool { self == .gif || self == .webp }
    }

    /// Video encoders by the names presets use.
    public enum VideoCodec: String, Sendable, Hashable, Codable, CaseIterable {
        /// H.264 through libx264.
        case h264
        /// HEVC through libx265.
        case hevc
        /// VP9 through libvpx-vp9.
        case vp9
        /// AV1 through libsvtav1.
        case av1
        /// Apple ProRes through prores_ks.
        case prores
        /// JPEG, for poster frames.
        case mjpeg
        /// PNG, for poster frames.
        case png
        /// GIF (FFmpeg's encoder, fed through a per-output palette), for animated GIF outputs.
        case gif
        /// WebP through libwebp's animation encoder, for animated WebP outputs.
        case webp
    }

    /// Audio encoders by the names presets use.
    public enum AudioCodec: String, Sendable, Hashable, Codable, CaseIterable {
        /// AAC-LC through FFmpeg's native encoder.
        case aac
        /// Opus through libopus.
        case opus
    }

    /// Standard or high dynamic range video.
    public enum DynamicRange: String, Sendable, Hashable, Codable, CaseIterable {
        /// SDR BT.709: HDR sources are tone-mapped.
        case sdr
        /// HDR BT.2020 with the sources' HLG or PQ, as 10-bit HEVC; SDR sources are placed at HDR reference white.
        case hdr
        /// As `hdr`, always in HLG: PQ sources are converted.
        case hlg
        /// As `hdr`, always in PQ: HLG sources are converted.
        case pq
    }

    /// How the video stream is encoded.
    public struct Video: Sendable, Hashable, Codable {
        /// The encoder.
        public var codec: VideoCodec
        /// Canvas width in pixels.
        public var width: Int
        /// Canvas height in pixels.
        public var height: Int
        /// Output frame rate.
        public var frameRate: FrameRate
        /// Constant rate factor, when quality-targeted.
        public var crf: Int?
        /// Target bit rate in bits per second, when bitrate-targeted.
        public var bitRate: Int?
        /// Bit rate ceiling in bits per second (VBV).
        public var maxBitRate: Int?
        /// Encoder speed preset (`veryfast`, `medium`, ...).
        public var speed: String
        /// Output pixel format (`yuv420p`, `yuv422p10le`).
        public var pixelFormat: String
        /// Whether a canvas larger than the sources is allowed (presets never upscale unless asked).
        public var allowUpscale: Bool
        /// Frames between keyframes; nil lets the encoder choose.
        public var keyframeInterval: Int?
        /// Animated WebP quality, 0 (smallest) ... 100 (best); nil for libwebp's default (75).
        public var quality: Int?
        /// Encoder threads. Fixed by the preset, never by the machine or the batch, because encoders such as x264
        /// and x265 make different (equally valid) bytes with different thread counts.
        public var threads: Int
        /// SDR or HDR; nil is SDR.
        public var dynamicRange: DynamicRange?

        /// Creates video settings.
        public init(codec: VideoCodec, width: Int, height: Int, frameRate: FrameRate, crf: Int? = nil,
                    bitRate: Int? = nil, maxBitRate: Int? = nil, speed: String = "medium",
                    pixelFormat: String = "yuv420p", allowUpscale: Bool = false, keyframeInterval: Int? = nil,
                    threads: Int = Video.defaultThreads, dynamicRange: DynamicRange? = nil) {
            self.codec = codec
            self.width = width
            self.height = height
            self.frameRate = frameRate
            self.crf = crf
            self.bitRate = bitRate
            self.maxBitRate = maxBitRate
            self.speed = speed
            self.pixelFormat = pixelFormat
            self.allowUpscale = allowUpscale
            self.keyframeInterval = keyframeInterval
            self.quality = nil
            self.threads = threads
            self.dynamicRange = dynamicRange
        }

        /// Two encoder threads unless a preset says otherwise: enough to keep two cores busy beside the thread that
        /// decodes and composites, few enough for several renders to share a machine.
        public static let defaultThreads = 2

        /// Whether the output is HDR.
        public var isHDR: Bool { dynamicRange.map { $0 != .sdr } ?? false }
    }

    /// How the audio stream is encoded.
    public struct Audio: Sendable, Hashable, Codable {
        /// The encoder.
        public var codec: AudioCodec
        /// Bit rate in bits per second.
        public var bitRate: Int
        /// Samples per second.
        public var sampleRate: Int
        /// Channel count.
        public var channels: Int
        /// Integrated loudness target in LUFS, when the preset normalizes.
        public var loudnessTarget: Double?
        /// True-peak ceiling in dBTP, when the preset normalizes.
        public var truePeakCeiling: Double?
        /// How hard the encoder works for its bit rate; nil for the encoder's default (its most).
        public var effort: AudioEncoderEffort?

        /// Creates audio settings.
        public init(codec: AudioCodec, bitRate: Int = 192_000, sampleRate: Int = 48_000, channels: Int = 2,
                    loudnessTarget: Double? = nil, truePeakCeiling: Double? = nil, effort: AudioEncoderEffort? = nil) {
            self.codec = codec
            self.bitRate = bitRate
            self.sampleRate = sampleRate
            self.channels = channels
            self.loudnessTarget = loudnessTarget
            self.truePeakCeiling = truePeakCeiling
            self.effort = effort
        }
    }

    /// How hard an audio encoder works for the sound at its bit rate, as AVFoundation's `AVAudioQuality` asks: less
    /// effort encodes faster and sounds a little worse at the same rate.
    public enum AudioEncoderEffort: String, Sendable, Hashable, Codable, CaseIterable {
        /// The fastest encoding.
        case least
        /// Fast encoding.
        case low
        /// Between speed and quality.
        case medium
        /// Near the best.
        case high
        /// The best the encoder does (its default).
        case most
    }

    /// The preset's name, for reports.
    public var name: String
    /// The file format.
    public var container: Container
    /// Video encoding; nil for audio-only outputs.
    public var video: Video?
    /// Audio encoding; nil for silent outputs and pictures.
    public var audio: Audio?
    /// Move the index to the front of mp4/mov files (`shouldOptimizeForNetworkUse`).
    public var faststart: Bool
    /// Copy compressed samples instead of re-encoding when the composition allows it.
    public var passthrough: Bool
    /// For picture presets: the composition time of the poster frame.
    public var posterTime: MediaTime?
    /// Container metadata tags (title, description, copyright, language, custom keys); a `language` tag is also
    /// written on every stream, where players look for it.
    public var metadata: [String: String]
    /// For animated pictures: play forever (the default) or once.
    public var loops: Bool
    /// The largest share (0...1) of a source stream's decoded packets that may be damaged and concealed before the
    /// output fails; nil means `defaultDamageLimit`, 0 tolerates no damage at all.
    public var damageLimit: Double?

    /// The damage limit when a preset does not set one: 5 %, a few bad packets in a clip but not a broken file.
    public static let defaultDamageLimit = 0.05

    /// Whether every source packet must be decoded to prove it undamaged (a damage limit of 0, as `--strict` sets):
    /// passthrough then copies nothing, since copied packets are never decoded.
    public var checksEveryPacket: Bool { damageLimit == 0 }
    /// Stream tags by stream kind (`video`, `audio`), over the container's `language`; nil when there are none.
    public var streamMetadata: [String: [String: String]]? = nil

    /// Creates export settings.
    public init(name: String, container: Container, video: Video?, audio: Audio?, faststart: Bool = true,
                passthrough: Bool = false, posterTime: MediaTime? = nil, metadata: [String: String] = [:],
                loops: Bool = true, damageLimit: Double? = nil) {
        self.name = name
        self.container = container
        self.video = video
        self.audio = audio
        self.faststart = faststart
        self.passthrough = passthrough
        self.posterTime = posterTime
        self.metadata = metadata
        self.loops = loops
        self.damageLimit = damageLimit
    }
}
