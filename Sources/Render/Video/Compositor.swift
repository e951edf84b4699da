/// Draws layers over a background colour into a canvas buffer of the output size.
///
/// Blending is integer-only, per sample: `dst = (src * a + dst * (255 - a) + 127) / 255`, where `a` is the layer's
/// opacity weight (0...255), or with a source alpha plane `(alpha * opacity + 127) / 255` per luma sample and, for
/// the chroma samples, the same with the rounded average of the 2x2 block of alpha samples that chroma sample covers.
/// An opaque layer without alpha is copied row by row. A canvas with an alpha plane accumulates coverage with the
/// "over" rule `dstA = a + (dstA * (255 - a) + 127) / 255` (255 under opaque copies).
///
/// Chroma placement: 4:2:0 chroma has one sample per 2x2 block, so a layer at an odd origin would need its chroma
/// resampled by half a sample. Instead, origins are floored to even numbers (`x & ~1`, so 3 -> 2 and -3 -> -4);
/// with even source sizes every clipped edge then falls on a chroma block boundary. The shift is at most one pixel.
public struct Compositor: Sendable, Hashable {
    /// The colour the canvas is filled with before any layer is drawn; opaque black by default.
    public var background: YUVColor

    /// A compositor with a background colour.
    public init(background: YUVColor = .black) {
        self.background = background
    }

    /// Fills `canvas` with the background, then draws `layers` from first (bottom) to last (top).
    /// (AVFoundation lists layer instructions top first; the caller reverses them.)
    public func composite(_ layers: [CompositorLayer], into canvas: VideoFrameBuffer) throws(RenderError) {
        for (index, layer) in layers.enumerated() where layer.source === canvas {
            throw .layerIsCanvas(layer: index)
        }
        canvas.fill(background)
        for layer in layers {
            Self.draw(layer, onto: canvas)
        }
    }

    /// Draws one layer onto `canvas` as it is (no background fill).
    public static func draw(_ layer: CompositorLayer, onto canvas: VideoFrameBuffer) {
        let source = layer.source
        guard source !== canvas else { return }
        let weight = UInt16(layer.opacityWeight)
        guard weight > 0, let region = BlendRegion.clipped(
            window: (0, 0, layer.drawnWidth, layer.drawnHeight), sourceWidth: source.width, sourceHeight: source.height,
            x: layer.x, y: layer.y, canvasWidth: canvas.width, canvasHeight: canvas.height) else { return }
        PictureBlend.draw(source, onto: canvas, region: region, weight: weight,
                          masked: layer.usesSourceAlpha && source.hasAlpha)
    }
}
