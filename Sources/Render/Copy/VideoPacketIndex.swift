import LibAV
import MediaCore

/// Every video packet of one stream in decode order, with what smart passthrough needs to cut it: times, whether it
/// is a keyframe and whether that keyframe is an IDR picture (nothing after it refers to anything before it).
struct VideoPacketIndex {
    /// One packet.
    struct Entry: Equatable {
        /// Presentation time.
        var pts: MediaTime
        /// Decoding time.
        var dts: MediaTime
        /// Flagged as a keyframe by the container.
        var isKeyframe: Bool
        /// Holds an IDR slice.
        var isIDR: Bool
    }

    /// The packets in decode order.
    var entries: [Entry]
    /// Every presentation time, sorted.
    var displayTimes: [MediaTime]

    /// Reads all packets of `stream` (no decoding); `lengthSize` is the avcC NAL length size. Fails on a packet
    /// without timestamps.
    init(input: InputFile, stream: Int, lengthSize: Int) throws(LibAVError) {
        try input.seek(to: .zero, stream: stream)
        let packet = try Packet()
        var entries: [Entry] = []
        while try input.readPacket(into: packet) {
            guard packet.streamIndex == stream else { continue }
            guard packet.pts.isNumeric, packet.dts.isNumeric else {
                throw LibAVError.invalidArgument("a video packet of '\(input.path)' has no timestamp")
            }
            let units = packet.isKeyframe ? H264Bitstream.units(lengthPrefixed: packet.payload, lengthSize: lengthSize) : nil
            let idr = units?.contains { H264Bitstream.type($0) == H264Bitstream.idrSlice } ?? false
            entries.append(Entry(pts: packet.pts, dts: packet.dts, isKeyframe: packet.isKeyframe, isIDR: idr))
        }
        self.entries = entries
        displayTimes = entries.map(\.pts).sorted()
    }

    /// The presentation times in `[start, end)`, in order.
    func times(from start: MediaTime, to end: MediaTime) -> ArraySlice<MediaTime> {
        displayTimes[lowerBound(start)..<lowerBound(end)]
    }

    /// Whether some packet is shown exactly at `time`.
    func hasFrame(at time: MediaTime) -> Bool {
        let index = lowerBound(time)
        return index < displayTimes.count && displayTimes[index] == time
    }

    /// The index of the first display time at or after `time`.
    func lowerBound(_ time: MediaTime) -> Int {
        var low = 0, high = displayTimes.count
        while low < high {
            let middle = (low + high) / 2
            if displayTimes[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The largest number of places any packet comes ahead of its display position (the reorder depth).
    var reorderDepth: Int {
        var depth = 0
        for (index, entry) in entries.enumerated() { depth = max(depth, index - lowerBound(entry.pts)) }
        return depth
    }
}
