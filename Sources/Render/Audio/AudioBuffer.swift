/// Planar 32-bit float audio that owns its memory: one allocation made in `init`, freed in `deinit`, reused.
///
/// A final class rather than a struct of `[[Float]]`: the mixer, framer and (later) libswresample work on raw
/// per-channel pointers in tight loops, and a class gives stable memory with no copy-on-write uniqueness checks,
/// no per-channel array allocations and no bounds checks, and one buffer can be refilled chunk after chunk.
/// A "frame" here is one sample per channel; `frameCount` of the `frameCapacity` frames hold valid audio.
public final class AudioBuffer {
    /// Number of channels (planes).
    public let channelCount: Int
    /// The most sample frames the buffer holds.
    public let frameCapacity: Int
    /// Samples per second per channel.
    public let sampleRate: Int

    private let storage: UnsafeMutablePointer<Float>
    private var validFrames = 0

    /// Allocates a zeroed buffer; all three values must be positive.
    public init(channelCount: Int, frameCapacity: Int, sampleRate: Int) throws(RenderError) {
        guard channelCount > 0, frameCapacity > 0, sampleRate > 0,
              channelCount.multipliedReportingOverflow(by: frameCapacity).overflow == false else {
            throw .invalidAudioFormat(channels: channelCount, frameCapacity: frameCapacity, sampleRate: sampleRate)
        }
        self.channelCount = channelCount
        self.frameCapacity = frameCapacity
        self.sampleRate = sampleRate
        storage = UnsafeMutablePointer<Float>.allocate(capacity: channelCount * frameCapacity)
        storage.initialize(repeating: 0, count: channelCount * frameCapacity)
    }

    deinit {
        storage.deallocate()
    }

    /// How many frames hold valid audio, 0...`frameCapacity`.
    public var frameCount: Int {
        get { validFrames }
        set {
            precondition(newValue >= 0 && newValue <= frameCapacity, "frame count \(newValue) outside 0...\(frameCapacity)")
            validFrames = newValue
        }
    }

    /// Sets `frameCount`, throwing instead of trapping when `count` exceeds the capacity.
    public func setFrameCount(_ count: Int) throws(RenderError) {
        guard count >= 0, count <= frameCapacity else {
            throw .frameCountExceedsCapacity(requested: count, capacity: frameCapacity)
        }
        validFrames = count
    }

    /// Lends channel `index`'s whole capacity (`frameCapacity` samples); valid only inside `body`.
    public func withChannel<R, E: Error>(
        _ index: Int, _ body: (UnsafeMutableBufferPointer<Float>) throws(E) -> R
    ) throws(E) -> R {
        precondition(index >= 0 && index < channelCount, "channel \(index) out of range")
        return try body(UnsafeMutableBufferPointer(start: storage + index * frameCapacity, count: frameCapacity))
    }

    /// Zeroes all samples and sets `frameCount` to `frames` (0 by default).
    public func clear(frameCount frames: Int = 0) {
        storage.update(repeating: 0, count: channelCount * frameCapacity)
        frameCount = frames
    }

    /// A copy of the valid samples of channel `index`.
    public func samples(channel index: Int) -> [Float] {
        withChannel(index) { Array($0.prefix(validFrames)) }
    }

    /// Channel `index`'s first sample, for kernels that hold several channels at once; `self` must stay alive.
    func unsafeChannel(_ index: Int) -> UnsafeMutablePointer<Float> {
        precondition(index >= 0 && index < channelCount, "channel \(index) out of range")
        return storage + index * frameCapacity
    }
}
