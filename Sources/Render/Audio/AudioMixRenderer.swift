import Composition
import MediaCore

/// The composition's audio, chunk by chunk: every audio track read, gained by the audio mix sample-accurately
/// (volume evaluated at the chunk's ends and at every ramp edge inside it, interpolated linearly in between) and
/// summed by the core mixer. A composition without audio tracks gives silence. A track with `ducking` is also gained
/// by its `DuckingEnvelope`, which listens to the named side-chain tracks after their volume. Each track's
/// `timePitchAlgorithm` says whether its sped-up segments keep their pitch (the default) or are varispeed.
final class AudioMixRenderer {
    private let readers: [AudioTrackReader]
    private let audioMix: AudioMix
    private let mixer: AudioMixer
    /// The ducking envelope of each ducked track.
    private var envelopes: [Int32: DuckingEnvelope] = [:]
    private let outputRate: Int
    /// The mixed chunk.
    let output: AudioBuffer
    /// The largest chunk `render` accepts.
    let capacity: Int

    /// A renderer of every audio track; `clampsOutput` false leaves overs for a limiter to handle.
    init(composition: MutableComposition, audioMix: AudioMix, sampleRate: Int, channels: Int, capacity: Int,
         pool: SourcePool, clampsOutput: Bool = true) throws(ExportError) {
        var readers: [AudioTrackReader] = []
        for track in composition.tracks(withMediaType: .audio) {
            readers.append(try AudioTrackReader(track: track, outputRate: sampleRate, channels: channels, capacity: capacity,
                                                algorithm: audioMix.parameters(forTrackID: track.trackID)?.timePitchAlgorithm,
                                                pool: pool))
        }
        self.readers = readers
        self.audioMix = audioMix
        mixer = AudioMixer(clampsOutput: clampsOutput)
        for parameters in audioMix.inputParameters {
            if let ducking = parameters.ducking, !ducking.sideChainTrackIDs.isEmpty {
                envelopes[parameters.trackID] = DuckingEnvelope(ducking: ducking, sampleRate: sampleRate)
            }
        }
        outputRate = sampleRate
        self.capacity = capacity
        do {
            output = try AudioBuffer(channelCount: channels, frameCapacity: capacity, sampleRate: sampleRate)
        } catch {
            throw ExportError.setup(reason: "\(error)")
        }
    }

    /// Mixes samples `sample ..< sample + count` into `output`.
    func render(from sample: Int64, count: Int) throws(ExportError) -> AudioBuffer {
        var inputs: [AudioMixerInput] = []
        for reader in readers {
            let buffer = try reader.read(from: sample, count: count)
            inputs.append(AudioMixerInput(buffer: buffer, gain: gain(ofTrack: reader.trackID, from: sample, count: count)))
        }
        if !envelopes.isEmpty { duck(&inputs, from: sample, count: count) }
        do {
            try mixer.mix(inputs, into: output, frameCount: count)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        return output
    }

    /// Multiplies each ducked track's gain by its envelope, fed by the side-chain tracks' post-volume sum.
    private func duck(_ inputs: inout [AudioMixerInput], from sample: Int64, count: Int) {
        // Side chains hear volume only, never another track's ducking.
        let unducked = inputs
        for (index, reader) in readers.enumerated() {
            guard let envelope = envelopes[reader.trackID] else { continue }
            let sideChain = readers.indices.filter { envelope.ducking.sideChainTrackIDs.contains(readers[$0].trackID) }
            let energy = sideChainEnergy(inputs: sideChain.map { unducked[$0] }, count: count)
            let ducking = envelope.gains(energy: energy, from: sample)
            var gains = inputs[index].gain.values(count: count)
            for i in 0..<count { gains[i] *= ducking[i] }
            inputs[index].gain = .samples(gains)
        }
    }

    /// The mean square over channels of the gained sum of `inputs`, frame by frame.
    private func sideChainEnergy(inputs: [AudioMixerInput], count: Int) -> [Float] {
        var energy = [Float](repeating: 0, count: count)
        guard count > 0, let first = inputs.first else { return energy }
        let gains = inputs.map { $0.gain.values(count: count) }
        var sum = [Float](repeating: 0, count: count)
        let channels = first.buffer.channelCount
        for channel in 0..<channels {
            for i in 0..<count { sum[i] = 0 }
            for (input, gain) in zip(inputs, gains) {
                input.buffer.withChannel(min(channel, input.buffer.channelCount - 1)) { samples in
                    for i in 0..<min(count, input.buffer.frameCount) { sum[i] += samples[i] * gain[i] }
                }
            }
            for i in 0..<count { energy[i] += sum[i] * sum[i] / Float(channels) }
        }
        return energy
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
