import LibAV
import MediaTestSupport
@testable import Render
import Testing

/// The row-wise colour-matrix conversion writes the bytes of the plain per-pixel loop, for every matrix and range, on
/// odd sizes (partial chroma blocks, rows not a multiple of a vector's width) and extreme code values.
@Suite struct ColorMatrixConverterTests {
    @Test(arguments: [
        ColorDescription(matrix: .bt601, isFullRange: false), ColorDescription(matrix: .bt601, isFullRange: true),
        ColorDescription(matrix: .bt709, isFullRange: true), ColorDescription(matrix: .bt2020, isFullRange: true),
    ])
    func rowsMatchThePerPixelLoop(source: ColorDescription) throws {
        let converter = ColorMatrixConverter(from: source)
        for (width, height) in [(67, 35), (16, 2), (1, 1), (130, 9)] {
            let input = try Frame.noise(width: width, height: height, format: .yuv420p, seed: UInt32(width * 1000 + height))
            let fast = try Frame(width: width, height: height, pixelFormat: .yuv420p)
            let plain = try Frame(width: width, height: height, pixelFormat: .yuv420p)
            try converter.convert(input, into: fast)
            try converter.convertPerPixel(input, into: plain)
            #expect(fast.usedBytes == plain.usedBytes, "\(width)x\(height) from \(source)")
        }
    }
}
