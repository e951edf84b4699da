public import Composition
import MediaCore

/// A composition's sound as an export mixes it (every audio track, gained by the audio mix, ducked where asked),
/// read in chunks of 32-bit float samples without encoding anything: for programs that read samples themselves,
/// such as `AVAssetReader`. Sample `n` is the sound at `n / sampleRate` seconds of the composition.
///
/// Not thread-safe: one reader reads one chunk at a time. Reading forward is fastest; going back reopens sources.
public final class MixedAudioReader {
    /// Samples per second per channel.
    public let sampleRate: Int
    /// Channels per sample frame.
    public let channelCount: Int
    /// The most sample frames one `read` returns.
    public let chunkCapacity: Int
    /// How many sample frames the composition's length covers: `ceil(duration * sampleRate)`.
    public let sampleCount: Int64
    private let mixer: AudioMixRenderer

    /// A reader of `composition` mixed by `audioMix`, at `sampleRate` with `channelCount` channels; each `read`
    /// returns at most `chunkCapacity` frames. Throws when a source cannot be opened or a value is not positive.
    public init(composition: MutableComposition, audioMix: AudioMix, sampleRate: Int, channelCount: Int,
                chunkCapacity: Int = 4096) throws(ExportError) {
        guard sampleRate > 0, channelCount > 0, chunkCapacity > 0 else {
            throw ExportError.setup(reason: "audio of \(channelCount) channels at \(sampleRate) Hz in chunks of "
                                    + "\(chunkCapacity) cannot be read; all three must be positive")
        }
        let duration = composition.duration.isNumeric ? composition.duration : .zero
        do {
            let samples = try FrameClock.sampleRange(duration: duration, sampleRate: Int32(clamping: sampleRate))
            sampleCount = Int64(samples.count)
        } catch {
            throw ExportError.setup(reason: "\(error)")
        }
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.chunkCapacity = chunkCapacity
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: false, audio: true)
        mixer = try AudioMixRenderer(composition: composition, audioMix: audioMix, sampleRate: sampleRate,
                                     channels: channelCount, capacity: chunkCapacity, pool: pool)
    }

    /// The interleaved samples of frames `first ..< first + count` (`count` at most `chunkCapacity`), clamped to
    /// [-1, 1] as an export writes them; frames past the composition's end are silence.
    public func read(from first: Int64, count: Int) throws(ExportError) -> [Float] {
        guard first >= 0, count > 0, count <= chunkCapacity else {
            throw ExportError.setup(reason: "cannot read \(count) audio frames from frame \(first); a read takes 1 to "
                                    + "\(chunkCapacity) frames from frame 0 on")
        }
        let chunk = try mixer.render(from: first, count: count)
        var interleaved = [Float](repeating: 0, count: count * channelCount)
        for channel in 0..<channelCount {
            chunk.withChannel(channel) { samples in
                for frame in 0..<count { interleaved[frame * channelCount + channel] = samples[frame] }
            }
        }
        return interleaved
    }
}
