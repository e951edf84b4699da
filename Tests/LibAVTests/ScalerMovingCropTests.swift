import LibAV
import MediaTestSupport
import Testing

/// A scaler set up once and moved to another crop origin per call gives the bytes of a scaler made for that crop.
@Suite struct ScalerMovingCropTests {
    @Test(arguments: [PixelFormat.yuv420p, .yuv422p, .rgba])
    func movedCropMatchesAFreshScaler(format: PixelFormat) throws {
        let source = try Frame.noise(width: 96, height: 64, format: format)
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
            #expect(reused.usedBytes == fresh.usedBytes, "origin \(x),\(y)")
        }
    }

    @Test func movedCropOutsideTheFrameThrows() throws {
        let source = try Frame.noise(width: 64, height: 48, format: .yuv420p)
        let scaler = try Scaler(sourceWidth: 64, sourceHeight: 48, sourceFormat: .yuv420p,
                                crop: Scaler.Rect(x: 0, y: 0, width: 32, height: 32), width: 32, height: 32,
                                pixelFormat: .yuv420p)
        let output = try Frame(width: 32, height: 32, pixelFormat: .yuv420p)
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: 34, cropY: 0, into: output) }
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: 0, cropY: 18, into: output) }
        #expect(throws: LibAVError.self) { try scaler.scale(source, cropX: -2, cropY: 0, into: output) }
    }
}
