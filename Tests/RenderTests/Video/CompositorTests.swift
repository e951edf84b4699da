import Foundation
import Testing
import Composition
import Render

struct CompositorTests {
    static let red = Color(red: 1, green: 0, blue: 0).yuv
    static let blue = Color(red: 0, green: 0, blue: 1).yuv

    @Test func backgroundOnlyWithoutLayers() throws {
        let canvas = try gradientBuffer(width: 8, height: 4)
        try Compositor().composite([], into: canvas)
        #expect(canvas.packedBytes() == (try solidBuffer(width: 8, height: 4, color: .black)).packedBytes())
        try Compositor(background: Self.red).composite([], into: canvas)
        #expect(canvas.pixel(x: 7, y: 3) == Self.red)
    }

    /// Origins clipped at each edge, at corners, fully outside, and odd origins floored to even.
    @Test(arguments: [
        (-4, 4, -4, 4), (12, 4, 12, 4), (4, -4, 4, -4), (4, 12, 4, 12), (-6, -6, -6, -6), (14, 14, 14, 14),
        (20, 0, 20, 0), (0, -8, 0, -8), (3, 5, 2, 4), (-3, 13, -4, 12), (0, 0, 0, 0),
    ])
    func opaqueCopyIsClipped(_ x: Int, _ y: Int, _ placedX: Int, _ placedY: Int) throws {
        let source = try gradientBuffer(width: 8, height: 8)
        let canvas = try VideoFrameBuffer(width: 16, height: 16)
        try Compositor().composite([CompositorLayer(source: source, x: x, y: y)], into: canvas)
        for py in 0..<16 {
            for px in 0..<16 {
                let (sx, sy) = (px - placedX, py - placedY)
                let inside = (0..<8).contains(sx) && (0..<8).contains(sy)
                let expected = inside ? source.pixel(x: sx, y: sy) : YUVColor.black
                #expect(canvas.pixel(x: px, y: py) == expected, "pixel (\(px), \(py))")
            }
        }
    }

    @Test func halfOpacityRedOverBlueGivesMidValues() throws {
        let canvas = try VideoFrameBuffer(width: 8, height: 8)
        let red = try solidBuffer(width: 8, height: 8, color: Self.red)
        let blue = try solidBuffer(width: 8, height: 8, color: Self.blue)
        try Compositor().composite([CompositorLayer(source: red), CompositorLayer(source: blue, opacity: 0.5)], into: canvas)
        // Weight round(0.5 * 255) = 128: (blue * 128 + red * 127 + 127) / 255.
        #expect(Self.red == YUVColor(y: 63, cb: 102, cr: 240))
        #expect(Self.blue == YUVColor(y: 32, cb: 240, cr: 118))
        let mid = YUVColor(y: 47, cb: 171, cr: 179)
        #expect(mid.y == blended(32, over: 63, weight: 128))
        #expect(mid.cb == blended(240, over: 102, weight: 128))
        #expect(mid.cr == blended(118, over: 240, weight: 128))
        for (x, y) in [(0, 0), (7, 7), (3, 4)] {
            #expect(canvas.pixel(x: x, y: y) == mid)
        }
    }

    @Test(arguments: [(0.0, 0), (0.25, 64), (0.5, 128), (1.0, 255), (1.7, 255), (-1.0, 0), (Double.nan, 0)])
    func opacityWeight(_ opacity: Double, _ weight: Int) throws {
        let layer = CompositorLayer(source: try VideoFrameBuffer(width: 2, height: 2), opacity: opacity)
        #expect(layer.opacityWeight == weight)
    }

    static let alphaCases: [(UInt8, YUVColor)] = [(0, .black), (255, Color(red: 1, green: 0, blue: 0).yuv), (128, YUVColor(y: 40, cb: 115, cr: 184))]

    @Test(arguments: alphaCases)
    func alphaPlaneBlending(_ alpha: UInt8, _ expected: YUVColor) throws {
        let layer = try solidBuffer(width: 8, height: 8, color: YUVColor(y: 63, cb: 102, cr: 240, a: alpha), format: .yuva420p)
        let canvas = try VideoFrameBuffer(width: 8, height: 8)
        try Compositor().composite([CompositorLayer(source: layer)], into: canvas)
        if alpha == 128 {
            #expect(expected.y == blended(63, over: 16, weight: 128))
            #expect(expected.cb == blended(102, over: 128, weight: 128))
            #expect(expected.cr == blended(240, over: 128, weight: 128))
        }
        for (x, y) in [(0, 0), (7, 7), (2, 5)] {
            #expect(canvas.pixel(x: x, y: y) == expected)
        }
    }

    @Test func alphaIgnoredWhenNotUsed() throws {
        let layer = try solidBuffer(width: 4, height: 4, color: YUVColor(y: 200, cb: 100, cr: 150, a: 0), format: .yuva420p)
        let canvas = try VideoFrameBuffer(width: 4, height: 4)
        try Compositor().composite([CompositorLayer(source: layer, usesSourceAlpha: false)], into: canvas)
        #expect(canvas.pixel(x: 1, y: 1) == YUVColor(y: 200, cb: 100, cr: 150))
    }

