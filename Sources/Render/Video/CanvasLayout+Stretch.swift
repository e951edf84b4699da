import Composition
import LibAV
import MediaCore

extension CanvasLayout {
    /// The most canvas pixels one display pixel of `layer`'s picture spans around `time`, for a picture whose display
    /// size is `width` x `height`: under the transform ramp in effect, its largest stretch over the whole ramp (eased
    /// overshoot included), so the answer changes only where a ramp does. A reader may convert a picture this much
    /// smaller without losing detail the canvas could show.
    func largestStretch(of layer: LayerInstruction, at time: MediaTime, width: Int, height: Int) -> Double {
        if fitsSources {
            return LayerPlacement.fit(width: width, height: height, canvasWidth: self.width,
                                      canvasHeight: self.height).largestStretch
        }
        guard let span = layer.transformRamp(at: time), span.startValue != span.endValue else {
            return layer.transform(at: time).largestStretch
        }
        // Each component moves linearly with the progress and a stretch is convex in it: the extremes are at the ends.
        let bounds = span.timingFunction.progressBounds
        return [0, 1, bounds.lowerBound, bounds.upperBound]
            .map { span.startValue.interpolated(to: span.endValue, fraction: $0).largestStretch }.max() ?? 1
    }

    /// `transform` and `crop`, which are in the display pixels of `picture` (see `SourcePicture`), for its frame:
    /// unchanged when the frame has the display size and is upright; else the transform first takes frame pixels to
    /// display pixels (scale, then turn), and the crop is taken back to frame pixels.
    static func adapt(transform: AffineTransform2D, crop: Composition.Rect, to picture: SourcePicture)
        -> (transform: AffineTransform2D, crop: Composition.Rect) {
        let frame = picture.frame, turn = picture.turn
        let (width, height) = turn.swapsAxes ? (picture.displayHeight, picture.displayWidth)
            : (picture.displayWidth, picture.displayHeight)
        guard frame.width != width || frame.height != height || !turn.isIdentity, width > 0, height > 0 else {
            return (transform, crop)
        }
        let toDisplay = AffineTransform2D.scale(x: Double(width) / Double(frame.width),
                                                y: Double(height) / Double(frame.height))
            .concatenating(turn.displayTransform(width: width, height: height))
        let adapted = toDisplay.concatenating(transform)
        guard !crop.isInfinite, let back = toDisplay.inverted else { return (adapted, crop) }
        // Axis-aligned: the crop's corners map to the corners of its rectangle in frame pixels.
        let first = back.apply(x: crop.x, y: crop.y), second = back.apply(x: crop.x + crop.width, y: crop.y + crop.height)
        return (adapted, Composition.Rect(x: min(first.x, second.x), y: min(first.y, second.y),
                                          width: abs(second.x - first.x), height: abs(second.y - first.y)))
    }

    /// A length along the picture (a corner radius, a border's width) in the display pixels of `picture`, in its
    /// frame's pixels.
    static func adapt(radius: Double, to picture: SourcePicture) -> Double {
        let width = picture.turn.swapsAxes ? picture.displayHeight : picture.displayWidth
        guard radius > 0, width > 0 else { return radius }
        return radius * Double(picture.frame.width) / Double(width)
    }
}
