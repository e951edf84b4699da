import LibAV
import MediaCore

/// Writes a smart passthrough's video packets, copied and re-encoded alike, with pts as given and dts re-timed so
/// they increase across every join: the packet in decode position `i` gets the display time of picture `i - depth`
/// (pictures before the first count back by one frame duration), which no packet reordered by at most `depth`
/// places can be shown before.
struct SmartVideoWriter {
    /// Every output picture's time, in display order.
    let displayTimes: [MediaTime]
    /// The reorder depth allowed.
    let depth: Int
    /// The frame duration, for decode times before the first picture.
    let frameDuration: MediaTime
    /// The output stream.
    let stream: Int
    /// Packets written so far.
    private(set) var written = 0

    /// A writer for pictures at `displayTimes` into `stream`.
    init(displayTimes: [MediaTime], depth: Int, frameDuration: MediaTime, stream: Int) {
        self.displayTimes = displayTimes
        self.depth = depth
        self.frameDuration = frameDuration
        self.stream = stream
    }

    /// The decode time of decode position `position`.
    func decodeTime(_ position: Int) -> MediaTime {
        let shown = position - depth
        if shown >= 0 { return displayTimes[shown] }
        return displayTimes[0] - frameDuration * Int32(-shown)
    }

    /// Writes `packet` shown at `pts` (output time) as the next packet in decode order.
    mutating func write(_ packet: Packet, pts: MediaTime, to output: OutputFile) throws(ExportError) {
        guard written < displayTimes.count else {
            throw ExportError.mux(path: output.path, reason: "smart passthrough wrote more pictures than planned")
        }
        let dts = decodeTime(written)
        guard dts <= pts else {
            throw ExportError.mux(path: output.path, reason: "smart passthrough: a packet shown at \(pts) is reordered "
                                  + "further than \(depth) pictures")
        }
        packet.setTimestamps(pts: pts, dts: dts)
        do {
            try output.write(packet, stream: stream)
        } catch {
            throw ExportError.wrap(error, path: nil, output: output.path)
        }
        written += 1
    }
}
