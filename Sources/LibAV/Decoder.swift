internal import CFFmpeg
import MediaCore

/// A decoder for one stream of an `InputFile` (an `AVCodecContext` it owns): packets in, frames with exact pts out.
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class Decoder: @unchecked Sendable {
    /// The input's path, for error messages.
    public let path: String
    /// The stream this decoder decodes.
    public let streamIndex: Int
    /// Video or audio.
    public let mediaType: MediaType
    /// The owned codec context, freed with `avcodec_free_context`.
    let context: UnsafeMutablePointer<AVCodecContext>
    /// The stream's time base, in which frame timestamps arrive.
    let timeBase: AVRational
    /// Frames received but not yet handed out by `nextFrame(from:)`.
    private var pending: [Frame] = []
    /// Whether the end of the stream has been sent to the codec.
    private var draining = false

    /// Opens a decoder for stream `stream` of `input`; `threads` is the codec's thread count (0 lets libav choose),
    /// used for frame threading on video.
    public init(input: InputFile, stream index: Int, threads: Int = 0) throws(LibAVError) {
        let stream = try input.stream(index)
        let parameters = stream.pointee.codecpar!
        path = input.path
        streamIndex = index
        timeBase = stream.pointee.time_base
        switch parameters.pointee.codec_type {
        case AVMEDIA_TYPE_VIDEO: mediaType = .video
        case AVMEDIA_TYPE_AUDIO: mediaType = .audio
        case AVMEDIA_TYPE_SUBTITLE: mediaType = .subtitle
        default: mediaType = .data
        }
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw LibAVError.decoderNotFound(path: input.path, stream: index,
                                             codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        context = try checkAllocation(avcodec_alloc_context3(codec), "avcodec_alloc_context3",
                                      .openDecoder(path: input.path, stream: index))
        // From here on a throw runs deinit, which frees the context.
        try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context",
                  .openDecoder(path: path, stream: index))
        context.pointee.pkt_timebase = timeBase
        if mediaType == .video {
            context.pointee.thread_count = Int32(max(0, threads))
            context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        }
        try check(avcodec_open2(context, codec, nil), "avcodec_open2", .openDecoder(path: path, stream: index))
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Decoded picture width.
    public var width: Int { Int(context.pointee.width) }
    /// Decoded picture height.
    public var height: Int { Int(context.pointee.height) }
    /// Decoded pixel format.
    public var pixelFormat: PixelFormat { PixelFormat(raw: context.pointee.pix_fmt.rawValue) }
    /// Decoded sample format.
    public var sampleFormat: SampleFormat { SampleFormat(raw: context.pointee.sample_fmt.rawValue) }
    /// Decoded samples per second.
    public var sampleRate: Int { Int(context.pointee.sample_rate) }
    /// Decoded channel count.
    public var channels: Int { Int(context.pointee.ch_layout.nb_channels) }

    /// Sends one packet of this decoder's stream and returns the frames it completed (often none or one).
    public func decode(_ packet: Packet) throws(LibAVError) -> [Frame] {
        var frames: [Frame] = []
        while true {
            let status = try checkStatus(avcodec_send_packet(context, packet.pointer), "avcodec_send_packet",
                                         .decode(path: path, stream: streamIndex))
            // EAGAIN: the codec wants its output taken first; take it, then send the same packet again.
            let again = status == .again
            try receiveAll(into: &frames)
            if !again { return frames }
        }
    }

    /// Signals the end of the stream and returns the frames the codec still held; later calls return nothing.
    public func drain() throws(LibAVError) -> [Frame] {
        guard !draining else { return [] }
        draining = true
        _ = try checkStatus(avcodec_send_packet(context, nil), "avcodec_send_packet",
                            .decode(path: path, stream: streamIndex))
        var frames: [Frame] = []
        try receiveAll(into: &frames)
        return frames
    }

    /// Forgets buffered frames and the end-of-stream state; call after `InputFile.seek`.
    public func flush() {
        avcodec_flush_buffers(context)
        pending.removeAll()
        draining = false
    }

    /// The next frame of this decoder's stream, reading packets from `input` (packets of other streams are skipped)
    /// and draining the codec at the end of the file; nil when the stream is over.
    public func nextFrame(from input: InputFile) throws(LibAVError) -> Frame? {
        let packet = try Packet()
        while pending.isEmpty {
            if draining { return nil }
            if try input.readPacket(into: packet) {
                if packet.streamIndex == streamIndex { pending = try decode(packet) }
            } else {
                pending = try drain()
                if pending.isEmpty { return nil }
            }
        }
        return pending.removeFirst()
    }

    /// Receives frames until the codec asks for input or reports the end.
    private func receiveAll(into frames: inout [Frame]) throws(LibAVError) {
        while true {
            let frame = try Frame()
            let status = try checkStatus(avcodec_receive_frame(context, frame.pointer), "avcodec_receive_frame",
                                         .decode(path: path, stream: streamIndex))
            guard status != .again, status != .endOfFile else { return }
            frame.timeBase = timeBase
            frame.pointer.pointee.pts = frame.pointer.pointee.best_effort_timestamp
            frames.append(frame)
        }
    }
}
