import LibAV
import MediaCore

/// The export's sound from the mixer to the encoder pipe, in the chunks of its `AudioChunkPlan`: `pump(throughFrame:)`
/// hands the pipe everything up to the end of a video frame, `pump(to:)` up to a composition sample, `finish()` the
/// limiter's tail and the encoder's last packets. With `depth` 0 the caller mixes and masters in `pump`; otherwise a
/// thread of its own does, up to `depth` chunks ahead, and the caller only frames, encodes and muxes.
///
/// Both ways the mixer is asked for exactly the plan's chunks, because chunk edges decide gain interpolation: so the
/// samples, the packets and the order they are muxed in are the same, byte for byte, whatever the depth.
///
/// `@unchecked Sendable`: the mixer and mastering stage are used by the audio thread only (or, with depth 0, by the
/// caller only) until `close()` has joined it; the pipe by the caller only; chunks change hands through
/// `HandoffQueue`s.
final class AudioPump: AudioFeed, @unchecked Sendable {
    /// One mastered chunk: the samples that came out and the composition sample its input ended at.
    private struct Chunk {
        var buffer: AudioBuffer
        var inputEnd: Int64
    }

    private let mixer: any AudioMixSource
    /// The mastering stage (its loudness measurement is read after `finish()`).
    let mastering: AudioMastering
    private let pipe: AudioEncodePipe
    /// The chunks to mix, in order.
    private let plan: AudioChunkPlan
    /// With depth 0, where the caller's mixing is in the plan.
    private var chunks: AudioChunkPlan.Iterator
    /// The next composition sample handed to the pipe.
    private(set) var position: Int64
    private let depth: Int
    private let ready: HandoffQueue<Result<Chunk, ExportError>>
    private let free: HandoffQueue<AudioBuffer?>
    private var worker: WorkerThread?

    /// A pump of the composition samples of `plan` through `mastering` into `pipe`.
    init(mixer: any AudioMixSource, mastering: AudioMastering, pipe: AudioEncodePipe, plan: AudioChunkPlan, depth: Int) {
        self.mixer = mixer
        self.mastering = mastering
        self.pipe = pipe
        self.plan = plan
        chunks = plan.makeIterator()
        self.depth = max(0, depth)
        position = plan.samples.lowerBound
        ready = HandoffQueue(capacity: max(1, depth))
        free = HandoffQueue(capacity: depth + 1)
        guard depth > 0 else { return }
        for _ in 0...depth { free.put(nil) }
        worker = ExportThread.start(.audio) { [self] in produce() }
    }

    /// The composition samples of the output.
    var samples: Range<Int64> { plan.samples }

    /// The largest chunk the mixer makes.
    var capacity: Int { mixer.capacity }

    /// Encodes the sound up to each frame while a shared video segment is encoded, but muxes it only at
    /// `writeHeld()`, after the segment's packets: the muxer sees the same order as when the segment is reused,
    /// and the sound is not left to encode on its own once the segment is done.
    var holdsPackets: Bool {
        get { pipe.writer.holds }
        set { pipe.writer.holds = newValue }
    }

    /// Muxes the packets encoded while `holdsPackets` was true.
    func writeHeld() throws(ExportError) {
        try pipe.writer.writeHeld()
    }

    /// Hands the pipe every sample before the end of video frame `index`.
    func pump(throughFrame index: Int64) throws(ExportError) {
        try pump(to: plan.frameEnds[Int(index)])
    }

    /// Hands the pipe the plan's chunks up to composition sample `target` (at most to the end).
    func pump(to target: Int64) throws(ExportError) {
        let end = min(target, samples.upperBound)
        guard depth > 0 else {
            while position < end, let (from, count) = chunks.next() {
                pipe.mark = from + Int64(count)
                try pipe.push(try mastering.process(try mixer.render(from: from, count: count)))
                position = from + Int64(count)
            }
            return
        }
        while position < end {
            guard let chunk = try take() else { throw ExportError.encode(path: nil, reason: "the audio ended early") }
            pipe.mark = chunk.inputEnd
            try pipe.push(chunk.buffer)
            position = chunk.inputEnd
            free.put(chunk.buffer)
        }
    }

    /// Hands the pipe the rest: the samples still in the limiter, then the encoder's last packets. Call after
    /// `pump(to: samples.upperBound)`.
    func finish() throws(ExportError) {
        pipe.mark = .max
        if depth == 0 {
            repeat { try pipe.push(try mastering.finish()) } while mastering.hasPending
        } else {
            while let chunk = try take() {
                try pipe.push(chunk.buffer)
                free.put(chunk.buffer)
            }
            close()
        }
        try pipe.finish()
    }

    /// The loudness the mastering stage measured, when it meters.
    func measurement() throws(ExportError) -> Loudness? {
        try mastering.measurement()
    }

    /// Keeps a copy of every packet with the mixer's position when it was encoded, for `recording()`.
    func startRecording() {
        pipe.recording = SegmentCache.Payload(packets: [])
    }

    /// The packets recorded since `startRecording()`, with the measured loudness; call after `finish()`.
    func recording() throws(ExportError) -> SegmentCache.Payload? {
        guard var payload = pipe.recording else { return nil }
        payload.loudness = try measurement()
        return payload
    }

    /// Stops the audio thread (after the chunk it is mixing) and waits for it; safe to call more than once.
    func close() {
        ready.close()
        free.close()
        worker?.join()
        worker = nil
    }

    /// The next chunk from the audio thread; nil when it has ended; throws the error it met.
    private func take() throws(ExportError) -> Chunk? {
        guard let result = ready.take() else { return nil }
        return try result.get()
    }

    /// The audio thread: the plan's chunks, mixed, mastered, copied and queued; an error ends it.
    private func produce() {
        do throws(ExportError) {
            for (from, count) in plan {
                let mastered = try mastering.process(try mixer.render(from: from, count: count))
                guard try queue(mastered, inputEnd: from + Int64(count)) else { return }
            }
            repeat {
                guard try queue(try mastering.finish(), inputEnd: plan.samples.upperBound) else { return }
            } while mastering.hasPending
        } catch {
            ready.put(.failure(error))
        }
        ready.finish()
    }

    /// Copies `mastered` into a free chunk and queues it; false once the pump is closed.
    private func queue(_ mastered: AudioBuffer, inputEnd: Int64) throws(ExportError) -> Bool {
        guard let slot = free.take() else { return false }
        let buffer: AudioBuffer
        do {
            buffer = try slot ?? AudioBuffer(channelCount: mastered.channelCount, frameCapacity: mixer.capacity,
                                             sampleRate: mastered.sampleRate)
            try buffer.setFrameCount(mastered.frameCount)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        for channel in 0..<mastered.channelCount {
            buffer.unsafeChannel(channel).update(from: mastered.unsafeChannel(channel), count: mastered.frameCount)
        }
        return ready.put(.success(Chunk(buffer: buffer, inputEnd: inputEnd)))
    }
}
