internal import CFFmpeg
import MediaCore

/// One decoded picture or block of audio samples (an `AVFrame` it owns), with an exact presentation time.
///
/// `@unchecked Sendable`: a frame has one owner at a time and may be handed to another thread (decoder to
/// compositor), but it must never be used from two threads at once.
public final class Frame: @unchecked Sendable {
    /// The owned frame, freed with `av_frame_free`.
    let pointer: UnsafeMutablePointer<AVFrame>
    /// The time base of `pointer.pointee.pts`.
    var timeBase: AVRational

    /// An empty frame without buffers, to receive into.
    public init() throws(LibAVError) {
        pointer = try checkAllocation(av_frame_alloc(), "av_frame_alloc", .allocate("a frame"))
        timeBase = AVRational(num: 1, den: 1)
        pointer.pointee.pts = mb_av_nopts_value()
    }

    /// A picture of `width` x `height` in `pixelFormat` with freshly allocated planes, all zero: padding included,
    /// so what an encoder reads past the picture is the same on every run.
    public convenience init(width: Int, height: Int, pixelFormat: PixelFormat) throws(LibAVError) {
        guard width > 0, height > 0, pixelFormat.isValid else {
            throw LibAVError.invalidArgument("cannot allocate a \(width)x\(height) \(pixelFormat) frame: invalid size or format")
        }
        try self.init()
        pointer.pointee.width = Int32(width)
        pointer.pointee.height = Int32(height)
        pointer.pointee.format = pixelFormat.raw
        try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer",
                  .allocate("a \(width)x\(height) \(pixelFormat) frame"))
        mb_frame_clear_buffers(pointer)
    }

    /// A block of `sampleCount` samples per channel with freshly allocated (uninitialised) buffers.
    public convenience init(sampleCount: Int, sampleFormat: SampleFormat, sampleRate: Int, channels: Int)
        throws(LibAVError)
    {
        guard sampleCount > 0, sampleRate > 0, channels > 0 else {
            throw LibAVError.invalidArgument(
                "cannot allocate \(sampleCount) samples at \(sampleRate) Hz in \(channels) channels: invalid audio format")
        }
        try self.init()
        pointer.pointee.nb_samples = Int32(sampleCount)
        pointer.pointee.format = sampleFormat.raw
        pointer.pointee.sample_rate = Int32(sampleRate)
        mb_channel_layout_default(&pointer.pointee.ch_layout, Int32(channels))
        try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer",
                  .allocate("\(sampleCount) \(sampleFormat) samples"))
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&owned)
    }

    /// Picture width in pixels (0 for audio).
    public var width: Int { Int(pointer.pointee.width) }
    /// Picture height in pixels (0 for audio).
    public var height: Int { Int(pointer.pointee.height) }
    /// The picture's pixel format.
    public var pixelFormat: PixelFormat { PixelFormat(raw: pointer.pointee.format) }
    /// The audio's sample format.
    public var sampleFormat: SampleFormat { SampleFormat(raw: pointer.pointee.format) }
    /// Audio samples per channel in this frame (0 for video).
    public var sampleCount: Int { Int(pointer.pointee.nb_samples) }
    /// Audio samples per second.
    public var sampleRate: Int { Int(pointer.pointee.sample_rate) }
    /// Audio channel count.
    public var channels: Int { Int(pointer.pointee.ch_layout.nb_channels) }
    /// The audio's channel layout as libav writes it (`stereo`, `5.1(side)`, `3 channels`); empty for video.
    public var channelLayoutName: String {
        guard pointer.pointee.ch_layout.nb_channels > 0 else { return "" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            guard av_channel_layout_describe(&pointer.pointee.ch_layout, buffer.baseAddress, buffer.count) >= 0 else {
                return "\(channels) channels"
            }
            return String(cString: buffer.baseAddress!)
        }
    }
    /// Whether the decoder marked the picture as a keyframe.
    public var isKeyframe: Bool { pointer.pointee.key_frame != 0 }

    /// The exact presentation time; `invalid` when unknown. Setting it uses the time's own timescale as time base.
    public var pts: MediaTime {
        get { MediaTime(ticks: pointer.pointee.pts, timeBase: timeBase) }
        set {
            guard newValue.isNumeric else { pointer.pointee.pts = mb_av_nopts_value(); return }
            timeBase = AVRational(num: 1, den: newValue.timescale)
            pointer.pointee.pts = newValue.value
        }
    }

    /// The time base of `pts`, as the duration of one tick.
    public var timeBaseDuration: MediaTime { MediaTime(ticks: 1, timeBase: timeBase) }

    /// How long the frame lasts as the decoder reported it; `invalid` when unknown.
    public var duration: MediaTime {
        let ticks = pointer.pointee.pkt_duration
        return ticks > 0 ? MediaTime(ticks: ticks, timeBase: timeBase) : .invalid
    }

    /// The presentation time in ticks of `timeBase`, for encoders and muxers.
    func ticks(in target: AVRational) -> Int64 {
        let ticks = pointer.pointee.pts
        guard ticks != mb_av_nopts_value() else { return ticks }
        return av_rescale_q(ticks, timeBase, target)
    }

    /// Whether the frame's buffers are its own alone, so writing them changes no other frame.
    public var isWritable: Bool { av_frame_is_writable(pointer) != 0 }

    /// A new frame sharing this frame's buffers by reference count (cheap; neither may then be written in place).
    public func reference() throws(LibAVError) -> Frame {
        let copy = try Frame()
        try check(av_frame_ref(copy.pointer, pointer), "av_frame_ref", .allocate("a frame reference"))
        copy.timeBase = timeBase
        return copy
    }

    /// Gives the frame buffers of its own to write into. A picture shared with another frame is copied into new
    /// zeroed buffers (libav's `av_frame_make_writable` leaves their padding uninitialised, and encoders read it), so
    /// what lies past the picture is the same on every run.
    func makeWritable(_ operation: LibAVError.Operation) throws(LibAVError) {
        guard av_frame_is_writable(pointer) == 0 else { return }
        guard width > 0 else {
            try check(av_frame_make_writable(pointer), "av_frame_make_writable", operation)
            return
        }
        let copy = try Frame(width: width, height: height, pixelFormat: pixelFormat)
        try check(av_frame_copy(copy.pointer, pointer), "av_frame_copy", operation)
        try check(av_frame_copy_props(copy.pointer, pointer), "av_frame_copy_props", operation)
        av_frame_unref(pointer)
        av_frame_move_ref(pointer, copy.pointer)
    }

    /// Copies `source`'s picture (same size and pixel format) into this frame's own buffers.
    public func copyPicture(from source: Frame) throws(LibAVError) {
        guard source.width == width, source.height == height, source.pixelFormat == pixelFormat else {
            throw LibAVError.invalidArgument("cannot copy a \(source.width)x\(source.height) \(source.pixelFormat) picture "
                                             + "into a \(width)x\(height) \(pixelFormat) frame")
        }
        try makeWritable(.allocate("a writable frame"))
        try check(av_frame_copy(pointer, source.pointer), "av_frame_copy", .allocate("a copy of a picture"))
    }

    /// Drops the buffers and resets the fields, keeping the allocation.
    func reset() {
        av_frame_unref(pointer)
        timeBase = AVRational(num: 1, den: 1)
    }
}

extension Frame {
    /// Changes the sample rate the audio frame declares, leaving the samples as they are: fed to a `Resampler` set up
    /// for the new rate, the audio plays faster or slower with its pitch shifted (a varispeed).
    public func relabelSampleRate(_ sampleRate: Int) {
        pointer.pointee.sample_rate = Int32(sampleRate)
    }
}
