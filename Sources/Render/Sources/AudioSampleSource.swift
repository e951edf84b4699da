/// Something the engine pulls samples from: a generator now, a libav decoder and resampler later.
public protocol AudioSampleSource {
    /// Writes `count` sample frames starting at absolute sample `sampleIndex` (at the buffer's sample rate) into
    /// `buffer` from its frame 0, filling every channel, and sets `buffer.frameCount` to `count`. Samples the
    /// source does not have are silence.
    func read(into buffer: AudioBuffer, from sampleIndex: Int64, count: Int) throws
}
