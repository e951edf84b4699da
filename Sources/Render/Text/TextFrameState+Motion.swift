import Composition
import MediaCore
import TextLayout

extension TextFrameState {
    /// The layer's transform `T` (canvas pixels) at `time` moves the anchor to `T` of it and turns and scales the
    /// text about it by `T`'s linear part; its opacity multiplies; its crop (and a region's rectangle) clips the text
    /// before the transform.
    mutating func move(by motion: LayerInstruction, at time: MediaTime, placed: PlacedBlock,
                       frame: PlacedBlock.Geometry) {
        let transform = motion.transform(at: time)
        let (sx, sy) = (frame.scaleX, frame.scaleY)
        let moved = transform.apply(x: placed.x / sx, y: placed.y / sy)
        (x, y) = (moved.x * sx, moved.y * sy)
        // The linear part in output pixels: S L S^-1 with S the canvas-to-output scale.
        (pose.a, pose.b, pose.c, pose.d) = (transform.a, transform.b * sy / sx, transform.c * sx / sy, transform.d)
        opacity = motion.opacity(at: time)
        var shown = motion.cropRectangle(at: time)
        if !shown.isInfinite {
            shown = Rect(x: shown.x * sx, y: shown.y * sy, width: shown.width * sx, height: shown.height * sy)
        }
        if let region = placed.clip { shown = shown.isInfinite ? region : shown.intersection(region) }
        clip = nil
        if !shown.isInfinite {
            pose.clip = (shown.x - placed.x, shown.y - placed.y, shown.width, shown.height)
        }
    }
}
