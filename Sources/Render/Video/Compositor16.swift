/// Draws layers over a background into a 16-bit canvas (`VideoFrameBuffer16`), for HDR outputs: `Compositor`'s
/// rules and blend loops (`PictureBlend`) on 16-bit samples. The opacity weight is `opacity * 65535`, rounded; a
/// sample blends as `dst = (src * a + dst * (65535 - a) + 32767) / 65535`, with `a` the weight, or with a source
/// alpha plane `(alpha * weight + 32767) / 65535` per luma sample and the rounded average of the 2x2 block's alpha
/// for chroma. Origins are floored to even numbers as in `Compositor`. The canvas is opaque (it has no alpha plane).
struct Compositor16 {
    /// One picture to draw: a source already scaled to its size, its top-left corner on the canvas and its opacity.
    struct Layer {
        var source: VideoFrameBuffer16
        var x: Int
        var y: Int
        var opacity: Double
        /// The part of `source` drawn at (`x`, `y`) when not all of it is (a wipe cut out of the whole picture):
        /// its top-left corner in the source (floored to even, as origins are) and its size.
        var window: (x: Int, y: Int, width: Int, height: Int)? = nil

        /// The opacity as a weight 0...65535; NaN counts as 0.
        var weight: UInt32 {
            guard !opacity.isNaN else { return 0 }
            return UInt32((min(max(opacity, 0), 1) * 65535).rounded())
        }
    }

    /// The colour the canvas is filled with first.
    var background: (y: UInt16, cb: UInt16, cr: UInt16)

    /// Fills `canvas` with the background, then draws `layers` from first (bottom) to last (top).
    func composite(_ layers: [Layer], into canvas: VideoFrameBuffer16) {
        canvas.fill(background)
        for layer in layers where layer.source !== canvas { Self.draw(layer, onto: canvas) }
    }

    /// Draws one layer onto `canvas`, through the blend loops SDR canvases use (`PictureBlend`).
    static func draw(_ layer: Layer, onto canvas: VideoFrameBuffer16) {
        let weight = layer.weight
        let source = layer.source
        guard weight > 0, let region = BlendRegion.clipped(
            window: layer.window ?? (0, 0, source.width, source.height), sourceWidth: source.width,
            sourceHeight: source.height, x: layer.x, y: layer.y, canvasWidth: canvas.width,
            canvasHeight: canvas.height) else { return }
        PictureBlend.draw(source, onto: canvas, region: region, weight: weight, masked: source.hasAlpha)
    }
}
