import LibAV

/// Writes an export's audio packets to their stream, or keeps them (in order) while `holds` is true until
/// `writeHeld()`: while a shared video segment is encoded its sound is muxed after the segment's packets.
final class AudioPacketWriter {
    private let output: OutputFile
    private let stream: Int
    /// While true, packets are kept instead of muxed.
    var holds = false
    private var held: [Packet] = []

    init(output: OutputFile, stream: Int) {
        self.output = output
        self.stream = stream
    }

    /// Muxes `packets`, or keeps them while `holds` is true.
    func write(_ packets: [Packet]) throws(ExportError) {
        if holds { held += packets } else { try mux(packets) }
    }

    /// Muxes the packets kept while `holds` was true, in the order they came.
    func writeHeld() throws(ExportError) {
        let packets = held
        held = []
        try mux(packets)
    }

    private func mux(_ packets: [Packet]) throws(ExportError) {
        do {
            try output.write(packets, stream: stream)
        } catch {
            throw ExportError.wrap(error, path: nil, output: output.path)
        }
    }
}
