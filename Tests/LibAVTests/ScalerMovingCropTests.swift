import LibAV
import Testing

/// A scaler set up once and moved to another crop origin per call gives the bytes of a scaler made for that crop.
@Suite struct ScalerMovingCropTests {
    /// A `width` x `height` frame of `format` filled with deterministic noise.
    static func noise(width: Int, height: Int, format: PixelFormat) throws -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: format)
        var state: UInt32 = 12345
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

    /// Every used byte of every plane, in order.
    static func bytes(_ frame: Frame) -> [UInt8] {
        frame.withPlanes { planes in
            planes.flatMap { plane in (0..<plane.rows).flatMap { Array(plane.row($0)[0..<plane.usedBytesPerRow]) } }
        }
    }

    @Test(arguments: [PixelFormat.yuv420p, .yuv422p, .rgba])
    func movedCropMatchesAFreshScaler(format: PixelFormat) throws {
        let source = try Self.noise(width: 96, height: 64, format: format)
        let moving = try Scaler(sourceWidth: 96, sourceHeight: 64, sourceFormat: format,
                                crop: Scaler.Rect(x: 0, y: 0, width: 50, height: 30), width: 40, height: 24,
                                pixelFormat: .yuv420p)
        let reused = try Frame(width: 40, height: 24, pixelFormat: .yuv420p)
        // Odd origins too: both scalers round them down to the chroma grid.
        for (x, y) in [(0, 0), (7, 3), (8, 4), (21, 11), (46, 34), (1, 0), (0, 1)] {
            try moving.scale(source, cropX: x, cropY: y, into: reused)
            let fresh = try Scaler(sourceWidth: 96, sourceHeight: 64, sourceFormat: format,
                                   crop: Scaler.Rect(x: x, y: y, width: 50, height: 30), width: 40, height: 24,
                                   pixelFormat: .yuv420p).scale(source)
            #expect(Self.bytes(reused) == Self.bytes(fresh), "origin \(x),\(y)")
        }
    }

    @Test func movedCropOutsideTheFrameThrows() throws {
        let source = try Self.noise(width: 64, height: 48, format: .yuv420p)
        let scaler = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .yuv420p,
                                crop: Scaler.Rect(x: 0, y: 0, width: 32, height: 32), width: 32, height: 32,
                                pixelFormat: .yuv420p)
        let output = try Frame(width: 32, height: 32, pixelFormat: .yuv420p)
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: 34, cropY: 0, into: output) }
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: 0, cropY: 18, into: output) }
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: -2, cropY: 0, into: output) }
    }
}
