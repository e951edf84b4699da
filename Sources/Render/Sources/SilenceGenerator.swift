/// Silence: every sample is zero.
public struct SilenceGenerator: Sendable, Hashable {
    /// A silence source.
    public init() {}

    /// Writes `count` zero samples to every channel of `buffer`.
    public func read(into buffer: AudioBuffer, from sampleIndex: Int64, count: Int) throws {
        try buffer.setFrameCount(count)
        for channel in 0..<buffer.channelCount {
            buffer.withChannel(channel) { $0.baseAddress!.update(repeating: 0, count: count) }
        }
    }
}
