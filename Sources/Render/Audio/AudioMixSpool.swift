import Foundation

/// The composition's audio mix kept in a temporary file of interleaved 32-bit float PCM, so one mixing pass feeds the
/// loudness measurements and the real render (the same floats, not a re-decode) while memory stays one chunk deep.
/// The file is unlinked as soon as it is made: it disappears when the spool is released, even after a crash.
///
/// Samples are addressed by composition sample index from `start`; they are written in order and read in any order.
final class AudioMixSpool: AudioMixSource {
    /// The first composition sample the spool holds.
    let start: Int64
    /// The largest chunk `render` returns.
    let capacity: Int
    private let channels: Int
    /// The open, already unlinked file.
    private let descriptor: Int32
    /// How many samples have been written.
    private(set) var written: Int64 = 0
    private let output: AudioBuffer
    /// One chunk of interleaved samples on its way to or from the file.
    private var interleaved: [Float]

    /// An empty spool for `channels` channels at `sampleRate`, starting at composition sample `start`, in `directory`.
    init(start: Int64, channels: Int, sampleRate: Int, capacity: Int,
         directory: String = NSTemporaryDirectory()) throws(ExportError) {
        var template = Array((directory + "/mediabatch-mix-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ExportError.encode(path: directory, reason: "cannot create the loudness spool: \(Self.lastError)")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
        self.start = start
        self.channels = channels
        self.capacity = capacity
        interleaved = [Float](repeating: 0, count: channels * capacity)
        do {
            output = try AudioBuffer(channelCount: channels, frameCapacity: capacity, sampleRate: sampleRate)
        } catch {
            close(descriptor)
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    deinit { close(descriptor) }

    /// Appends the valid frames of `chunk` (at most `capacity`).
    func append(_ chunk: AudioBuffer) throws(ExportError) {
        let count = min(chunk.frameCount, capacity)
        for channel in 0..<channels {
            let samples = chunk.unsafeChannel(min(channel, chunk.channelCount - 1))
            for i in 0..<count { interleaved[i * channels + channel] = samples[i] }
        }
        let bytes = count * channels * MemoryLayout<Float>.size
        let offset = off_t(written) * off_t(channels * MemoryLayout<Float>.size)
        let done = interleaved.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes, offset) }
        guard done == bytes else {
            throw ExportError.encode(path: nil, reason: "cannot write the loudness spool: \(Self.lastError)")
        }
        written += Int64(count)
    }

    /// Samples `sample ..< sample + count` as they were appended; past what was written is an error.
    func render(from sample: Int64, count: Int) throws(ExportError) -> AudioBuffer {
        let first = sample - start
        guard count >= 0, count <= capacity, first >= 0, first + Int64(count) <= written else {
            throw ExportError.encode(path: nil, reason: "the loudness spool holds samples \(start)..<\(start + written), "
                + "not \(sample)..<\(sample + Int64(count))")
        }
        let bytes = count * channels * MemoryLayout<Float>.size
        let offset = off_t(first) * off_t(channels * MemoryLayout<Float>.size)
        let done = interleaved.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, bytes, offset) }
        guard done == bytes else {
            throw ExportError.encode(path: nil, reason: "cannot read the loudness spool: \(Self.lastError)")
        }
        output.frameCount = count
        for channel in 0..<channels {
            let samples = output.unsafeChannel(channel)
            for i in 0..<count { samples[i] = interleaved[i * channels + channel] }
        }
        return output
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
