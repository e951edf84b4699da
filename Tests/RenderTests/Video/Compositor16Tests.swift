@testable import Render
import Testing

/// The 16-bit compositor of HDR outputs: `Compositor`'s blend rules on `UInt16` samples.
@Suite struct Compositor16Tests {
    static let background: (y: UInt16, cb: UInt16, cr: UInt16) = (1000, 2000, 3000)
    static let paint: (y: UInt16, cb: UInt16, cr: UInt16) = (60000, 40000, 20000)

    /// The rounded 16-bit blend the compositor promises.
    static func mixed(_ source: UInt16, over destination: UInt16, weight: UInt32) -> UInt16 {
        UInt16((UInt32(source) * weight + UInt32(destination) * (65535 - weight) + 32767) / 65535)
    }

    func layer(width: Int, height: Int, alpha: [UInt16]? = nil) throws -> VideoFrameBuffer16 {
        let buffer = try VideoFrameBuffer16(width: width, height: height, hasAlpha: alpha != nil)
        buffer.fill(Self.paint)
        if let alpha {
            let (plane, stride) = buffer.unsafePlane(3)
            for y in 0..<height { for x in 0..<width { plane[y * stride + x] = alpha[x % alpha.count] } }
        }
        return buffer
    }

    @Test(arguments: [(1.0, UInt32(65535)), (0.5, 32768), (0.25, 16384)])
    func constantOpacityBlendsEverySample(opacity: Double, weight: UInt32) throws {
        let canvas = try VideoFrameBuffer16(width: 8, height: 4)
        let source = try layer(width: 4, height: 2)
        Compositor16(background: Self.background).composite(
            [Compositor16.Layer(source: source, x: 2, y: 2, opacity: opacity)], into: canvas)
        let inside = canvas.sample(x: 3, y: 3), outside = canvas.sample(x: 0, y: 0)
        #expect(inside.y == Self.mixed(Self.paint.y, over: Self.background.y, weight: weight))
        #expect(inside.cb == Self.mixed(Self.paint.cb, over: Self.background.cb, weight: weight))
        #expect(inside.cr == Self.mixed(Self.paint.cr, over: Self.background.cr, weight: weight))
        #expect(outside.y == Self.background.y && outside.cb == Self.background.cb && outside.cr == Self.background.cr)
    }

    @Test func alphaMasksLumaPerSampleAndChromaPerBlock() throws {
        let canvas = try VideoFrameBuffer16(width: 4, height: 2)
        // Columns: opaque, opaque, half, clear; the second chroma block averages half and clear.
        let source = try layer(width: 4, height: 2, alpha: [65535, 65535, 32768, 0])
        Compositor16(background: Self.background).composite(
            [Compositor16.Layer(source: source, x: 0, y: 0, opacity: 1)], into: canvas)
        #expect(canvas.sample(x: 0, y: 0).y == Self.paint.y)
        #expect(canvas.sample(x: 2, y: 1).y == Self.mixed(Self.paint.y, over: Self.background.y, weight: 32768))
        #expect(canvas.sample(x: 3, y: 0).y == Self.background.y)
        #expect(canvas.sample(x: 0, y: 0).cb == Self.paint.cb)
        let blockAlpha = (UInt32(32768) * 2 + 2) / 4
        #expect(canvas.sample(x: 2, y: 0).cr == Self.mixed(Self.paint.cr, over: Self.background.cr, weight: blockAlpha))
    }

    @Test func oddOriginsAreFlooredToEvenAndLayersClipped() throws {
        let canvas = try VideoFrameBuffer16(width: 8, height: 4)
        let source = try layer(width: 4, height: 4)
        Compositor16(background: Self.background).composite(
            [Compositor16.Layer(source: source, x: 5, y: -1, opacity: 1)], into: canvas)
        // x 5 -> 4, y -1 -> -2: columns 4...7, rows 0...1 are painted.
        #expect(canvas.sample(x: 4, y: 1).y == Self.paint.y)
        #expect(canvas.sample(x: 3, y: 1).y == Self.background.y)
        #expect(canvas.sample(x: 4, y: 2).y == Self.background.y)
    }

    @Test func aWindowDrawsOnlyThatPartOfTheSource() throws {
        let canvas = try VideoFrameBuffer16(width: 8, height: 4)
        // Luma = 1000 x the source column, so the canvas shows which columns were drawn.
        let source = try layer(width: 8, height: 4)
        let (luma, stride) = source.unsafePlane(0)
        for y in 0..<4 { for x in 0..<8 { luma[y * stride + x] = UInt16(1000 * (x + 1)) } }
        // The window's odd x 3 is floored to 2: source columns 2...5 of rows 0...1 land at columns 2...5, rows 2...3.
        Compositor16(background: Self.background).composite(
            [Compositor16.Layer(source: source, x: 2, y: 2, opacity: 1, window: (x: 3, y: 0, width: 4, height: 2))],
            into: canvas)
        #expect((0..<8).map { canvas.sample(x: $0, y: 2).y } == [1000, 1000, 3000, 4000, 5000, 6000, 1000, 1000])
        #expect((0..<8).allSatisfy { canvas.sample(x: $0, y: 1).y == Self.background.y })
        #expect(canvas.sample(x: 2, y: 2).cb == Self.paint.cb)
    }
}
