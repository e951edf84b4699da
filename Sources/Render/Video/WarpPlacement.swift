import Composition
import Foundation

/// Where a layer drawn through a general affine transform lands: any rotation, shear, scale or translation, placed
/// to the subpixel. The renderer uses it for transforms the axis-aligned `LayerPlacement` cannot take and for
/// transforms that move from frame to frame (integer placement would make slow motion judder).
struct WarpPlacement: Hashable {
    /// The part of the source used, in source pixels, clamped to the frame.
    var crop: Composition.Rect
    /// Canvas pixels to source pixels (the inverse of the layer's transform).
    var inverse: AffineTransform2D
    /// Canvas pixels per source pixel along the source's x axis.
    var scaleX: Double
    /// Canvas pixels per source pixel along the source's y axis.
    var scaleY: Double
    /// Canvas left edge of the drawn box (even).
    var x: Int
    /// Canvas top edge of the drawn box (even).
    var y: Int
    /// Width of the drawn box (even).
    var width: Int
    /// Height of the drawn box (even).
    var height: Int
    /// How many times the source is halved before it is sampled, so that a shrunk picture is filtered over all its
    /// pixels rather than point-sampled (a mip level); 0 samples the source itself.
    var level: Int
    /// The radius of the crop's rounded corners in source pixels, at most half its shorter side; 0 for square ones.
    var cornerRadius = 0.0
    /// The band drawn over the crop's edges: its width in source pixels (at most half the crop's shorter side) and
    /// colour; nil for none.
    var border: LayerBorder? = nil

    /// The placement of the `crop` of a `frameWidth` x `frameHeight` source drawn through `transform` on a canvas;
    /// nil when nothing is visible (outside the canvas, an empty crop, or a transform that flattens the picture).
    /// A transform with a value that is not finite is refused with `ExportError.encode`. `cornerRadius` rounds the
    /// crop's corners and `border` draws a band over its edges (both in source pixels).
    static func make(frameWidth: Int, frameHeight: Int, crop: Composition.Rect, transform: AffineTransform2D,
                     canvasWidth: Int, canvasHeight: Int, trackID: Int32,
                     cornerRadius: Double = 0, border: LayerBorder? = nil) throws(ExportError) -> WarpPlacement? {
        let t = transform
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
            throw ExportError.encode(path: nil, reason: "track \(trackID): transform \(transform) cannot be drawn; "
                                     + "hint: every value of a transform must be a finite number")
        }
        guard let inverse = t.inverted else { return nil }
        let fw = Double(frameWidth), fh = Double(frameHeight)
        var used = Composition.Rect(x: 0, y: 0, width: fw, height: fh)
        if !crop.isInfinite {
            let left = min(max(crop.x, 0), fw), top = min(max(crop.y, 0), fh)
            let right = min(max(crop.x + crop.width, 0), fw), bottom = min(max(crop.y + crop.height, 0), fh)
            used = Composition.Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
        guard used.width > 0, used.height > 0 else { return nil }
        // The transformed corners' bounding box, one pixel wider for the anti-aliased edge, clipped, even-aligned.
        let corners = [(used.x, used.y), (used.x + used.width, used.y), (used.x, used.y + used.height),
                       (used.x + used.width, used.y + used.height)].map { t.apply(x: $0.0, y: $0.1) }
        let left = max(0, Int((corners.map(\.x).min()! - 1).rounded(.down))) & ~1
        let top = max(0, Int((corners.map(\.y).min()! - 1).rounded(.down))) & ~1
        let right = min(canvasWidth, Int((corners.map(\.x).max()! + 1).rounded(.up)))
        let bottom = min(canvasHeight, Int((corners.map(\.y).max()! + 1).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        let width = min((right - left + 1) & ~1, canvasWidth - left)
        let height = min((bottom - top + 1) & ~1, canvasHeight - top)
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
        let half = min(used.width, used.height) / 2
        return WarpPlacement(crop: used, inverse: inverse, scaleX: scaleX, scaleY: scaleY, x: left, y: top,
                             width: width, height: height,
                             level: level(scale: min(scaleX, scaleY), width: frameWidth, height: frameHeight),
                             cornerRadius: min(max(cornerRadius, 0), half),
                             border: border.flatMap { $0.width > 0 ? $0.held(to: half) : nil })
    }

    /// The mip level for a picture shrunk by `scale`: the most halvings that keep the sampled picture at least as
    /// large as it is drawn (so each drawn pixel reads between one and two levels' worth), and at least 2x2.
    static func level(scale: Double, width: Int, height: Int) -> Int {
        guard scale < 1, scale > 0 else { return 0 }
        var level = Int((log2(1 / scale) + 1e-9).rounded(.down))
        while level > 0 && (width >> level < 2 || height >> level < 2) { level -= 1 }
        return level
    }
}

extension LayerBorder {
    /// The border with its width held to `limit`.
    fileprivate func held(to limit: Double) -> LayerBorder {
        var held = self
        held.width = min(width, limit)
        return held
    }
}
