import LibAV
import MediaCore

/// The presentation times a keyed segment's packets carry, one per picture (segment time, presentation order), and
/// the test a segment taken from an archive must pass before an output uses it.
///
/// An archive's checksum finds damage, not an entry made for other pictures (another program, or a person, writing
/// the shared folder): one whose packets show other times or another number of pictures would give the output
/// another length or a broken stream. Such an entry is a miss, and the segment is rendered again.
struct SegmentPictureTimes: Sendable {
    /// The times in presentation order.
    let times: [MediaTime]

    /// The times of output frames `frames` on `clock`, from the first frame's.
    init(frames: Range<Int64>, clock: FrameClock) {
        let start = clock.time(ofFrame: frames.lowerBound)
        times = frames.map { clock.time(ofFrame: $0) - start }
    }

    /// Whether `packets` (encoding order) carry exactly one picture per time: presentation times these, decoding
    /// times rising, the first a keyframe.
    func match(_ packets: [Packet]) -> Bool {
        guard packets.count == times.count, packets.first?.isKeyframe ?? times.isEmpty else { return false }
        var lastDecoded: MediaTime?
        for packet in packets {
            let decoded = packet.dts
            guard decoded.isNumeric, packet.pts.isNumeric, lastDecoded.map({ $0 < decoded }) ?? true else {
                return false
            }
            lastDecoded = decoded
        }
        return zip(packets.map(\.pts).sorted(), times).allSatisfy { $0 == $1 }
    }
}
