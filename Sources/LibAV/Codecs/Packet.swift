internal import CFFmpeg
import MediaCore

/// One compressed packet (an `AVPacket` it owns), with the time base its timestamps are counted in.
///
/// `@unchecked Sendable`: a packet has one owner at a time and may be handed to another thread (demuxer to decoder
/// queue), but it must never be used from two threads at once.
public final class Packet: @unchecked Sendable {
    /// The owned packet, freed with `av_packet_free`.
    let pointer: UnsafeMutablePointer<AVPacket>
    /// The time base of `pts`, `dts` and `duration` (the stream's or the encoder's).
    var timeBase: AVRational

    /// An empty packet.
    public init() throws(LibAVError) {
        pointer = try checkAllocation(av_packet_alloc(), "av_packet_alloc", .allocate("a packet"))
        timeBase = AVRational(num: 1, den: 1)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&owned)
    }

    /// The index of the stream the packet belongs to (in the input it came from, or the output it goes to).
    public var streamIndex: Int {
        get { Int(pointer.pointee.stream_index) }
        set { pointer.pointee.stream_index = Int32(newValue) }
    }

    /// Presentation time; `invalid` when the packet has none.
    public var pts: MediaTime { MediaTime(ticks: pointer.pointee.pts, timeBase: timeBase) }

    /// Decoding time; `invalid` when the packet has none.
    public var dts: MediaTime { MediaTime(ticks: pointer.pointee.dts, timeBase: timeBase) }

    /// How long the packet lasts; zero when unknown.
    public var duration: MediaTime { MediaTime(ticks: pointer.pointee.duration, timeBase: timeBase) }

    /// Sets how long the packet lasts, rounded to its time base (a muxer reads it for a stream's last sample).
    public func setDuration(_ duration: MediaTime) {
        pointer.pointee.duration = duration.ticks(in: timeBase)
    }

    /// The time base the timestamps are counted in, as the duration of one tick.
    public var timeBaseDuration: MediaTime { MediaTime(ticks: 1, timeBase: timeBase) }

    /// Whether the packet starts a keyframe (decoding can begin here).
    public var isKeyframe: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// The payload's size in bytes.
    public var size: Int { Int(pointer.pointee.size) }

    /// Lends the payload bytes to `body`.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: pointer.pointee.data, count: size))
    }

    /// Drops the payload and resets the fields, keeping the allocation for the next read.
    func reset() { av_packet_unref(pointer) }
}

extension Packet {
    /// Moves the packet's pts and dts by `offset` (rounded to the packet's time base), for copying packets from one
    /// timeline position to another without decoding.
    public func shiftTimestamps(by offset: MediaTime) {
        let ticks = offset.ticks(in: timeBase)
        guard ticks != mb_av_nopts_value() else { return }
        if pointer.pointee.pts != mb_av_nopts_value() { pointer.pointee.pts += ticks }
        if pointer.pointee.dts != mb_av_nopts_value() { pointer.pointee.dts += ticks }
    }
}
