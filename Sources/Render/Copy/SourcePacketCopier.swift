import LibAV
import MediaCore

/// Reads a run of a source's video packets, in decode order, for copying into an output.
enum SourcePacketCopier {
    /// Hands `write` the packets at decode positions `packets` of `index` (stream `stream` of `input`) that are shown
    /// in `times`; fails when the file no longer matches the index. `output` names the output in errors.
    static func copy(_ packets: Range<Int>, shown times: Range<MediaTime>, of index: VideoPacketIndex, stream: Int,
                     from input: InputFile, output: String, cancelled: () -> Bool,
                     write: (Packet) throws(ExportError) -> Void) throws(ExportError) {
        let first = index.entries[packets.lowerBound]
        var position = packets.lowerBound
        do {
            try input.seek(to: first.pts, stream: stream)
            let packet = try Packet()
            while position < packets.upperBound, try input.readPacket(into: packet) {
                guard packet.streamIndex == stream else { continue }
                if position == packets.lowerBound, packet.dts < first.dts { continue }
                guard packet.dts == index.entries[position].dts else {
                    throw LibAVError.invalidArgument("packet \(position) of '\(input.path)' moved since it was indexed")
                }
                position += 1
                if times.contains(packet.pts) { try write(packet) }
                if position % 64 == 0, cancelled() { throw ExportError.cancelled }
            }
        } catch let error as LibAVError {
            throw ExportError.wrap(error, path: input.path)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.mux(path: output, reason: "\(error)")
        }
        guard position == packets.upperBound else {
            throw ExportError.decode(path: input.path, reason: "the source ended before packet \(position)")
        }
    }
}
