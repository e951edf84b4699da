import LibAV
import MediaCore
import Testing

/// Decoding frame counts, exact pts, seeking and still images.
@Suite struct DecoderTests {
    @Test func decodesEveryVideoFrameWithExactPTS() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.clip)
        let stream = try input.bestStream(.video)
        let decoder = try Decoder(input: input, stream: stream, threads: 2)
        var times: [MediaTime] = []
        while let frame = try decoder.nextFrame(from: input) {
            #expect(frame.width == 320 && frame.height == 240)
            #expect(frame.pixelFormat == .yuv420p)
            times.append(frame.pts)
        }
        #expect(times == (0..<60).map { FrameRate(30).time(ofFrame: Int64($0)) })
    }

    @Test func decodesAllAudioSamples() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.clip)
        let decoder = try Decoder(input: input, stream: try input.bestStream(.audio))
        #expect(decoder.sampleRate == 48000)
        #expect(decoder.channels == 2)
        var samples = 0
        var last = MediaTime.negativeInfinity
        while let frame = try decoder.nextFrame(from: input) {
            #expect(frame.pts > last)
            last = frame.pts
            samples += frame.sampleCount
        }
        // 2 s of aac: 94 frames of 1024 samples cover 96000 samples plus the encoder's padding.
        #expect(samples >= 96000 && samples <= 96000 + 2048)
    }

    @Test(arguments: [(33, 30), (45, 30), (1, 30), (59, 30)])
    func seekThenDropGivesTheExactFirstFrame(frame: Int, of rate: Int) throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.clip)
        let stream = try input.bestStream(.video)
        let decoder = try Decoder(input: input, stream: stream)
        _ = try decoder.nextFrame(from: input)
        let inPoint = MediaTime(value: Int64(frame), timescale: Int32(rate))
        try input.seek(to: inPoint, stream: stream)
        decoder.flush()
        let first = try #require(try decoder.nextFrame(from: input))
        #expect(first.pts <= inPoint)
        #expect(first.isKeyframe)
        var current: Frame? = first
        while let candidate = current, candidate.pts < inPoint { current = try decoder.nextFrame(from: input) }
        #expect(current?.pts == inPoint)
    }

    @Test func pngWithAlphaDecodesAsOneFrame() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.alphaPNG)
        let decoder = try Decoder(input: input, stream: try input.bestStream(.video))
        let frame = try #require(try decoder.nextFrame(from: input))
        #expect(frame.pixelFormat == .rgba)
        #expect(frame.pixelFormat.hasAlpha)
        #expect(frame.width == 64 && frame.height == 48)
        let pixel = frame.withPlanes { planes in Array(planes[0].row(10)[40..<44]) }
        #expect(pixel == [255, 0, 0, 127])
        #expect(try decoder.nextFrame(from: input) == nil)
    }

    @Test func jpegDecodesAsOneFrame() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.photo)
        let decoder = try Decoder(input: input, stream: try input.bestStream(.video))
        var count = 0
        while try decoder.nextFrame(from: input) != nil { count += 1 }
        #expect(count == 1)
    }
}
