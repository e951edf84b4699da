import LibAV
import MediaCore

/// Copies a passthrough's audio packets (plain or smart), piece by piece: the packets whose pts fall inside the piece's source
/// range (and, for the piece at the output's start in MP4 or QuickTime, the two before it, placed before zero),
/// moved by the piece's offset (so sound stays exactly where it was against the pictures), written as the video
/// advances so the muxer can interleave without holding much.
final class PassthroughAudioCopier {
    /// The source, opened for its audio.
    private let input: InputFile
    /// The audio stream in the source.
    private let stream: Int
    /// The audio stream in the output.
    private let outputStream: Int
    /// The piece being copied.
    private var mapping: TimeMapping?
    /// A packet read past the last limit, kept for the next call.
    private var held: Packet?
    /// Whether the source has no more packets for this piece.
    private var exhausted = false
    /// The two packets just before the first piece's start, written before zero ahead of its first packet so that
    /// players decode its first sample right (a packet of AAC decodes right only after the one before it); the edit
    /// list trims them. Later pieces would overlap the piece before them, so they go without.
    private var leadIn: [Packet] = []
    /// Whether the piece's first packet has been written.
    private var started = false

    /// Whether the output's container trims packets before zero, so the first piece may lead in.
    private let leadsIn: Bool

    /// Opens `path` to copy its stream `stream` into output stream `outputStream`; `leadsIn` when the output's
    /// container trims packets placed before zero with an edit list.
    init(path: String, stream: Int, outputStream: Int, leadsIn: Bool) throws(ExportError) {
        input = try InputFile.opened(path)
        self.stream = stream
        self.outputStream = outputStream
        self.leadsIn = leadsIn
    }

    /// Starts copying the piece `mapping`.
    func begin(_ mapping: TimeMapping) throws(ExportError) {
        self.mapping = mapping
        held = nil
        exhausted = false
        leadIn = []
        started = mapping.target.start != .zero || !leadsIn
        let early = started ? MediaTime.zero : MediaTime(value: 1, timescale: 10)
        do {
            try input.seek(to: MediaTime.maximum(mapping.source.start - early, .zero), stream: stream)
        } catch {
            throw ExportError.wrap(error, path: input.path)
        }
    }

    /// Writes the piece's packets shown before the source time `limit`.
    func copy(until limit: MediaTime, to output: OutputFile) throws(ExportError) {
        guard let mapping else { return }
        let end = min(limit, mapping.source.end)
        while !exhausted {
            let nextPacket = held == nil ? try next() : held
            held = nil
            guard let packet = nextPacket else { exhausted = true; return }
            if packet.pts >= mapping.source.end { exhausted = true; return }
            if packet.pts >= end { held = packet; return }
            guard packet.pts >= mapping.source.start else {
                if !started { leadIn = Array((leadIn + [packet]).suffix(2)) }
                continue
            }
            if !started {
                started = true
                for early in leadIn { try write(early, of: mapping, to: output) }
                leadIn = []
            }
            try write(packet, of: mapping, to: output)
        }
    }

    /// Writes `packet` moved to the piece's place on the output.
    private func write(_ packet: Packet, of mapping: TimeMapping, to output: OutputFile) throws(ExportError) {
        packet.shiftTimestamps(by: mapping.target.start - mapping.source.start)
        do {
            try output.write(packet, stream: outputStream)
        } catch {
            throw ExportError.wrap(error, path: nil, output: output.path)
        }
    }

    /// The next packet of the audio stream, nil at the end.
    private func next() throws(ExportError) -> Packet? {
        do {
            while let packet = try input.readPacket() {
                if packet.streamIndex == stream { return packet }
            }
            return nil
        } catch {
            throw ExportError.wrap(error, path: input.path)
        }
    }
}
