internal import CFFmpeg
import MediaCore

extension Packet {
    /// A packet holding a copy of `payload`, with timestamps counted in `timeBase` (the duration of one tick).
    public convenience init(payload: [UInt8], timeBase tick: MediaTime, pts: MediaTime, dts: MediaTime,
                            duration: MediaTime, keyframe: Bool) throws(LibAVError) {
        try self.init()
        try check(av_new_packet(pointer, Int32(payload.count)), "av_new_packet", .allocate("a packet"))
        payload.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { pointer.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        }
        timeBase = tick.rational
        pointer.pointee.pts = pts.ticks(in: timeBase)
        pointer.pointee.dts = dts.ticks(in: timeBase)
        pointer.pointee.duration = duration.ticks(in: timeBase)
        if keyframe { pointer.pointee.flags |= AV_PKT_FLAG_KEY }
    }

    /// The payload bytes, copied.
    public var payload: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Sets pts and dts (rounded to the packet's time base).
    public func setTimestamps(pts: MediaTime, dts: MediaTime) {
        pointer.pointee.pts = pts.ticks(in: timeBase)
        pointer.pointee.dts = dts.ticks(in: timeBase)
    }
}
