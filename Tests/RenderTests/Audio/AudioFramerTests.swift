import Testing
import Render

struct AudioFramerTests {
    /// Pushes `total` samples (sample k has value k on channel 0 and -k on channel 1) in `chunk`-sized pieces and
    /// returns the frame sizes popped and the samples in output order.
    func run(total: Int, chunk: Int, frameSize: Int) throws -> (sizes: [Int], samples: [Float], framer: AudioFramer) {
        let framer = try AudioFramer(channelCount: 2, samplesPerFrame: frameSize, sampleRate: 44100)
        let input = try AudioBuffer(channelCount: 2, frameCapacity: chunk, sampleRate: 44100)
        let frame = try AudioBuffer(channelCount: 2, frameCapacity: frameSize, sampleRate: 44100)
        var sizes: [Int] = [], samples: [Float] = []
        func drain() throws {
            while try framer.pop(into: frame) {
                sizes.append(frame.frameCount)
                samples += frame.samples(channel: 0)
                #expect(frame.samples(channel: 1) == frame.samples(channel: 0).map { -$0 })
            }
        }
        var pushed = 0
        while pushed < total {
            let count = min(chunk, total - pushed)
            for channel in 0..<2 {
                input.withChannel(channel) { buffer in
                    for i in 0..<count { buffer[i] = Float(pushed + i) * (channel == 0 ? 1 : -1) }
                }
            }
            input.frameCount = count
            try framer.push(input)
            pushed += count
            try drain()
        }
        framer.finish()
        try drain()
        return (sizes, samples, framer)
    }

    @Test func aacFramesWithFinalPartialFrame() throws {
        let (sizes, samples, framer) = try run(total: 4410, chunk: 1000, frameSize: 1024)
        #expect(sizes == [1024, 1024, 1024, 1024, 314])
        #expect(samples == (0..<4410).map(Float.init))
        #expect(framer.samplesIn == 4410)
        #expect(framer.samplesOut == 4410)
        #expect(framer.bufferedSampleCount == 0)
    }

    @Test(arguments: [(48000, 960, 960), (10_000, 7, 960), (2048, 4096, 1024), (960, 960, 960), (5, 3, 1024)])
    func totalPreserved(_ total: Int, _ chunk: Int, _ frameSize: Int) throws {
        let (sizes, samples, framer) = try run(total: total, chunk: chunk, frameSize: frameSize)
        #expect(sizes.reduce(0, +) == total)
        #expect(sizes.dropLast().allSatisfy { $0 == frameSize })
        #expect(samples == (0..<total).map(Float.init))
        #expect(framer.samplesOut == Int64(total))
    }

    @Test func noFrameUntilEnoughSamplesOrFinished() throws {
        let framer = try AudioFramer(channelCount: 1, samplesPerFrame: 4, sampleRate: 8000)
        let chunk = try AudioBuffer(channelCount: 1, frameCapacity: 3, sampleRate: 8000)
        chunk.frameCount = 3
        try framer.push(chunk)
        #expect(framer.popFrame() == nil)
        framer.finish()
        #expect(framer.popFrame()?.frameCount == 3)
        #expect(framer.popFrame() == nil)
    }

    @Test func rejectsOtherFormats() throws {
        let framer = try AudioFramer(channelCount: 2, samplesPerFrame: 1024, sampleRate: 48000)
        #expect(throws: RenderError.audioFormatMismatch(input: 0, inputChannels: 1, inputRate: 48000, outputChannels: 2, outputRate: 48000)) {
            try framer.push(try AudioBuffer(channelCount: 1, frameCapacity: 4, sampleRate: 48000))
        }
        #expect(throws: RenderError.frameCountExceedsCapacity(requested: 1024, capacity: 1000)) {
            _ = try framer.pop(into: try AudioBuffer(channelCount: 2, frameCapacity: 1000, sampleRate: 48000))
        }
    }
}
