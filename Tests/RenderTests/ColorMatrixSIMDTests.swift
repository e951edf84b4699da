import LibAV
@testable import Render
import Testing

/// The SIMD colour-matrix conversion writes the bytes of the plain per-pixel loop, for every matrix and range, on
/// odd sizes (partial chroma blocks, a scalar tail after the 16-sample steps) and extreme code values.
@Suite struct ColorMatrixSIMDTests {
    /// A `width` x `height` `yuv420p` frame of deterministic noise over the whole 0...255 range.
    static func noise(width: Int, height: Int, seed: UInt32) throws -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: .yuv420p)
        var state = seed
        try frame.withMutablePlanes { planes in
            for plane in planes {
                for y in 0..<plane.rows {
                    let row = plane.row(y)
                    for x in 0..<plane.usedBytesPerRow {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        row[x] = UInt8(truncatingIfNeeded: state >> 24)
                    }
                }
            }
        }
        return frame
    }

    /// Every used byte of every plane.
    static func bytes(_ frame: Frame) -> [UInt8] {
        frame.withPlanes { planes in
            planes.flatMap { plane in (0..<plane.rows).flatMap { Array(plane.row($0)[0..<plane.usedBytesPerRow]) } }
        }
    }

    @Test(arguments: [
        ColorDescription(matrix: .bt601, isFullRange: false), ColorDescription(matrix: .bt601, isFullRange: true),
        ColorDescription(matrix: .bt709, isFullRange: true), ColorDescription(matrix: .bt2020, isFullRange: true),
    ])
    func simdMatchesThePerPixelLoop(source: ColorDescription) throws {
        let converter = ColorMatrixConverter(from: source)
        for (width, height) in [(67, 35), (16, 2), (1, 1), (130, 9)] {
            let input = try Self.noise(width: width, height: height, seed: UInt32(width * 1000 + height))
            let fast = try Frame(width: width, height: height, pixelFormat: .yuv420p)
            let plain = try Frame(width: width, height: height, pixelFormat: .yuv420p)
            try converter.convert(input, into: fast)
            try converter.convertPerPixel(input, into: plain)
            #expect(Self.bytes(fast) == Self.bytes(plain), "\(width)x\(height) from \(source)")
        }
    }
}
