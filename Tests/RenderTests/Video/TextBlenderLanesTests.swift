@testable import LibAV
@testable import Render
import Testing

/// The vector path for 8-bit 4:2:0 frames paints the bytes of the general path: random masks at odd and even
/// places and sizes, partly outside the frame, at several opacities, over a random picture.
@Suite struct TextBlenderLanesTests {
    /// A deterministic pseudo-random byte source.
    struct Noise {
        var state: UInt64
        mutating func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// The frame's used bytes after blending `masks` with or without the vector path.
    func paint(_ masks: [(x: Int, y: Int, width: Int, height: Int, opacity: UInt8)], lanes: Bool,
               width: Int, height: Int) throws -> [UInt8] {
        var noise = Noise(state: 7)
        let frame = try Frame(width: width, height: height, pixelFormat: .yuv420p)
        try frame.withMutablePlanes { planes in
            for plane in planes {
                for row in 0..<plane.rows { for index in plane.row(row).indices { plane.row(row)[index] = noise.next() } }
            }
        }
        var blender = try #require(TextBlender(format: .yuv420p))
        blender.usesLanes = lanes
        for mask in masks {
            let stride = mask.width + 3
            var bitmap = [UInt8](repeating: 0, count: stride * mask.height)
            for index in bitmap.indices { bitmap[index] = index % 7 == 0 ? 255 : noise.next() }
            bitmap.withUnsafeBufferPointer { pointer in
                let image = ASSImage(width: mask.width, height: mask.height, stride: stride, bitmap: pointer.baseAddress!,
                                     x: mask.x, y: mask.y, red: 250, green: 40, blue: 90, opacity: mask.opacity)
                try? frame.withMutablePlanes { planes in blender.blend(image, into: planes, width: width, height: height) }
            }
        }
        return frame.withPlanes { planes in planes.flatMap { plane in (0..<plane.rows).flatMap { Array(plane.row($0)) } } }
    }

    @Test(arguments: [(64, 36), (97, 51)])
    func vectorPathPaintsTheBytesOfTheGeneralOne(width: Int, height: Int) throws {
        let masks: [(x: Int, y: Int, width: Int, height: Int, opacity: UInt8)] = [
            (0, 0, 40, 20, 255), (3, 5, 33, 17, 200), (-5, -3, 20, 9, 128), (width - 20, height - 7, 31, 12, 255),
            (17, 1, 1, 1, 90), (2, 10, 16, 2, 1), (31, 30, 48, 30, 255),
        ]
        let fast = try paint(masks, lanes: true, width: width, height: height)
        let reference = try paint(masks, lanes: false, width: width, height: height)
        #expect(fast == reference)
        #expect(fast != (try paint([], lanes: true, width: width, height: height)), "the masks should change the picture")
    }
}
