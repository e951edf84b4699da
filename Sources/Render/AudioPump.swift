import MediaCore

/// The export's sound from the mixer to the encoder pipe, in the serial path's chunks: `pump(to:)` hands the pipe
/// everything up to a composition sample, `finish()` the limiter's tail and the encoder's last packets. With `depth`
/// 0 the caller mixes and masters in `pump`; otherwise a thread of its own does, up to `depth` chunks ahead, and the
/// caller only frames, encodes and muxes.
///
/// The mixer is asked for exactly the chunks the serial path asks for (a chunk ends at every target, and at most
/// `mixer.capacity` long), because chunk edges decide gain interpolation: so the samples, the packets and the
/// order they are muxed in are the serial path's, byte for byte. The thread must know the targets in advance:
/// `targets(step)` for `steps` steps (one per video frame), then chunks of `mixer.capacity` to the end.
///
/// `@unchecked Sendable`: the mixer and mastering stage are used by the audio thread only (or, with depth 0, by the
/// caller only) until `close()` has joined it; the pipe by the caller only; chunks change hands through
/// `HandoffQueue`s.
final class AudioPump: @unchecked Sendable {
    /// One mastered chunk: the samples that came out and the composition sample its input ended at.
    private struct Chunk {
        var buffer: AudioBuffer
        var inputEnd: Int64
    }

    private let mixer: any AudioMixSource
    /// The mastering stage (its loudness measurement is read after `finish()`).
    let mastering: AudioMastering
    private let pipe: AudioEncodePipe
    /// The composition samples of the output.
    let samples: Range<Int64>
    /// The next composition sample handed to the pipe.
    private(set) var position: Int64
    private let depth: Int
    private let steps: Int64
    private let targets: (Int64) -> Int64
    private let ready: HandoffQueue<Result<Chunk, ExportError>>
    private let free: HandoffQueue<AudioBuffer?>
    private var worker: WorkerThread?

    /// A pump of composition samples `samples` through `mastering` into `pipe`.
    init(mixer: any AudioMixSource, mastering: AudioMastering, pipe: AudioEncodePipe, samples: Range<Int64>, depth: Int,
         steps: Int64, targets: @escaping (Int64) -> Int64) {
        self.mixer = mixer
        self.mastering = mastering
        self.pipe = pipe
        self.samples = samples
        self.depth = max(0, depth)
        self.steps = steps
        self.targets = targets
        position = samples.lowerBound
        ready = HandoffQueue(capacity: max(1, depth))
        free = HandoffQueue(capacity: depth + 1)
        guard depth > 0 else { return }
        for _ in 0...depth { free.put(nil) }
        worker = WorkerThread(name: "mediabatch audio") { [self] in produce() }
    }

    /// The largest chunk the mixer makes.
    var capacity: Int { mixer.capacity }

    /// Hands the pipe every sample before composition sample `target` (at most to the end).
    func pump(to target: Int64) throws(ExportError) {
        let end = min(target, samples.upperBound)
        guard depth > 0 else {
            while position < end {
                let count = Int(min(Int64(mixer.capacity), end - position))
                try pipe.push(try mastering.process(try mixer.render(from: position, count: count)))
                position += Int64(count)
            }
            return
        }
        while position < end {
            guard let chunk = try take() else { throw ExportError.encode(path: nil, reason: "the audio ended early") }
            try pipe.push(chunk.buffer)
            position = chunk.inputEnd
            free.put(chunk.buffer)
        }
    }

    /// Hands the pipe the rest: the samples still in the limiter, then the encoder's last packets. Call after
    /// `pump(to: samples.upperBound)`.
    func finish() throws(ExportError) {
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

    /// The audio thread: the serial path's chunks, mixed, mastered, copied and queued; an error ends it.
    private func produce() {
        var done = samples.lowerBound
        do throws(ExportError) {
            var step: Int64 = 0
            while done < samples.upperBound {
                let target = step < steps ? targets(step) : done + Int64(mixer.capacity)
                step += 1
                while done < min(target, samples.upperBound) {
                    let count = Int(min(Int64(mixer.capacity), min(target, samples.upperBound) - done))
                    let mastered = try mastering.process(try mixer.render(from: done, count: count))
                    done += Int64(count)
                    guard try queue(mastered, inputEnd: done) else { return }
                }
            }
            repeat {
                guard try queue(try mastering.finish(), inputEnd: done) else { return }
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
