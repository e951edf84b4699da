/// What probing a media file found: its container, duration, size and streams.
public struct ProbedMedia: Sendable, Hashable, Codable {
    /// The file's path.
    public var path: String
    /// The container's short name as libavformat says it (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `png_pipe`).
    public var formatName: String
    /// The whole file's duration (the longest stream); `indefinite` when unknown.
    public var duration: MediaTime
    /// The file's size in bytes.
    public var byteSize: Int64
    /// The container's overall bit rate in bits per second, 0 when unknown.
    public var bitRate: Int64
    /// The streams in file order.
    public var streams: [ProbedStream]
    /// Container-level metadata tags.
    public var metadata: [String: String]

    /// Creates a probe result.
    public init(path: String, formatName: String, duration: MediaTime, byteSize: Int64, bitRate: Int64 = 0,
                streams: [ProbedStream], metadata: [String: String] = [:]) {
        self.path = path
        self.formatName = formatName
        self.duration = duration
        self.byteSize = byteSize
        self.bitRate = bitRate
        self.streams = streams
        self.metadata = metadata
    }

    /// The first video stream that is not an attached cover picture.
    public var primaryVideo: ProbedStream? { streams.first { $0.mediaType == .video && !$0.isAttachedPicture } }
    /// The first audio stream.
    public var primaryAudio: ProbedStream? { streams.first { $0.mediaType == .audio } }
}

/// One stream of a probed file.
public struct ProbedStream: Sendable, Hashable, Codable {
    /// The stream's index in the container.
    public var index: Int
    /// Video, audio, subtitle or data.
    public var mediaType: MediaType
    /// The codec's short name (`h264`, `aac`, `png`).
    public var codecName: String
    /// The stream's duration; `indefinite` when the container does not say.
    public var duration: MediaTime
    /// The container's time base for this stream, as a frame duration-like exact time (1/timescale).
    public var timeBase: MediaTime
    /// Bit rate in bits per second, 0 when unknown.
    public var bitRate: Int64
    /// Video: coded width in pixels (before rotation).
    public var width: Int
    /// Video: coded height in pixels (before rotation).
    public var height: Int
    /// Video: the average (or, failing that, the real base) frame rate.
    public var frameRate: FrameRate?
    /// Video: the pixel format's name (`yuv420p`, `rgba`).
    public var pixelFormat: String?
    /// Video: the display rotation in degrees clockwise (0, 90, 180, 270) from the display matrix.
    public var rotation: Int
    /// Video: sample aspect ratio as numerator and denominator (1:1 for square pixels).
    public var sampleAspectRatio: FrameRate?
    /// Video: `tv` (limited) or `pc` (full) range, when known.
    public var colorRange: String?
    /// Video: colour primaries (`bt709`, `bt2020`), when known.
    public var colorPrimaries: String?
    /// Video: the transfer characteristic (`bt709`, `arib-std-b67`, `smpte2084`), when known.
    public var colorTransfer: String?
    /// Video: the Y'CbCr matrix (`bt709`, `bt2020nc`), when known.
    public var colorMatrix: String?
    /// Video: a single still picture (PNG, JPEG) rather than a moving stream.
    public var isStillImage: Bool
    /// Video: an attached cover picture in an audio file.
    public var isAttachedPicture: Bool
    /// Audio: samples per second.
    public var sampleRate: Int
    /// Audio: channel count.
    public var channels: Int
    /// Stream-level metadata tags (`language`, `handler_name`).
    public var metadata: [String: String]

    /// Creates a stream description; fields that do not apply keep their zero defaults.
    public init(index: Int, mediaType: MediaType, codecName: String, duration: MediaTime,
                timeBase: MediaTime = MediaTime(value: 1, timescale: 90000), bitRate: Int64 = 0,
                width: Int = 0, height: Int = 0, frameRate: FrameRate? = nil, pixelFormat: String? = nil,
                rotation: Int = 0, sampleAspectRatio: FrameRate? = nil, colorRange: String? = nil,
                colorPrimaries: String? = nil, colorTransfer: String? = nil, colorMatrix: String? = nil,
                isStillImage: Bool = false, isAttachedPicture: Bool = false,
                sampleRate: Int = 0, channels: Int = 0, metadata: [String: String] = [:]) {
        self.index = index
        self.mediaType = mediaType
        self.codecName = codecName
        self.duration = duration
        self.timeBase = timeBase
        self.bitRate = bitRate
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.pixelFormat = pixelFormat
        self.rotation = rotation
        self.sampleAspectRatio = sampleAspectRatio
        self.colorRange = colorRange
        self.colorPrimaries = colorPrimaries
        self.colorTransfer = colorTransfer
        self.colorMatrix = colorMatrix
        self.isStillImage = isStillImage
        self.isAttachedPicture = isAttachedPicture
        self.sampleRate = sampleRate
        self.channels = channels
        self.metadata = metadata
    }

    /// Video: the size a player shows, the one place that knows it: the coded width scaled by the sample aspect
    /// ratio (see `squarePixelWidth`), then width and height swapped for a 90 or 270 degree rotation.
    public var displaySize: (width: Int, height: Int) {
        Self.displaySize(width: width, height: height, sampleAspectRatio: sampleAspectRatio, rotation: rotation)
    }

    /// The display size of a `width` x `height` picture with `sampleAspectRatio` shown turned `rotation` degrees.
    public static func displaySize(width: Int, height: Int, sampleAspectRatio: FrameRate?, rotation: Int)
        -> (width: Int, height: Int) {
        let wide = squarePixelWidth(width, sampleAspectRatio: sampleAspectRatio)
        return rotation % 180 == 0 ? (wide, height) : (height, wide)
    }

    /// The width of a picture `width` samples wide once its samples are made square: scaled by a non-square
    /// `sampleAspectRatio`, rounded to even and at least 2; unchanged for square or unknown ratios.
    public static func squarePixelWidth(_ width: Int, sampleAspectRatio: FrameRate?) -> Int {
        guard let ratio = sampleAspectRatio, ratio.isValid, ratio.numerator != ratio.denominator, width > 0 else {
            return width
        }
        return max(2, Int((Double(width) * Double(ratio.numerator) / Double(ratio.denominator)).rounded()) & ~1)
    }
}
