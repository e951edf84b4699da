/// A FIFO that turns audio chunks of any size into fixed-size encoder frames (1024 samples for AAC, 960 for Opus).
///
/// Sample counting is exact: every pushed sample comes out once, in order; after `finish()` the remainder comes out
/// as one final, shorter frame, so `samplesOut == samplesIn` at the end and durations are exact.
public final class AudioFramer {
    /// Channels of every chunk and frame.
    public let channelCount: Int
    /// Samples per channel in each full frame.
    public let samplesPerFrame: Int
    /// The sample rate of every chunk and frame.
    public let sampleRate: Int
    /// Samples per channel pushed so far.
    public private(set) var samplesIn: Int64 = 0
    /// Samples per channel popped so far; also the position (in samples) of the next frame.
    public private(set) var samplesOut: Int64 = 0
    /// Whether `finish()` was called.
    public private(set) var isFinished = false

    private var storage: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var head = 0
    private var count = 0

    /// A framer for `samplesPerFrame`-sample frames; all values must be positive.
    public init(channelCount: Int, samplesPerFrame: Int, sampleRate: Int) throws(RenderError) {
        guard channelCount > 0, samplesPerFrame > 0, sampleRate > 0 else {
            throw .invalidAudioFormat(channels: channelCount, frameCapacity: samplesPerFrame, sampleRate: sampleRate)
        }
        self.channelCount = channelCount
        self.samplesPerFrame = samplesPerFrame
        self.sampleRate = sampleRate
        capacity = samplesPerFrame * 4
        storage = UnsafeMutablePointer<Float>.allocate(capacity: channelCount * capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Samples per channel waiting to be popped.
    public var bufferedSampleCount: Int { count }

    /// Appends `buffer`'s valid frames; its channel count and sample rate must match the framer's.
    public func push(_ buffer: AudioBuffer) throws(RenderError) {
        precondition(!isFinished, "push after finish")
        guard buffer.channelCount == channelCount, buffer.sampleRate == sampleRate else {
            throw .audioFormatMismatch(input: 0, inputChannels: buffer.channelCount, inputRate: buffer.sampleRate,
                                       outputChannels: channelCount, outputRate: sampleRate)
        }
        let incoming = buffer.frameCount
        guard incoming > 0 else { return }
        reserve(incoming)
        withExtendedLifetime(buffer) {
            for channel in 0..<channelCount {
                (storage + channel * capacity + head + count).update(from: buffer.unsafeChannel(channel), count: incoming)
            }
        }
        count += incoming
        samplesIn += Int64(incoming)
    }

    /// Marks the end of input: the remaining samples may now come out as a final partial frame.
    public func finish() {
        isFinished = true
    }

    /// Moves the next frame into `frame` (which needs the framer's channels, rate and room for `samplesPerFrame`)
    /// and sets its `frameCount`; returns false when no full frame is ready (or, once finished, nothing is left).
    public func pop(into frame: AudioBuffer) throws(RenderError) -> Bool {
        guard frame.channelCount == channelCount, frame.sampleRate == sampleRate else {
            throw .audioFormatMismatch(input: 0, inputChannels: channelCount, inputRate: sampleRate,
                                       outputChannels: frame.channelCount, outputRate: frame.sampleRate)
        }
        guard frame.frameCapacity >= samplesPerFrame else {
            throw .frameCountExceedsCapacity(requested: samplesPerFrame, capacity: frame.frameCapacity)
        }
        let outgoing = count >= samplesPerFrame ? samplesPerFrame : (isFinished ? count : 0)
        guard outgoing > 0 else { return false }
        withExtendedLifetime(frame) {
            for channel in 0..<channelCount {
                frame.unsafeChannel(channel).update(from: storage + channel * capacity + head, count: outgoing)
            }
        }
        frame.frameCount = outgoing
        head += outgoing
        count -= outgoing
        if count == 0 { head = 0 }
        samplesOut += Int64(outgoing)
        return true
    }

    /// Pops the next frame into a new buffer, or nil (see `pop(into:)`).
    public func popFrame() -> AudioBuffer? {
        guard count >= samplesPerFrame || (isFinished && count > 0) else { return nil }
        // Both cannot fail: the framer's own shape was validated in init.
        guard let frame = try? AudioBuffer(channelCount: channelCount, frameCapacity: samplesPerFrame, sampleRate: sampleRate),
              (try? pop(into: frame)) == true else { return nil }
        return frame
    }

    /// Makes room for `incoming` more samples per channel: slide the data to the front, grow if still short.
    private func reserve(_ incoming: Int) {
        if head + count + incoming <= capacity { return }
        if count + incoming <= capacity {
            if count > 0 {
                for channel in 0..<channelCount {
                    let base = storage + channel * capacity
                    // The regions may overlap; copyMemory has memmove semantics.
                    UnsafeMutableRawPointer(base).copyMemory(from: base + head, byteCount: count * MemoryLayout<Float>.stride)
                }
            }
            head = 0
            return
        }
        var grown = capacity
        while grown < count + incoming { grown *= 2 }
        let fresh = UnsafeMutablePointer<Float>.allocate(capacity: channelCount * grown)
        for channel in 0..<channelCount {
            (fresh + channel * grown).update(from: storage + channel * capacity + head, count: count)
        }
        storage.deallocate()
        storage = fresh
        capacity = grown
        head = 0
    }
}
