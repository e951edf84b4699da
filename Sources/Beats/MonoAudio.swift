import LibAV
import MediaCore

/// Decodes a file's main audio stream to mono 32-bit float at `sampleRate`, in the order it plays.
final class MonoAudio {
    private let input: InputFile
    private let decoder: Decoder
    private var resampler: Resampler?
    private var finished = false
    /// Samples per second of what `next` returns.
    let sampleRate: Int

    /// Opens `path` and its best audio stream.
    init(path: String, sampleRate: Int) throws {
        input = try InputFile(path: path)
        let index = try input.bestStream(.audio)
        decoder = try Decoder(input: input, stream: index, threads: 1)
        self.sampleRate = sampleRate
    }

    /// The next decoded samples (possibly none), nil once the stream and the resampler are drained.
    func next() throws -> [Float]? {
        guard !finished else { return nil }
        guard let frame = try decoder.nextFrame(from: input) else {
            finished = true
            return try resampler.map { Self.samples(of: try $0.flush()) } ?? nil
        }
        let format = Resampler.AudioFormat.of(frame)
        var pending: [Float] = []
        if resampler?.source != format {
            // A stream that changes format mid-way: the old converter's tail first, then a new one.
            if let previous = resampler { pending = Self.samples(of: try previous.flush()) }
            resampler = try Resampler(source: format, destination: Resampler.AudioFormat(
                sampleRate: sampleRate, channels: 1, sampleFormat: .flt))
        }
        return pending + Self.samples(of: try resampler!.convert(frame))
    }

    /// The mono float samples of a converted frame.
    private static func samples(of frame: Frame) -> [Float] {
        let count = frame.sampleCount
        guard count > 0 else { return [] }
        return frame.withPlanes { planes in
            guard let plane = planes.first else { return [] }
            let floats = plane.base.assumingMemoryBound(to: Float.self)
            return Array(UnsafeBufferPointer(start: floats, count: count))
        }
    }
}
