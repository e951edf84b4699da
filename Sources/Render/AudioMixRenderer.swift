import Composition
import MediaCore

/// The composition's audio, chunk by chunk: every audio track read, gained by the audio mix sample-accurately
/// (volume evaluated at the chunk's ends and at every ramp edge inside it, interpolated linearly in between) and
/// summed by the core mixer. A composition without audio tracks gives silence.
final class AudioMixRenderer {
    private let readers: [AudioTrackReader]
    private let audioMix: AudioMix
    private let mixer = AudioMixer()
    private let outputRate: Int
    /// The mixed chunk.
    let output: AudioBuffer
    /// The largest chunk `render` accepts.
    let capacity: Int

    init(composition: MutableComposition, audioMix: AudioMix, sampleRate: Int, channels: Int, capacity: Int,
         pool: SourcePool) throws(ExportError) {
        var readers: [AudioTrackReader] = []
        for track in composition.tracks(withMediaType: .audio) {
            readers.append(try AudioTrackReader(track: track, outputRate: sampleRate, channels: channels,
                                                capacity: capacity, pool: pool))
        }
        self.readers = readers
        self.audioMix = audioMix
        outputRate = sampleRate
        self.capacity = capacity
        do {
            output = try AudioBuffer(channelCount: channels, frameCapacity: capacity, sampleRate: sampleRate)
        } catch {
            throw ExportError.probe(path: nil, reason: "\(error)")
        }
    }

    /// Mixes samples `sample ..< sample + count` into `output`.
    func render(from sample: Int64, count: Int) throws(ExportError) -> AudioBuffer {
        var inputs: [AudioMixerInput] = []
        for reader in readers {
            let buffer = try reader.read(from: sample, count: count)
            inputs.append(AudioMixerInput(buffer: buffer, gain: gain(ofTrack: reader.trackID, from: sample, count: count)))
        }
        do {
            try mixer.mix(inputs, into: output, frameCount: count)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        return output
    }

    /// The track's volume over samples `sample ..< sample + count` as linear gain segments split at ramp edges.
    func gain(ofTrack trackID: Int32, from sample: Int64, count: Int) -> AudioGain {
        guard let parameters = audioMix.parameters(forTrackID: trackID), !parameters.volumeRamps.isEmpty, count > 0 else {
            return .unity
        }
        let end = sample + Int64(count)
        var edges: Set<Int64> = [sample, end]
        for ramp in parameters.volumeRamps {
            for time in [ramp.timeRange.start, ramp.timeRange.end] where time.isNumeric {
                let edge = time.convertScale(Int32(outputRate), method: .roundTowardPositiveInfinity).value
                if edge > sample, edge < end { edges.insert(edge) }
            }
        }
        let bounds = edges.sorted()
        func volume(_ index: Int64) -> Float {
            Float(parameters.volume(at: MediaTime(value: index, timescale: Int32(outputRate))))
        }
        var segments: [GainSegment] = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            let first = volume(lower)
            let length = Int(upper - lower)
            // The value the segment heads for: the linear continuation of its own samples (a step at `upper`
            // belongs to the next segment).
            let last = length > 1
                ? first + (volume(upper - 1) - first) * Float(length) / Float(length - 1) : first
            segments.append(GainSegment(frameCount: length, startGain: first, endGain: last))
        }
        if segments.count == 1, segments[0].startGain == segments[0].endGain { return .constant(segments[0].startGain) }
        return .segments(segments)
    }
}
