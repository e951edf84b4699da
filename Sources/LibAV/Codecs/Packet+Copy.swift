internal import CFFmpeg
import MediaCore

extension Packet {
    /// A new packet sharing this one's payload (reference-counted) with its own copy of the timestamps and flags, so
    /// a cached packet can be written to several outputs without being emptied by the muxer.
    public func copy() throws(LibAVError) -> Packet {
        let copy = try Packet()
        _ = try check(av_packet_ref(copy.pointer, pointer), "av_packet_ref", .allocate("a packet reference"))
        copy.timeBase = timeBase
        return copy
    }
}
