import Composition
import LibAV

/// Where a layer's picture goes: the part of the source (integer source pixels), how it is turned, and the canvas
/// rectangle it fills, already clipped to the canvas. Transforms are axis-aligned: scales, translations, flips
/// (negative scales) and quarter-turn rotations; the renderer draws every other transform through `WarpPlacement`.
///
/// The source part is scaled to `scaledSize` (the canvas rectangle's size, width and height swapped when the
/// orientation swaps axes), then turned by `orientation` into the `width` x `height` canvas rectangle.
struct LayerPlacement: Hashable {
    /// The source pixels used.
    var crop: Scaler.Rect
    /// Canvas left edge.
    var x: Int
    /// Canvas top edge.
    var y: Int
    /// Canvas width (even).
    var width: Int
    /// Canvas height (even).
    var height: Int
    /// How the scaled source part is turned onto the canvas.
    var orientation: PictureOrientation = .identity

    /// The size the source part is scaled to before it is turned.
    var scaledSize: (width: Int, height: Int) {
        orientation.swapsAxes ? (height, width) : (width, height)
    }

    /// The canvas rectangle this placement shares with `other` (even edges), as a placement of `other`'s source
    /// part; nil when they do not meet. Only the canvas rectangle is meaningful.
    func intersection(_ other: LayerPlacement) -> LayerPlacement? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard right - left >= 2, bottom - top >= 2 else { return nil }
        return LayerPlacement(crop: other.crop, x: left, y: top, width: (right - left) & ~1,
                              height: (bottom - top) & ~1, orientation: other.orientation)
    }

    /// Whether the whole source is used.
    func usesWholeFrame(width frameWidth: Int, height frameHeight: Int) -> Bool {
        crop == Scaler.Rect(x: 0, y: 0, width: frameWidth, height: frameHeight)
    }

    /// Maps the crop rectangle's corners (clamped to the frame) through `transform` onto a `canvasWidth` x
    /// `canvasHeight` canvas and clips; nil when nothing is visible or the transform is not axis-aligned (an
    /// arbitrary angle, a shear, a value that is not finite: `WarpPlacement` takes those).
    static func make(frameWidth: Int, frameHeight: Int, crop: Composition.Rect, transform: AffineTransform2D,
                     canvasWidth: Int, canvasHeight: Int) -> LayerPlacement? {
        guard transform.tx.isFinite, transform.ty.isFinite, let orientation = PictureOrientation(transform) else {
            return nil
        }
        let fw = Double(frameWidth), fh = Double(frameHeight)
        // The crop rectangle in source pixels, clamped to the frame.
        var left = 0.0, top = 0.0, right = fw, bottom = fh
        if !crop.isInfinite {
            left = min(max(crop.x, 0), fw)
            top = min(max(crop.y, 0), fh)
            right = min(max(crop.x + crop.width, 0), fw)
            bottom = min(max(crop.y + crop.height, 0), fh)
        }
        guard right > left, bottom > top else { return nil }
        // Canvas x comes from source x (scale a) or, with swapped axes, from source y (scale c); likewise for y.
        let swaps = orientation.swapsAxes
        let xScale = swaps ? transform.c : transform.a, yScale = swaps ? transform.b : transform.d
        let (xFrom, xTo) = swaps ? (top, bottom) : (left, right)
        let (yFrom, yTo) = swaps ? (left, right) : (top, bottom)
        let destLeft = min(xScale * xFrom, xScale * xTo) + transform.tx
        let destRight = max(xScale * xFrom, xScale * xTo) + transform.tx
        let destTop = min(yScale * yFrom, yScale * yTo) + transform.ty
        let destBottom = max(yScale * yFrom, yScale * yTo) + transform.ty
        let visLeft = max(destLeft, 0), visTop = max(destTop, 0)
        let visRight = min(destRight, Double(canvasWidth)), visBottom = min(destBottom, Double(canvasHeight))
        guard visRight > visLeft, visBottom > visTop else { return nil }
        // Back to source coordinates for the clipped part (the inverse of an axis-aligned map is axis-aligned).
        let inverseX = ((visLeft - transform.tx) / xScale, (visRight - transform.tx) / xScale)
        let inverseY = ((visTop - transform.ty) / yScale, (visBottom - transform.ty) / yScale)
        let sourceX = swaps ? inverseY : inverseX, sourceY = swaps ? inverseX : inverseY
        let srcLeft = min(sourceX.0, sourceX.1), srcRight = max(sourceX.0, sourceX.1)
        let srcTop = min(sourceY.0, sourceY.1), srcBottom = max(sourceY.0, sourceY.1)
        let cx = min(max(Int(srcLeft.rounded()), 0), frameWidth - 1)
        let cy = min(max(Int(srcTop.rounded()), 0), frameHeight - 1)
        let cw = max(1, min(Int(srcRight.rounded()), frameWidth) - cx)
        let ch = max(1, min(Int(srcBottom.rounded()), frameHeight) - cy)
        // Even canvas geometry: the compositor works on 2x2 chroma blocks.
        let x = Int(visLeft.rounded()) & ~1, y = Int(visTop.rounded()) & ~1
        let width = max(2, (Int(visRight.rounded()) - x + 1) & ~1)
        let height = max(2, (Int(visBottom.rounded()) - y + 1) & ~1)
        return LayerPlacement(crop: Scaler.Rect(x: cx, y: cy, width: cw, height: ch), x: x, y: y,
                              width: min(width, canvasWidth - x), height: min(height, canvasHeight - y),
                              orientation: orientation)
    }

    /// The transform that fits a `width` x `height` picture inside the canvas, centred, keeping its aspect (contain).
    static func fit(width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) -> AffineTransform2D {
        let scale = min(Double(canvasWidth) / Double(width), Double(canvasHeight) / Double(height))
        return AffineTransform2D(a: scale, b: 0, c: 0, d: scale,
                                 tx: (Double(canvasWidth) - scale * Double(width)) / 2,
                                 ty: (Double(canvasHeight) - scale * Double(height)) / 2)
    }
}
