@testable import Render
import Testing

/// Turning and mirroring a plane: every output sample comes from the input sample the orientation names, for all
/// eight orientations of a plane larger than the tiles the transposition works in, with odd sizes and padded rows.
@Suite struct PictureOrientationTests {
    static let orientations: [PictureOrientation] = [false, true].flatMap { swaps in
        [false, true].flatMap { x in [false, true].map { y in
            PictureOrientation(swapsAxes: swaps, reversesX: x, reversesY: y)
        } }
    }

    @Test(arguments: orientations)
    func everySampleComesFromWhereTheOrientationSays(_ orientation: PictureOrientation) {
        let (width, height, stride) = (130, 67, 136)
        let input = (0..<(height * stride)).map { UInt16($0 % stride < width ? $0 : 0xFFFF) }
        let (outWidth, outHeight) = orientation.outputSize(width: width, height: height)
        let outStride = outWidth + 5
        var output = [UInt16](repeating: 0xFFFF, count: outHeight * outStride)
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
            if output[(row * outStride + outWidth)..<((row + 1) * outStride)].contains(where: { $0 != 0xFFFF }) { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) samples misplaced")
    }
}
