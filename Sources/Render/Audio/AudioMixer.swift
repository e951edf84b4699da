/// One buffer to mix and the gain it is mixed with.
public struct AudioMixerInput {
    /// The samples; its frames from 0 are mixed (frames it lacks count as silence).
    public var buffer: AudioBuffer
    /// The gain curve across the mixed frames.
    public var gain: AudioGain

    /// An input with a gain (unity by default).
    public init(buffer: AudioBuffer, gain: AudioGain = .unity) {
        self.buffer = buffer
        self.gain = gain
    }
}

/// Sums inputs, each with its own sample-accurate gain, into an output buffer, then clamps to [-1, 1].
public struct AudioMixer: Sendable, Hashable {
    /// Whether the mix is clamped to [-1, 1] (a safety net against overs, not a limiter).
    public var clampsOutput: Bool

    /// A mixer; clamping is on by default.
    public init(clampsOutput: Bool = true) {
        self.clampsOutput = clampsOutput
    }

    /// Overwrites `output`'s first `frameCount` frames with the gained sum of `inputs` and sets its `frameCount`.
    /// Inputs need the output's sample rate and its channel count, or one channel (spread to every channel);
    /// an input whose buffer is `output` itself is ignored.
    public func mix(_ inputs: [AudioMixerInput], into output: AudioBuffer, frameCount: Int) throws(RenderError) {
        guard frameCount >= 0, frameCount <= output.frameCapacity else {
            throw .frameCountExceedsCapacity(requested: frameCount, capacity: output.frameCapacity)
        }
        for (index, input) in inputs.enumerated() {
            let buffer = input.buffer
            guard buffer.sampleRate == output.sampleRate,
                  buffer.channelCount == output.channelCount || buffer.channelCount == 1 else {
                throw .audioFormatMismatch(
                    input: index, inputChannels: buffer.channelCount, inputRate: buffer.sampleRate,
                    outputChannels: output.channelCount, outputRate: output.sampleRate)
            }
            if case .samples(let gains) = input.gain, gains.count < min(frameCount, buffer.frameCount) {
                throw .gainTooShort(input: index, gains: gains.count, frames: min(frameCount, buffer.frameCount))
            }
        }
        withExtendedLifetime(inputs) {
            for channel in 0..<output.channelCount {
                let destination = output.unsafeChannel(channel)
                destination.update(repeating: 0, count: frameCount)
                for input in inputs where input.buffer !== output {
                    let buffer = input.buffer
                    let source = buffer.unsafeChannel(buffer.channelCount == 1 ? 0 : channel)
                    Self.accumulate(source, into: destination, count: min(frameCount, buffer.frameCount), gain: input.gain)
                }
                if clampsOutput {
                    for i in 0..<frameCount {
                        destination[i] = min(max(destination[i], -1), 1)
                    }
                }
            }
        }
        output.frameCount = frameCount
    }

    static func accumulate(_ source: UnsafeMutablePointer<Float>, into destination: UnsafeMutablePointer<Float>,
                           count: Int, gain: AudioGain) {
        switch gain {
        case .constant(let value):
            for i in 0..<count { destination[i] += source[i] * value }
        case .ramp(let from, let to):
            accumulateSegment(source, into: destination, count: count, length: count, from: from, to: to)
        case .segments(let segments):
            var done = 0
            var held: Float = 1
            for segment in segments where done < count {
                let length = max(segment.frameCount, 0)
                let run = min(length, count - done)
                accumulateSegment(source + done, into: destination + done, count: run, length: length,
                                  from: segment.startGain, to: segment.endGain)
                done += run
                held = segment.endGain
            }
            if done < count {
                for i in done..<count { destination[i] += source[i] * held }
            }
        case .samples(let gains):
            gains.withUnsafeBufferPointer { values in
                guard let base = values.baseAddress else { return }
                for i in 0..<count { destination[i] += source[i] * base[i] }
            }
        }
    }

    /// The first `count` frames of a `length`-frame segment from `from` towards `to`.
    @inline(__always)
    static func accumulateSegment(_ source: UnsafeMutablePointer<Float>, into destination: UnsafeMutablePointer<Float>,
                                  count: Int, length: Int, from: Float, to: Float) {
        guard count > 0 else { return }
        // Gain from the index, never accumulated, so long segments do not drift.
        let step = (to - from) / Float(length)
        for i in 0..<count {
            destination[i] += source[i] * (from + step * Float(i))
        }
    }
}
