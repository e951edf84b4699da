@testable import Render
import Testing

/// Turning and mirroring a plane: every output sample comes from the input sample the orientation names, for all
/// eight orientations, 16-bit and 8-bit planes (the 8-bit turn works in 8 x 8 blocks), planes larger than the tiles
/// the transposition works in, smaller than a block, with odd sizes and padded rows.
@Suite struct PictureOrientationTests {
    static let orientations: [PictureOrientation] = [false, true].flatMap { swaps in
        [false, true].flatMap { x in [false, true].map { y in
            PictureOrientation(swapsAxes: swaps, reversesX: x, reversesY: y)
        } }
    }

    /// Width, height and row stride (in samples) of the input planes.
    static let sizes = [(130, 67, 136), (8, 8, 8), (16, 24, 21), (7, 5, 9), (64, 72, 64), (540, 963, 576)]

    @Test(arguments: orientations)
    func everySampleComesFromWhereTheOrientationSays(_ orientation: PictureOrientation) {
        for (width, height, stride) in Self.sizes {
            let wide = Self.misplaced(orientation, width, height, stride) { x, y in UInt16(truncatingIfNeeded: y * stride + x) }
            #expect(wide == 0, "16-bit \(width)x\(height): \(wide) samples misplaced")
            // Neighbours within 8 samples never share a value: a sample off by less than a block shows.
            let narrow = Self.misplaced(orientation, width, height, stride) { x, y in UInt8((x * 31 + y * 17) % 251) }
            #expect(narrow == 0, "8-bit \(width)x\(height): \(narrow) samples misplaced")
        }
    }

    /// How many output samples (and padding runs) of `orientation`'s remap differ from the definition, for an input
    /// of `width` x `height` samples whose sample at (x, y) is `value(x, y)` (the padding holds `max`).
    static func misplaced<Sample: FixedWidthInteger>(_ orientation: PictureOrientation, _ width: Int, _ height: Int,
                                                      _ stride: Int, value: (Int, Int) -> Sample) -> Int {
        let input = (0..<(height * stride)).map { $0 % stride < width ? value($0 % stride, $0 / stride) : Sample.max }
        let (outWidth, outHeight) = orientation.outputSize(width: width, height: height)
        let outStride = outWidth + 5
        var output = [Sample](repeating: Sample.max, count: outHeight * outStride)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                orientation.remap(from: source.baseAddress!, sourceStride: stride, width: width, height: height,
                                  into: target.baseAddress!, targetStride: outStride)
            }
        }
        var wrong = 0
        for row in 0..<outHeight {
            for column in 0..<outWidth {
                let (x, y) = orientation.swapsAxes ? (row, column) : (column, row)
                let sourceX = orientation.reversesX ? width - 1 - x : x
                let sourceY = orientation.reversesY ? height - 1 - y : y
                if output[row * outStride + column] != input[sourceY * stride + sourceX] { wrong += 1 }
            }
            // The padding after each output row is left alone.
            if output[(row * outStride + outWidth)..<((row + 1) * outStride)].contains(where: { $0 != Sample.max }) {
                wrong += 1
            }
        }
        return wrong
    }
}
