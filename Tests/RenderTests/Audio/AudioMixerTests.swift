import Testing
import Render

struct AudioMixerTests {
    func buffer(channels: Int = 1, frames: Int, rate: Int = 48000, _ value: (Int) -> Float) throws -> AudioBuffer {
        let buffer = try AudioBuffer(channelCount: channels, frameCapacity: frames, sampleRate: rate)
        for channel in 0..<channels {
            buffer.withChannel(channel) { samples in
                for i in 0..<frames { samples[i] = value(i) }
            }
        }
        buffer.frameCount = frames
        return buffer
    }

    @Test func twoTonesSum() throws {
        let a = ToneGenerator(frequency: 440, amplitude: 0.25), b = ToneGenerator(frequency: 660, amplitude: 0.25)
        let first = try AudioBuffer(channelCount: 2, frameCapacity: 512, sampleRate: 48000)
        let second = try AudioBuffer(channelCount: 2, frameCapacity: 512, sampleRate: 48000)
        try a.read(into: first, from: 100, count: 512)
        try b.read(into: second, from: 100, count: 512)
        let output = try AudioBuffer(channelCount: 2, frameCapacity: 512, sampleRate: 48000)
        try AudioMixer().mix([AudioMixerInput(buffer: first), AudioMixerInput(buffer: second)], into: output, frameCount: 512)
        #expect(output.frameCount == 512)
        for channel in 0..<2 {
            let mixed = output.samples(channel: channel)
            for i in 0..<512 {
                let expected = a.sample(at: 100 + Int64(i), sampleRate: 48000) + b.sample(at: 100 + Int64(i), sampleRate: 48000)
                #expect(abs(mixed[i] - expected) < 1e-6)
            }
        }
    }

    @Test func gainRampOneToZeroDecreasesLinearly() throws {
        let input = try buffer(frames: 100) { _ in 0.5 }
        let output = try AudioBuffer(channelCount: 1, frameCapacity: 100, sampleRate: 48000)
        try AudioMixer().mix([AudioMixerInput(buffer: input, gain: .ramp(from: 1, to: 0))], into: output, frameCount: 100)
        let mixed = output.samples(channel: 0)
        #expect(mixed[0] == 0.5)
        for i in 0..<100 {
            #expect(abs(mixed[i] - 0.5 * (1 - Float(i) / 100)) < 1e-6)
            if i > 0 { #expect(mixed[i] < mixed[i - 1]) }
        }
    }

    @Test func segmentsJoinAndHoldTheLastGain() throws {
        let input = try buffer(frames: 10) { _ in 1 }
        let output = try AudioBuffer(channelCount: 1, frameCapacity: 10, sampleRate: 48000)
        let gain = AudioGain.segments([GainSegment(frameCount: 4, startGain: 0, endGain: 1), GainSegment(frameCount: 2, gain: 0.5)])
        try AudioMixer().mix([AudioMixerInput(buffer: input, gain: gain)], into: output, frameCount: 10)
        #expect(output.samples(channel: 0) == [0, 0.25, 0.5, 0.75, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    }

    @Test func perSampleGainsAndMonoSpread() throws {
        let input = try buffer(frames: 4) { Float($0 + 1) / 10 }
        let output = try AudioBuffer(channelCount: 2, frameCapacity: 4, sampleRate: 48000)
        try AudioMixer().mix([AudioMixerInput(buffer: input, gain: .samples([1, 0, 2, -1]))], into: output, frameCount: 4)
        for channel in 0..<2 {
            #expect(output.samples(channel: channel) == [0.1, 0, 0.6, -0.4])
        }
    }

    @Test func shortInputIsPaddedWithSilence() throws {
        let input = try buffer(frames: 8) { _ in 0.5 }
        input.frameCount = 3
        let output = try buffer(frames: 6) { _ in 9 }
        try AudioMixer().mix([AudioMixerInput(buffer: input, gain: .constant(2))], into: output, frameCount: 6)
        #expect(output.samples(channel: 0) == [1, 1, 1, 0, 0, 0])
    }

    @Test(arguments: [(Float(0.8), Float(1)), (-0.8, -1), (0.3, 0.6)])
    func clampsTheSum(_ value: Float, _ expected: Float) throws {
        let a = try buffer(frames: 4) { _ in value }, b = try buffer(frames: 4) { _ in value }
        let output = try AudioBuffer(channelCount: 1, frameCapacity: 4, sampleRate: 48000)
        try AudioMixer().mix([AudioMixerInput(buffer: a), AudioMixerInput(buffer: b)], into: output, frameCount: 4)
        #expect(output.samples(channel: 0).allSatisfy { abs($0 - expected) < 1e-6 })
        try AudioMixer(clampsOutput: false).mix([AudioMixerInput(buffer: a), AudioMixerInput(buffer: b)], into: output, frameCount: 4)
        #expect(output.samples(channel: 0).allSatisfy { abs($0 - 2 * value) < 1e-6 })
    }

    @Test func rejectsMismatchedInputs() throws {
        let output = try AudioBuffer(channelCount: 2, frameCapacity: 4, sampleRate: 48000)
        let wrongRate = try buffer(frames: 4, rate: 44100) { _ in 0 }
        let wrongChannels = try buffer(channels: 3, frames: 4) { _ in 0 }
        let ok = try buffer(frames: 4) { _ in 0 }
        #expect(throws: RenderError.audioFormatMismatch(input: 1, inputChannels: 1, inputRate: 44100, outputChannels: 2, outputRate: 48000)) {
            try AudioMixer().mix([AudioMixerInput(buffer: ok), AudioMixerInput(buffer: wrongRate)], into: output, frameCount: 4)
        }
        #expect(throws: RenderError.audioFormatMismatch(input: 0, inputChannels: 3, inputRate: 48000, outputChannels: 2, outputRate: 48000)) {
            try AudioMixer().mix([AudioMixerInput(buffer: wrongChannels)], into: output, frameCount: 4)
        }
        #expect(throws: RenderError.gainTooShort(input: 0, gains: 2, frames: 4)) {
            try AudioMixer().mix([AudioMixerInput(buffer: ok, gain: .samples([1, 1]))], into: output, frameCount: 4)
        }
        #expect(throws: RenderError.frameCountExceedsCapacity(requested: 5, capacity: 4)) {
            try AudioMixer().mix([], into: output, frameCount: 5)
        }
    }
}
