import Composition
import LibAV

/// Where a layer's picture goes: the part of the source (integer source pixels) and the canvas rectangle it fills,
/// already clipped to the canvas. Transforms are limited to scale and translation.
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

    /// Whether the whole source is used.
    func usesWholeFrame(width frameWidth: Int, height frameHeight: Int) -> Bool {
        crop == Scaler.Rect(x: 0, y: 0, width: frameWidth, height: frameHeight)
    }

    /// Maps the crop rectangle's corners (clamped to the frame) through `transform` onto a `canvasWidth` x
    /// `canvasHeight` canvas and clips; nil when nothing is visible. A transform that rotates, shears or flips is
    /// refused with `ExportError.encode`.
    static func make(frameWidth: Int, frameHeight: Int, crop: Composition.Rect, transform: AffineTransform2D,
                     canvasWidth: Int, canvasHeight: Int, trackID: Int32) throws(ExportError) -> LayerPlacement? {
        let tolerance = 1e-9
        guard abs(transform.b) < tolerance, abs(transform.c) < tolerance, transform.a > tolerance,
              transform.d > tolerance, transform.tx.isFinite, transform.ty.isFinite else {
            throw ExportError.encode(
                path: nil,
                reason: "track \(trackID): transform \(transform) is not supported; only scale and translate are "
                    + "(rotations and flips are future work)")
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
        // Its corners on the canvas, clipped.
        let a = transform.a, d = transform.d
        let destLeft = a * left + transform.tx, destTop = d * top + transform.ty
        let destRight = a * right + transform.tx, destBottom = d * bottom + transform.ty
        let visLeft = max(destLeft, 0), visTop = max(destTop, 0)
        let visRight = min(destRight, Double(canvasWidth)), visBottom = min(destBottom, Double(canvasHeight))
        guard visRight > visLeft, visBottom > visTop else { return nil }
        // Back to source pixels for the clipped part.
        let srcLeft = left + (visLeft - destLeft) / a, srcTop = top + (visTop - destTop) / d
        let srcRight = right - (destRight - visRight) / a, srcBottom = bottom - (destBottom - visBottom) / d
        let cx = min(max(Int(srcLeft.rounded()), 0), frameWidth - 1)
        let cy = min(max(Int(srcTop.rounded()), 0), frameHeight - 1)
        let cw = max(1, min(Int(srcRight.rounded()), frameWidth) - cx)
        let ch = max(1, min(Int(srcBottom.rounded()), frameHeight) - cy)
        // Even canvas geometry: the compositor works on 2x2 chroma blocks.
        let x = Int(visLeft.rounded()) & ~1, y = Int(visTop.rounded()) & ~1
        let width = max(2, (Int(visRight.rounded()) - x + 1) & ~1)
        let height = max(2, (Int(visBottom.rounded()) - y + 1) & ~1)
        return LayerPlacement(crop: Scaler.Rect(x: cx, y: cy, width: cw, height: ch), x: x, y: y,
                              width: min(width, canvasWidth - x), height: min(height, canvasHeight - y))
    }

    /// The transform that fits a `width` x `height` picture inside the canvas, centred, keeping its aspect (contain).
    static func fit(width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) -> AffineTransform2D {
        let scale = min(Double(canvasWidth) / Double(width), Double(canvasHeight) / Double(height))
        return AffineTransform2D(a: scale, b: 0, c: 0, d: scale,
                                 tx: (Double(canvasWidth) - scale * Double(width)) / 2,
                                 ty: (Double(canvasHeight) - scale * Double(height)) / 2)
    }
}
