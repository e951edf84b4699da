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

    /// `transform` and `crop`, which are in the display pixels of a `displayWidth` x `displayHeight` picture, for
    /// `frame`, that picture converted smaller (see `VideoSourceReader.picture(at:stretch:)`); unchanged when `frame`
    /// has the display size.
    static func adapt(transform: AffineTransform2D, crop: Composition.Rect, to frame: Frame, displayWidth: Int,
                      displayHeight: Int) -> (transform: AffineTransform2D, crop: Composition.Rect) {
        guard frame.width != displayWidth || frame.height != displayHeight, displayWidth > 0, displayHeight > 0 else {
            return (transform, crop)
        }
        let x = Double(frame.width) / Double(displayWidth), y = Double(frame.height) / Double(displayHeight)
        let adapted = AffineTransform2D.scale(x: 1 / x, y: 1 / y).concatenating(transform)
        guard !crop.isInfinite else { return (adapted, crop) }
        return (adapted, Composition.Rect(x: crop.x * x, y: crop.y * y, width: crop.width * x, height: crop.height * y))
    }
}
