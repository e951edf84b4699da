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
    /// What was concealed so far.
    public private(set) var damage = DecodeDamage()
    /// Where every damaged packet is counted as well (nil: nowhere).
    public var damageTally: DamageTally?
    /// Keys of the packets already counted as damaged (byte position, else pts), so a packet is counted once.
    private var damagedKeys: Set<Int64> = []
    /// The furthest decode position (dts, else byte position) counted in `damage.packets`.
    private var countedUpTo = Int64.min
    /// The stream time a reader shows next (it shows the last picture at or before it); nil (the default) decodes
    /// every picture. When set, a non-reference picture (one no other picture is predicted from) is not decoded when
    /// a packet already read has a later time still at or before this one: that later picture hides it. This makes
    /// the pictures between a keyframe and a cut cheaper.
    public var showingUpTo: MediaTime?
    /// The latest packet time at or before `showingUpTo` read since the last flush: it hides earlier pictures.
    private var hidingTime: MediaTime?

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
        let open = { [context, path] () throws(LibAVError) in
            try check(avcodec_open2(context, codec, nil), "avcodec_open2", .openDecoder(path: path, stream: index))
        }
        _ = try mediaType == .audio ? CPUFeatures.settingUpAudio(open) : CPUFeatures.settingUp(open)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// The codec's thread count as opened (0: libav chose).
    public var threadCount: Int { Int(context.pointee.thread_count) }
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
    ///
    /// A packet libav cannot decode (`AVERROR_INVALIDDATA` and the like) and a frame libav flags as corrupt are not
    /// errors: they are concealed (no frame comes of them, so a reader keeps showing the last good picture and audio
    /// placed by timestamps gets a hole) and recorded in `damage`. Only running out of memory throws.
    public func decode(_ packet: Packet) throws(LibAVError) -> [Frame] {
        count(packet)
        skipIfHidden(packet)
        var frames: [Frame] = []
        var attempts = 0
        while true {
            let code = avcodec_send_packet(context, packet.pointer)
            // EAGAIN: the codec wants its output taken first; take it, then send the same packet again (a codec
            // that keeps refusing after its output was taken, because that output failed, loses the packet).
            if code == mb_averror_eagain() {
                guard attempts < 4 else {
                    recordDamage(packet, reason: libavMessage(code))
                    return frames
                }
                attempts += 1
                try receiveAll(into: &frames, packet: packet)
                continue
            }
            if let reason = concealableFailure(code) {
                recordDamage(packet, reason: reason)
            } else {
                _ = try checkStatus(code, "avcodec_send_packet", .decode(path: path, stream: streamIndex))
            }
            try receiveAll(into: &frames, packet: packet)
            return frames
        }
    }

    /// Signals the end of the stream and returns the frames the codec still held; later calls return nothing.
    public func drain() throws(LibAVError) -> [Frame] {
        guard !draining else { return [] }
        draining = true
        _ = try checkStatus(avcodec_send_packet(context, nil), "avcodec_send_packet",
                            .decode(path: path, stream: streamIndex))
        var frames: [Frame] = []
        try receiveAll(into: &frames, packet: nil)
        return frames
    }

    /// Forgets buffered frames and the end-of-stream state; call after `InputFile.seek`.
    public func flush() {
        avcodec_flush_buffers(context)
        hidingTime = nil
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

    /// Tells the codec to skip `packet` if it is a non-reference picture a packet read earlier hides (see
    /// `showingUpTo`). libav reads `skip_frame` as each packet is sent, frame threads included.
    private func skipIfHidden(_ packet: Packet) {
        let time = packet.pts
        var hidden = false
        if let target = showingUpTo, time.isNumeric {
            if let hiding = hidingTime, hiding > target { hidingTime = nil }
            if let hiding = hidingTime, time < hiding { hidden = true }
            if time <= target, hidingTime.map({ time > $0 }) ?? true { hidingTime = time }
        }
        context.pointee.skip_frame = hidden ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
    }

    /// Receives frames until the codec asks for input or reports the end; failures and corrupt frames are
    /// concealed and recorded against `packet` (the one just sent; nil while draining).
    private func receiveAll(into frames: inout [Frame], packet: Packet?) throws(LibAVError) {
        while true {
            let frame = try Frame()
            let code = avcodec_receive_frame(context, frame.pointer)
            if let reason = concealableFailure(code) {
                recordDamage(packet, reason: reason)
                return
            }
            let status = try checkStatus(code, "avcodec_receive_frame", .decode(path: path, stream: streamIndex))
            guard status != .again, status != .endOfFile else { return }
            frame.timeBase = timeBase
            frame.pointer.pointee.pts = frame.pointer.pointee.best_effort_timestamp
            if frame.pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || frame.pointer.pointee.decode_error_flags != 0 {
                recordDamage(packet, reason: "corrupt frame", time: frame.pts)
                continue
            }
            frames.append(frame)
        }
    }

    /// Counts `packet` in `damage.packets` unless it was counted before (read again after a backward seek).
    private func count(_ packet: Packet) {
        let raw = packet.pointer.pointee
        let position = raw.dts != mb_av_nopts_value() ? raw.dts : raw.pos
        if position < 0 && raw.dts == mb_av_nopts_value() {
            damage.packets += 1
        } else if position > countedUpTo {
            countedUpTo = position
            damage.packets += 1
        }
    }

    /// Records `packet` (or, while draining, the frame time `time`) as damaged, once.
    private func recordDamage(_ packet: Packet?, reason: String, time: MediaTime = .invalid) {
        let raw = packet?.pointer.pointee
        let key: Int64
        if let raw, raw.pos >= 0 {
            key = raw.pos
        } else if let raw, raw.pts != mb_av_nopts_value() {
            key = raw.pts
        } else if time.isNumeric {
            key = time.ticks(in: timeBase)
        } else {
            key = Int64.min + Int64(damagedKeys.count)
        }
        guard damagedKeys.insert(key).inserted else { return }
        var when = time
        if let packet, packet.pts.isNumeric { when = packet.pts } else if let packet, packet.dts.isNumeric { when = packet.dts }
        damage.damagedTimes.append(when)
        if damage.firstReason == nil { damage.firstReason = reason }
        damageTally?.add()
    }
}
