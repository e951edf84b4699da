import LibAV
import MediaCore
import Testing

/// Colour matrices and ranges of `Scaler` and `Frame`: RGB meets Y'CbCr through BT.709 unless told otherwise.
@Suite struct ColorConversionScalerTests {
    /// A solid rgb24 picture.
    static func solid(_ rgb: [UInt8], width: Int = 32, height: Int = 16) throws -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: .rgb24)
        try frame.withMutablePlanes { planes in
            for y in 0..<height {
                let row = planes[0].row(y)
                for x in 0..<width { for c in 0..<3 { row[x * 3 + c] = rgb[c] } }
            }
        }
        return frame
    }

    /// Y, Cb, Cr of the first pixel of a yuv420p-layout frame.
    static func firstSample(_ frame: Frame) -> [Int] {
        frame.withPlanes { planes in planes.prefix(3).map { Int($0.row(0)[0]) } }
    }

    /// RGB colour, destination description, expected Y, Cb, Cr.
    static let cases: [([UInt8], ColorDescription?, [Int])] = [
        ([255, 0, 0], nil, [63, 102, 240]),  // BT.709 limited (the default); BT.601 would be 81, 90, 240
        ([255, 0, 0], ColorDescription(matrix: .bt601, isFullRange: false), [81, 90, 240]),
        ([255, 255, 255], nil, [235, 128, 128]),
        ([255, 255, 255], ColorDescription(matrix: .bt709, isFullRange: true), [255, 128, 128]),
        ([0, 0, 0], nil, [16, 128, 128]),
    ]

    @Test(arguments: cases)
    func rgbToYUVUsesTheGivenMatrixAndRange(_ rgb: [UInt8], _ destination: ColorDescription?, _ expected: [Int]) throws {
        let scaler = try Scaler(sourceWidth: 32, sourceHeight: 16, sourceFormat: .rgb24, width: 32, height: 16,
                                pixelFormat: .yuv420p, destinationColor: destination)
        let sample = Self.firstSample(try scaler.scale(try Self.solid(rgb)))
        #expect(zip(sample, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(sample)")
    }

    @Test func formatsImplyTheirRange() throws {
        #expect(ColorDescription.implied(by: .yuv420p) == .bt709Limited)
        #expect(ColorDescription.implied(by: .yuvj420p) == ColorDescription(matrix: .bt709, isFullRange: true))
        #expect(ColorDescription.implied(by: .rgba).isFullRange)
        #expect(PixelFormat.yuvj420p.isJPEGRange && PixelFormat.yuvj420p.isYUV && !PixelFormat.yuvj420p.isRGB)
        #expect(PixelFormat.rgb24.isRGB && !PixelFormat.rgb24.isYUV)
    }

    @Test(arguments: [(1280, 720, ColorDescription.Matrix.bt709), (640, 480, .bt601)])
    func untaggedFramesAssumeTheMatrixBySize(_ width: Int, _ height: Int, _ matrix: ColorDescription.Matrix) throws {
        let frame = try Frame(width: width, height: height, pixelFormat: .yuv420p)
        #expect(frame.colorDescription == ColorDescription(matrix: matrix, isFullRange: false))
        frame.tag(ColorDescription(matrix: .bt709, isFullRange: true))
        #expect(frame.colorDescription == ColorDescription(matrix: .bt709, isFullRange: true))
        #expect(try Frame(width: 64, height: 48, pixelFormat: .yuvj420p).colorDescription.isFullRange)
    }
}
