import Foundation

/// A sine tone: sample `n` is `amplitude * sin(2π * frequency * n / sampleRate)` on every channel, computed from the
/// absolute sample index (never from a running phase), so reads in any chunking give the same samples.
public struct ToneGenerator: Sendable, Hashable {
    /// Cycles per second.
    public var frequency: Double
    /// Peak amplitude, linear (1 is full scale).
    public var amplitude: Double
    /// How many samples the tone lasts (samples from there on are silence); nil for endless.
    public var sampleCount: Int64?

    /// A tone of `frequency` Hz at `amplitude`.
    public init(frequency: Double, amplitude: Double = 0.5, sampleCount: Int64? = nil) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.sampleCount = sampleCount
    }

    /// The value of sample `index` at `sampleRate`.
    public func sample(at index: Int64, sampleRate: Int) -> Float {
        guard index >= 0, sampleCount.map({ index < $0 }) ?? true, sampleRate > 0 else { return 0 }
        let cycles: Double
        if let whole = Int64(exactly: frequency), whole.magnitude < 1 << 31 {
            // Integral frequencies: the phase is reduced exactly, so hour-long tones stay as clean as the first second.
            let phase = (Int128(whole) * Int128(index)) % Int128(sampleRate)
            cycles = Double(phase) / Double(sampleRate)
        } else {
            let exact = frequency * Double(index) / Double(sampleRate)
            cycles = exact - exact.rounded(.down)
        }
        return Float(amplitude * sin(2 * Double.pi * cycles))
    }

    /// Writes samples `sampleIndex ..< sampleIndex + count` to every channel of `buffer`.
    public func read(into buffer: AudioBuffer, from sampleIndex: Int64, count: Int) throws {
        try buffer.setFrameCount(count)
        let rate = buffer.sampleRate
        buffer.withChannel(0) { first in
            for i in 0..<count { first[i] = sample(at: sampleIndex + Int64(i), sampleRate: rate) }
            for channel in 1..<buffer.channelCount {
                buffer.withChannel(channel) { $0.baseAddress!.update(from: first.baseAddress!, count: count) }
            }
        }
    }
}