    @Test func chromaUsesTheAverageAlphaOfEachBlock() throws {
        let layer = try solidBuffer(width: 4, height: 2, color: .white, format: .yuva420p)
        layer.fill(YUVColor(y: 235, cb: 240, cr: 16, a: 0))
        layer.withPlane(3) { alpha, _, _, _ in
            alpha[1] = 255   // block 0: alphas 0, 255, 0, 0 -> average 64 (rounded)
            alpha[2] = 255   // block 1: alphas 255, 255, 255, 255 -> 255
            alpha[3] = 255
        }
        layer.withPlane(3) { alpha, stride, _, _ in
            alpha[stride + 2] = 255
            alpha[stride + 3] = 255
        }
        let canvas = try VideoFrameBuffer(width: 4, height: 2)
        try Compositor().composite([CompositorLayer(source: layer)], into: canvas)
        #expect(canvas.pixel(x: 0, y: 0).y == 16)
        #expect(canvas.pixel(x: 1, y: 0).y == 235)
        #expect(canvas.pixel(x: 0, y: 1).y == 16)
        #expect(canvas.pixel(x: 0, y: 0).cb == blended(240, over: 128, weight: 64))
        #expect(canvas.pixel(x: 0, y: 0).cr == blended(16, over: 128, weight: 64))
        #expect(canvas.pixel(x: 2, y: 0).cb == 240)
        #expect(canvas.pixel(x: 2, y: 0).cr == 16)
    }

    @Test func opacityScalesTheAlphaPlane() throws {
        let layer = try solidBuffer(width: 4, height: 4, color: YUVColor(y: 235, cb: 128, cr: 128, a: 255), format: .yuva420p)
        let canvas = try VideoFrameBuffer(width: 4, height: 4)
        try Compositor().composite([CompositorLayer(source: layer, opacity: 0.5)], into: canvas)
        #expect(canvas.pixel(x: 3, y: 3).y == blended(235, over: 16, weight: 128))
    }

    @Test func canvasAlphaAccumulatesCoverage() throws {
        let canvas = try VideoFrameBuffer(width: 4, height: 4, format: .yuva420p)
        let layer = try solidBuffer(width: 2, height: 2, color: .white)
        try Compositor(background: .transparent).composite(
            [CompositorLayer(source: layer, opacity: 0.5), CompositorLayer(source: layer, x: 2, y: 2)], into: canvas)
        #expect(canvas.pixel(x: 0, y: 0).a == 128)
        #expect(canvas.pixel(x: 3, y: 3).a == 255)
        #expect(canvas.pixel(x: 3, y: 0).a == 0)
    }

    @Test func zeroOpacityLeavesTheCanvas() throws {
        let canvas = try VideoFrameBuffer(width: 4, height: 4)
        try Compositor().composite([CompositorLayer(source: try gradientBuffer(width: 4, height: 4), opacity: 0)], into: canvas)
        #expect(canvas.packedBytes() == (try solidBuffer(width: 4, height: 4, color: .black)).packedBytes())
    }

    @Test func canvasAsLayerIsRejected() throws {
        let canvas = try VideoFrameBuffer(width: 4, height: 4)
        let other = try VideoFrameBuffer(width: 4, height: 4)
        #expect(throws: RenderError.layerIsCanvas(layer: 1)) {
            try Compositor().composite([CompositorLayer(source: other), CompositorLayer(source: canvas)], into: canvas)
        }
    }

    /// Not a timed assertion: prints how long 30 two-layer 1080p composites take (debug builds are much slower).
    @Test func thirtyFullHDFramesTiming() throws {
        let canvas = try VideoFrameBuffer(width: 1920, height: 1080)
        let base = try VideoFrameBuffer(width: 1920, height: 1080)
        try TestPatternGenerator(width: 1920, height: 1080).render(at: .zero, into: base)
        let overlay = try gradientBuffer(width: 1920, height: 1080, format: .yuva420p)
        let compositor = Compositor()
        var timings: [String] = []
        for (name, top) in [("opaque+alpha", CompositorLayer(source: overlay, x: 0, y: 0, opacity: 0.8)),
                            ("opaque+50%", CompositorLayer(source: overlay, opacity: 0.5, usesSourceAlpha: false)),
                            ("opaque+opaque", CompositorLayer(source: overlay, usesSourceAlpha: false))] {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for _ in 0..<30 { try compositor.composite([CompositorLayer(source: base), top], into: canvas) }
            }
            let perFrame = Double(elapsed.components.attoseconds) / 1e15 / 30 + Double(elapsed.components.seconds) * 1000 / 30
            timings.append("\(name): \(String(format: "%.2f", perFrame)) ms/frame")
        }
        print("compositor 1920x1080, 2 layers, 30 frames: " + timings.joined(separator: ", "))
        #expect(canvas.pixel(x: 0, y: 0) == overlay.pixel(x: 0, y: 0).with(alpha: 255))
    }
}

extension YUVColor {
    func with(alpha: UInt8) -> YUVColor { YUVColor(y: y, cb: cb, cr: cr, a: alpha) }
}
