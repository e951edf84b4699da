import LibAV
import MediaCore

/// A soundtrack another output of the run encoded, written again: it walks the same chunk plan as `AudioPump` and,
/// at each step, writes (or holds) the packets the encoder had made by that step, so the muxer gets the packets of
/// an `AudioPump` at the calls it would get them. Nothing is decoded, mixed or encoded.
final class AudioReplay: AudioFeed {
    private let payload: SegmentCache.Payload
    private let writer: AudioPacketWriter
    private let outputPath: String
    private var chunks: AudioChunkPlan.Iterator
    /// The next recorded packet to write.
    private var next = 0
    let samples: Range<Int64>
    let capacity: Int
    private(set) var position: Int64
    private let frameEnds: [Int64]

    /// A replay of `payload` (recorded by an `AudioPump` of `plan`) into `stream` of `output`.
    init(_ payload: SegmentCache.Payload, plan: AudioChunkPlan, output: OutputFile, stream: Int) {
        self.payload = payload
        writer = AudioPacketWriter(output: output, stream: stream)
        outputPath = output.path
        chunks = plan.makeIterator()
        samples = plan.samples
        capacity = plan.capacity
        position = plan.samples.lowerBound
        frameEnds = plan.frameEnds
    }

    func pump(throughFrame index: Int64) throws(ExportError) {
        try pump(to: frameEnds[Int(index)])
    }

    func pump(to target: Int64) throws(ExportError) {
        let end = min(target, samples.upperBound)
        while position < end, let (from, count) = chunks.next() {
            position = from + Int64(count)
            try emit(through: position)
        }
    }

    func finish() throws(ExportError) {
        try emit(through: .max)
    }

    var holdsPackets: Bool {
        get { writer.holds }
        set { writer.holds = newValue }
    }

    func writeHeld() throws(ExportError) {
        try writer.writeHeld()
    }

    func close() {}

    func measurement() throws(ExportError) -> Loudness? { payload.loudness }

    func recording() throws(ExportError) -> SegmentCache.Payload? { nil }

    /// Writes (or holds) copies of the recorded packets encoded by the time the mixer reached `mark`.
    private func emit(through mark: Int64) throws(ExportError) {
        var packets: [Packet] = []
        do {
            while next < payload.packets.count, payload.marks[next] <= mark {
                packets.append(try payload.packets[next].copy())
                next += 1
            }
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        try writer.write(packets)
    }
}
