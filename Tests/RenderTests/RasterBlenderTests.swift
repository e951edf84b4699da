import LibAV
@testable import Render
import Testing
import TextLayout

/// `RasterBlender` on planar Y'CbCr frames: a placement painted again is mixed from its kept plan, and must give the
/// bytes of painting it afresh; both must match the premultiplied source-over formula per sample.
@Suite struct RasterBlenderTests {
    /// A 61x23 raster of varied premultiplied colours and coverages, with fully transparent pixels every seventh one.
    static let raster: TextRaster = {
        var pixels: [UInt8] = []
        for index in 0..<(61 * 23) {
            let alpha = index % 7 == 0 ? 0 : UInt8((index * 37) % 256)
            let colour = { (seed: Int) in UInt8((index * seed) % (Int(alpha) + 1)) }
            pixels += alpha == 0 ? [0, 0, 0, 0] : [colour(11), colour(13), colour(17), alpha]
        }
        return TextRaster(width: 61, height: 23, x: 0, y: 0, pixels: pixels)
    }()

    /// A `format` frame of 64x36 filled with a gradient, so every sample starts different.
    static func frame(_ format: PixelFormat) throws -> Frame {
        let frame = try Frame(width: 64, height: 36, pixelFormat: format)
        try frame.withMutablePlanes { planes in
            for (index, plane) in planes.enumerated() {
                for row in 0..<plane.rows {
                    let bytes = plane.row(row)
                    for offset in 0..<bytes.count { bytes[offset] = UInt8((row * 5 + offset * 3 + index * 40) % 256) }
                    if format != .yuv420p {
                        // Keep 10-bit samples within range: clear the high byte's top bits.
                        for offset in stride(from: 1, to: bytes.count, by: 2) { bytes[offset] &= 0x03 }
                    }
                }
            }
        }
        return frame
    }

    /// Each plane's bytes.
    static func bytes(_ frame: Frame) -> [[UInt8]] {
        frame.withPlanes { planes in planes.map { plane in (0..<plane.rows).flatMap { Array(plane.row($0)) } } }
    }

    /// Paints the raster at (`left`, `top`) at `opacity` with `blender` into a fresh gradient frame.
    static func paint(_ blender: RasterBlender, _ format: PixelFormat, left: Int, top: Int, opacity: Double) throws
        -> [[UInt8]] {
        let frame = try frame(format)
        try frame.withMutablePlanes { planes in
            blender.blend(raster, left: left, top: top, opacity: opacity, clip: nil, into: planes, width: 64, height: 36)
        }
        return bytes(frame)
    }

    @Test(arguments: [(PixelFormat.yuv420p, 5, 7), (.yuv420p, 6, -3), (.yuv420p10le, 9, 20), (.yuv420p10le, -4, 2)])
    func aPlannedPlacementGivesTheBytesOfAFreshOne(format: PixelFormat, left: Int, top: Int) throws {
        for opacity in [1.0, 0.37] {
            let fresh = try #require(RasterBlender(format: format))
            let streamed = try Self.paint(fresh, format, left: left, top: top, opacity: opacity)
            // Painted twice, the placement is planned; the third time mixes the kept plan.
            let repeated = try #require(RasterBlender(format: format))
            for _ in 0..<2 { _ = try Self.paint(repeated, format, left: left, top: top, opacity: 0.8) }
            let planned = try Self.paint(repeated, format, left: left, top: top, opacity: opacity)
            let differing = zip(planned.joined(), streamed.joined()).filter { $0 != $1 }.count
            #expect(differing == 0, "\(format) at \(left), \(top), opacity \(opacity): \(differing) bytes differ")
            let painted = zip(planned.joined(), Self.bytes(try Self.frame(format)).joined()).filter { $0 != $1 }.count
            #expect(painted > 500, "only \(painted) bytes painted")
        }
    }

    @Test func lumaSamplesFollowTheSourceOverFormula() throws {
        let blender = try #require(RasterBlender(format: .yuv420p))
        let painted = try Self.paint(blender, .yuv420p, left: 2, top: 3, opacity: 0.6)
        let before = Self.bytes(try Self.frame(.yuv420p))
        let frame = try Self.frame(.yuv420p)
        let stride = frame.withPlanes { $0[0].usedBytesPerRow }
        var worst = 0
        for y in 3..<26 {
            for x in 2..<63 {
                let index = ((y - 3) * 61 + (x - 2)) * 4, pixels = Self.raster.pixels
                let (b, g, r, a) = (Double(pixels[index]), Double(pixels[index + 1]), Double(pixels[index + 2]),
                                    Double(pixels[index + 3]))
                let scale = 0.6 / 255
                let luma = 0.2126 * r * scale + 0.7152 * g * scale + 0.0722 * b * scale
                let value = 16 * a * scale + 219 * luma
                let expected = (value + Double(before[0][y * stride + x]) * (1 - a * scale)).rounded()
                worst = max(worst, abs(Int(painted[0][y * stride + x]) - Int(expected)))
            }
        }
        #expect(worst <= 1, "off by \(worst)")
    }
}
