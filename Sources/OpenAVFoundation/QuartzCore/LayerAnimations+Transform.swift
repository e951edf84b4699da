import Composition
import Foundation
import MediaCore

extension LayerAnimations {
    /// `layer`'s transform as the render applies it to what the layer draws in `rect` (render pixels from the top
    /// left; its superlayer's coordinates grow downwards when `flipped`): about the anchor point, with Core
    /// Animation's y flipped into the render's. Nil for a transform out of the layer's plane (perspective).
    static func placement(of layer: CALayer, in rect: CGRect, flipped: Bool) -> AffineTransform2D? {
        let t = layer.transform
        guard t.m14 == 0, t.m24 == 0, t.m44 == 1 else { return nil }
        guard !CATransform3DIsIdentity(t) else { return .identity }
        let anchor = (x: Double(rect.minX + layer.anchorPoint.x * rect.width),
                      y: Double(flipped ? rect.minY + layer.anchorPoint.y * rect.height
                                        : rect.maxY - layer.anchorPoint.y * rect.height))
        let sign = flipped ? 1.0 : -1.0
        let linear = AffineTransform2D(a: Double(t.m11), b: sign * Double(t.m12), c: sign * Double(t.m21),
                                       d: Double(t.m22), tx: 0, ty: 0)
        return AffineTransform2D.translation(x: -anchor.x, y: -anchor.y).concatenating(linear)
            .concatenating(.translation(x: anchor.x + Double(t.m41), y: anchor.y + sign * Double(t.m42)))
    }

    /// Sets the transform after `base` on `instruction` frame by frame, for a layer that scales or turns: a ramp per
    /// frame between the exact transforms at its two ends, so each frame drawn has its exact transform (a ramp
    /// interpolates matrices, which a turn is not).
    func applyFrameByFrame(to instruction: inout LayerInstruction, base: AffineTransform2D) throws {
        var time = MediaTime.zero, current = transform(at: .zero, base: base)
        try instruction.setTransform(current, at: .zero)
        while frames.step > .zero, time < frames.length {
            let next = time + frames.step, following = transform(at: next, base: base)
            try instruction.setTransformRamp(fromStart: current, toEnd: following,
                                             timeRange: TimeRange(start: time, end: next))
            (time, current) = (next, following)
        }
    }

    /// The transform after `base` at `time`: the layer's own, its scale and turn about the anchor, then its move.
    private func transform(at time: MediaTime, base: AffineTransform2D) -> AffineTransform2D {
        let factor = scale.value(at: time)
        // Counter-clockwise where y grows upwards is clockwise-negative in the render's y-down pixels.
        let angle = rotation.value(at: time) * (flipped ? 1 : -1)
        let turn = AffineTransform2D(a: factor * cos(angle), b: factor * sin(angle), c: -factor * sin(angle),
                                     d: factor * cos(angle), tx: 0, ty: 0)
        let move = offset.value(at: time)
        return base.concatenating(placement)
            .concatenating(.translation(x: -Double(anchor.x), y: -Double(anchor.y))).concatenating(turn)
            .concatenating(.translation(x: Double(anchor.x) + Double(move.x), y: Double(anchor.y) + Double(move.y)))
    }
}

extension AnimatedValue where Value: LayerValue {
    /// The value at `time`: before the first ramp, along a ramp's curve, held after a ramp until the next, and the
    /// value after the animation past the last.
    func value(at time: MediaTime) -> Value {
        guard let first = ramps.first, time >= first.timeRange.start else { return before }
        var held = before
        for ramp in ramps {
            if time < ramp.timeRange.start { return held }
            if time < ramp.timeRange.end {
                let fraction = (time - ramp.timeRange.start).seconds / ramp.timeRange.duration.seconds
                let progress = ramp.curve.progress(fraction)
                return ramp.from.plus(ramp.to.plus(ramp.from, times: -1), times: progress)
            }
            held = ramp.to
        }
        return after
    }
}
