import LibAV

/// The last stage before the encoder: a fixed gain, an optional true-peak limiter and an optional loudness meter of
/// the final samples. Chunks go in and (delayed by the limiter's latency) come out; `finish` returns the rest, so the
/// total count of samples out equals the count in and sample n out is sample n in.
final class AudioMastering {
    /// Linear gain applied before the limiter.
    let gain: Float
    private let limiter: TruePeakLimiter?
    private let meter: LoudnessMeter?
    private let output: AudioBuffer

    /// A stage for chunks of up to `capacity` frames.
    init(gain: Float, limiterCeiling: Float?, meters: Bool, channels: Int, sampleRate: Int,
         capacity: Int) throws(ExportError) {
        self.gain = gain
        limiter = limiterCeiling.map {
            TruePeakLimiter(channelCount: channels, sampleRate: sampleRate, ceiling: $0)
        }
        do {
            meter = meters ? try LoudnessMeter(channels: channels, sampleRate: sampleRate) : nil
            output = try AudioBuffer(channelCount: channels, frameCapacity: capacity, sampleRate: sampleRate)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The smallest limiter gain applied so far (1 without a limiter or when it never acted).
    var deepestLimiterGain: Float { limiter?.deepestGain ?? 1 }

    /// Gains, limits and meters `chunk`; the returned buffer (reused by the next call) holds what came out.
    func process(_ chunk: AudioBuffer) throws(ExportError) -> AudioBuffer {
        let count = chunk.frameCount
        if gain != 1 {
            for channel in 0..<chunk.channelCount {
                let samples = chunk.unsafeChannel(channel)
                for i in 0..<count { samples[i] *= gain }
            }
        }
        guard let limiter else {
            try measure(chunk)
            return chunk
        }
        let produced = withExtendedLifetime(chunk) {
            limiter.process((0..<chunk.channelCount).map { UnsafePointer(chunk.unsafeChannel($0)) }, count: count,
                            output: outputChannels, outputOffset: 0)
        }
        output.frameCount = produced
        try measure(output)
        return output
    }

    /// The samples still held by the limiter (possibly none); call once after the last chunk.
    func finish() throws(ExportError) -> AudioBuffer {
        guard let limiter else {
            output.frameCount = 0
            return output
        }
        output.frameCount = limiter.flush(output: outputChannels, capacity: output.frameCapacity)
        try measure(output)
        return output
    }

    /// Whether `finish` left samples behind (only when the latency exceeds the capacity).
    var hasPending: Bool { (limiter?.pending ?? 0) > 0 }

    /// The loudness of everything that came out, when metering.
    func measurement() throws(ExportError) -> Loudness? {
        do {
            return try meter?.measurement()
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    private var outputChannels: [UnsafeMutablePointer<Float>] {
        (0..<output.channelCount).map { output.unsafeChannel($0) }
    }

    private func measure(_ buffer: AudioBuffer) throws(ExportError) {
        guard let meter, buffer.frameCount > 0 else { return }
        do {
            try withExtendedLifetime(buffer) { () throws(LibAVError) in
                try meter.add(planar: (0..<buffer.channelCount).map { UnsafePointer(buffer.unsafeChannel($0)) },
                              frameCount: buffer.frameCount)
            }
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }
}
