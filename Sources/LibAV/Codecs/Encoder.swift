internal import CFFmpeg
import MediaCore

/// An encoder chosen by name (an `AVCodecContext` it owns): frames in, packets in its time base out.
///
/// Typical use, after FFmpeg's `doc/examples/mux.c`: create the `OutputFile`, create encoders with
/// `globalHeader: output.needsGlobalHeader`, `addStream(for:)` each, `writeHeader()`, then for each frame
/// `encode(_:)` and write the packets, then `finish()` each encoder, write its packets, and `writeTrailer()`.
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class Encoder: @unchecked Sendable {
    /// Settings for a video encoder.
    public struct VideoSettings: Sendable, Hashable {
        /// Picture width.
        public var width: Int
        /// Picture height.
        public var height: Int
        /// The pixel format frames arrive in (and the encoder codes).
        public var pixelFormat: PixelFormat
        /// The nominal frame rate.
        public var frameRate: FrameRate
        /// The time base of frame timestamps; nil uses one frame duration (`1/frameRate`).
        public var timeBase: MediaTime?
        /// Target bit rate in bits per second, 0 to leave it to options such as `crf`.
        public var bitRate: Int
        /// Maximum bit rate in bits per second (with `bufferSize`), 0 for none.
        public var maxBitRate: Int
        /// Rate-control buffer size in bits, 0 for the encoder's choice (twice `maxBitRate` when that is set).
        public var bufferSize: Int
        /// Keyframe interval in frames, 0 for the encoder's default.
        public var gopSize: Int
        /// Encoder threads, 0 lets libav choose.
        public var threads: Int
        /// Codec options: generic (`g`, `bf`) and private (`crf`, `preset`, `x264-params`, `profile`).
        public var options: [String: String]
        /// How the pictures' colours are described in the stream; nil for BT.709 (limited range, or full for the
        /// JPEG formats).
        public var color: ColorDescription?

        /// Creates video settings.
        public init(width: Int, height: Int, pixelFormat: PixelFormat = .yuv420p, frameRate: FrameRate,
                    timeBase: MediaTime? = nil, bitRate: Int = 0, maxBitRate: Int = 0, bufferSize: Int = 0,
                    gopSize: Int = 0, threads: Int = 0, options: [String: String] = [:], color: ColorDescription? = nil) {
            self.width = width
            self.height = height
            self.pixelFormat = pixelFormat
            self.frameRate = frameRate
            self.timeBase = timeBase
            self.bitRate = bitRate
            self.maxBitRate = maxBitRate
            self.bufferSize = bufferSize
            self.gopSize = gopSize
            self.threads = threads
            self.options = options
            self.color = color
        }
    }

    /// Settings for an audio encoder.
    public struct AudioSettings: Sendable, Hashable {
        /// Samples per second (the time base is `1/sampleRate`).
        public var sampleRate: Int
        /// Channel count (default layout for the count).
        public var channels: Int
        /// The sample format frames arrive in (`fltp` for aac, `flt` or `s16` for libopus).
        public var sampleFormat: SampleFormat
        /// Target bit rate in bits per second, 0 for the encoder's default.
        public var bitRate: Int
        /// Codec options.
        public var options: [String: String]

        /// Creates audio settings.
        public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat = .fltp, bitRate: Int = 0,
                    options: [String: String] = [:]) {
            self.sampleRate = sampleRate
            self.channels = channels
            self.sampleFormat = sampleFormat
            self.bitRate = bitRate
            self.options = options
        }
    }

    /// The encoder's name (`libx264`).
    public let codecName: String
    /// Video or audio.
    public let mediaType: MediaType
    /// The owned codec context, freed with `avcodec_free_context`.
    let context: UnsafeMutablePointer<AVCodecContext>
    /// Whether `finish()` has run.
    private var finished = false

    /// Opens the video encoder `codec` (`libx264`, `libx265`, `libvpx-vp9`, `libsvtav1`, `prores_ks`, `png`,
    /// `mjpeg`); `globalHeader` must be the output's `needsGlobalHeader`.
    public convenience init(codec: String, video settings: VideoSettings, globalHeader: Bool) throws(LibAVError) {
        try self.init(codec: codec, type: .video, options: settings.options, globalHeader: globalHeader) { context in
            context.pointee.width = Int32(settings.width)
            context.pointee.height = Int32(settings.height)
            context.pointee.pix_fmt = settings.pixelFormat.av
            context.pointee.framerate = settings.frameRate.rational
            context.pointee.time_base = settings.timeBase.map(\.rational)
                ?? AVRational(num: settings.frameRate.denominator, den: settings.frameRate.numerator)
            context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
            context.pointee.bit_rate = Int64(settings.bitRate)
            if settings.maxBitRate > 0 {
                context.pointee.rc_max_rate = Int64(settings.maxBitRate)
                context.pointee.rc_buffer_size = Int32(settings.bufferSize > 0 ? settings.bufferSize : 2 * settings.maxBitRate)
            }
            if settings.gopSize > 0 { context.pointee.gop_size = Int32(settings.gopSize) }
            context.pointee.thread_count = Int32(max(0, settings.threads))
            // Say in the stream how the pictures' colours are meant (BT.709 unless the settings say otherwise).
            if settings.pixelFormat.isYUV {
                let color = settings.color
                    ?? ColorDescription(matrix: .bt709, isFullRange: settings.pixelFormat.isJPEGRange)
                context.pointee.color_range = color.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
                context.pointee.colorspace = color.codecMatrix
                context.pointee.color_primaries = color.codecPrimaries
                context.pointee.color_trc = color.codecTransfer
            }
        }
    }

    /// Opens the audio encoder `codec` (`aac`, `libopus`); `globalHeader` must be the output's `needsGlobalHeader`.
    public convenience init(codec: String, audio settings: AudioSettings, globalHeader: Bool) throws(LibAVError) {
        try self.init(codec: codec, type: .audio, options: settings.options, globalHeader: globalHeader) { context in
            context.pointee.sample_rate = Int32(settings.sampleRate)
            context.pointee.sample_fmt = settings.sampleFormat.av
            mb_channel_layout_default(&context.pointee.ch_layout, Int32(settings.channels))
            context.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
            context.pointee.bit_rate = Int64(settings.bitRate)
        }
    }

    /// Finds the encoder, lets `configure` fill the context, then opens it with `options`.
    private init(codec name: String, type: MediaType, options: [String: String], globalHeader: Bool,
                 configure: (UnsafeMutablePointer<AVCodecContext>) -> Void) throws(LibAVError) {
        LibAVLog.install()
        guard let codec = avcodec_find_encoder_by_name(name) else { throw LibAVError.encoderNotFound(name: name) }
        let codecType: AVMediaType = type == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO
        guard codec.pointee.type == codecType else {
            throw LibAVError.invalidArgument("encoder '\(name)' is not a \(type.rawValue) encoder")
        }
        codecName = name
        mediaType = type
        context = try checkAllocation(avcodec_alloc_context3(codec), "avcodec_alloc_context3",
                                      .openEncoder(codec: name))
        // From here on a throw runs deinit, which frees the context.
        configure(context)
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        // No version strings or other run-dependent bytes in what the encoder writes.
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        let dictionary = OptionsDictionary(CPUFeatures.limitingOwnDetection(of: name, options: options))
        try dictionary.withPointer { (pointer) throws(LibAVError) in
            let open = { [context] () throws(LibAVError) in
                try check(avcodec_open2(context, codec, pointer), "avcodec_open2", .openEncoder(codec: name))
            }
            _ = try type == .audio ? CPUFeatures.settingUpAudio(open) : CPUFeatures.settingUp(open)
        }
        if let unknown = dictionary.remainingKeys.first {
            throw LibAVError.invalidArgument("encoder '\(name)' has no option '\(unknown)'")
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Whether this FFmpeg build has an encoder called `name`.
    public static func isAvailable(_ name: String) -> Bool { avcodec_find_encoder_by_name(name) != nil }

    /// The time base of the packets this encoder produces, as the duration of one tick.
    public var timeBase: MediaTime { MediaTime(ticks: 1, timeBase: context.pointee.time_base) }

    /// Audio: the exact samples per frame the encoder needs (1024 for aac), nil when any count is accepted.
    public var frameSize: Int? {
        guard mediaType == .audio, context.pointee.frame_size > 0,
              context.pointee.codec.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE == 0
        else { return nil }
        return Int(context.pointee.frame_size)
    }

    /// Audio: the bits each sample keeps in the stream (24 for `pcm_s24le` and for 24-bit `alac`, which take 32-bit
    /// samples), 0 when the codec does not say.
    public var codedBitsPerSample: Int {
        // PCM encoders say it in the coded bits, ALAC in the raw bits; libav may fill the other from the sample format.
        [context.pointee.bits_per_raw_sample, context.pointee.bits_per_coded_sample].filter { $0 > 0 }.map(Int.init)
            .min() ?? 0
    }

    /// Sends one frame (its pts is converted to the encoder's time base) and returns the packets it completed.
    public func encode(_ frame: Frame) throws(LibAVError) -> [Packet] {
        let timeBase = context.pointee.time_base
        frame.pointer.pointee.pts = frame.ticks(in: timeBase)
        frame.timeBase = timeBase
        // A decoded frame's picture type would otherwise force the encoder's frame types.
        frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
        // A fixed quantiser (`flags +qscale`, `global_quality`) is read from each frame, as the ffmpeg tool sets it.
        if context.pointee.flags & AV_CODEC_FLAG_QSCALE != 0 {
            frame.pointer.pointee.quality = context.pointee.global_quality
        }
        return try send(frame.pointer)
    }

    /// Signals the end of input and returns the packets the encoder still held; later calls return nothing.
    public func finish() throws(LibAVError) -> [Packet] {
        guard !finished else { return [] }
        finished = true
        return try send(nil)
    }

    /// One `avcodec_send_frame`, then every packet `avcodec_receive_packet` gives until EAGAIN or EOF.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(LibAVError) -> [Packet] {
        var packets: [Packet] = []
        while true {
            let status = try checkStatus(avcodec_send_frame(context, frame), "avcodec_send_frame",
                                         .encode(codec: codecName))
            while true {
                let packet = try Packet()
                let received = try checkStatus(avcodec_receive_packet(context, packet.pointer),
                                               "avcodec_receive_packet", .encode(codec: codecName))
                guard case .ok = received else { break }
                packet.timeBase = context.pointee.time_base
                packets.append(packet)
            }
            // EAGAIN on send means the output had to be taken first; now send the same frame again.
            if status != .again { return packets }
        }
    }
}
