import LibAV
import MediaCore
import Testing

/// Scaling, cropping and resampling with known inputs.
@Suite struct ConversionTests {
    /// An rgba frame whose left half is `left` and right half is `right`.
    static func halves(width: Int, height: Int, left: [UInt8], right: [UInt8]) throws -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: .rgba)
        try frame.withMutablePlanes { planes in
            for y in 0..<height {
                let row = planes[0].row(y)
                for x in 0..<width {
                    for c in 0..<4 { row[x * 4 + c] = x < width / 2 ? left[c] : right[c] }
                }
            }
        }
        return frame
    }

    @Test(arguments: [Scaler.Quality.fast, .area, .bicubic, .lanczos])
    func scalesAKnownColour(quality: Scaler.Quality) throws {
        let source = try Self.halves(width: 64, height: 48, left: [0, 255, 0, 255], right: [0, 255, 0, 255])
        source.pts = MediaTime(value: 7, timescale: 30)
        let scaler = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .rgba,
                                width: 32, height: 24, pixelFormat: .rgba, quality: quality)
        let output = try scaler.scale(source)
        #expect(output.width == 32 && output.height == 24)
        #expect(output.pts == MediaTime(value: 7, timescale: 30))
        output.withPlanes { planes in
            // Fast bilinear trades one level of precision for speed; the others are exact on a flat colour.
            let tolerance = quality == .fast ? 1 : 0
            for y in [0, 12, 23] {
                let pixel = Array(planes[0].row(y)[0..<4]).map(Int.init)
                #expect(zip(pixel, [0, 255, 0, 255]).allSatisfy { abs($0 - $1) <= tolerance }, "\(pixel)")
            }
        }
    }

    @Test func cropTakesOnlyTheRectangle() throws {
        let source = try Self.halves(width: 64, height: 48, left: [255, 0, 0, 255], right: [0, 0, 255, 255])
        let scaler = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .rgba,
                                crop: Scaler.Rect(x: 32, y: 8, width: 32, height: 32),
                                width: 16, height: 16, pixelFormat: .rgba)
        let output = try scaler.scale(source)
        output.withPlanes { planes in
            for y in 0..<16 {
                for x in 0..<16 { #expect(Array(planes[0].row(y)[x * 4..<x * 4 + 4]) == [0, 0, 255, 255]) }
            }
        }
    }

    @Test func cropOfYUVOffsetsEveryPlane() throws {
        let rgb = try Self.halves(width: 64, height: 48, left: [255, 0, 0, 255], right: [0, 0, 255, 255])
        let toYUV = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .rgba,
                               width: 64, height: 48, pixelFormat: .yuv420p)
        let yuv = try toYUV.scale(rgb)
        let cropBack = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .yuv420p,
                                  crop: Scaler.Rect(x: 0, y: 0, width: 24, height: 48),
                                  width: 24, height: 48, pixelFormat: .rgba, quality: .area)
        let output = try cropBack.scale(yuv)
        output.withPlanes { planes in
            let pixel = Array(planes[0].row(20)[8..<12])
            #expect(pixel[0] > 240 && pixel[1] < 16 && pixel[2] < 16)
        }
    }

    @Test func badCropIsAnError() throws {
        #expect(throws: LibAVError.invalidArgument(
            "cannot scale 64x48 rgba -> 16x16 rgba: crop 40x40 at 32,8 is outside the frame")) {
            _ = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .rgba,
                           crop: Scaler.Rect(x: 32, y: 8, width: 40, height: 40),
                           width: 16, height: 16, pixelFormat: .rgba)
        }
    }

    @Test func resamplesASineToTheTargetCount() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.tone)
        let decoder = try Decoder(input: input, stream: try input.bestStream(.audio))
        let resampler = try Resampler(
            source: .init(sampleRate: 44100, channels: 1, sampleFormat: .s16),
            destination: .init(sampleRate: 48000, channels: 2, sampleFormat: .fltp))
        var total = 0
        var expectedPTS = MediaTime.zero
        var peak: Float = 0
        while let frame = try decoder.nextFrame(from: input) {
            let output = try resampler.convert(frame)
            #expect(output.channels == 2 && output.sampleRate == 48000 && output.sampleFormat == .fltp)
            if output.sampleCount > 0 {
                #expect(output.pts == expectedPTS)
                expectedPTS = expectedPTS + MediaTime(value: Int64(output.sampleCount), timescale: 48000)
            }
            output.withPlanes { planes in
                #expect(planes.count == 2)
                let samples = planes[1].base.assumingMemoryBound(to: Float.self)
                for index in 0..<output.sampleCount { peak = max(peak, abs(samples[index])) }
            }
            total += output.sampleCount
        }
        total += try resampler.flush().sampleCount
        #expect(total == 48000)
        // ffmpeg's sine source has amplitude 1/8; upmixing mono to stereo spreads it at -3 dB per side.
        #expect(abs(peak - 0.125 * Float(0.5).squareRoot()) < 0.005)
    }
}
