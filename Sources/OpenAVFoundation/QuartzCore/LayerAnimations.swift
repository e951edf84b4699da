import Composition
import Foundation
import MediaCore

/// What a layer's animations do over an export's timeline: its opacity, and how far its position moves from where
/// its frame puts it. One animation per property (`CABasicAnimation` or `CAKeyframeAnimation`): `"opacity"`, and
/// `"position"`, `"position.x"` or `"position.y"`.
struct LayerAnimations: Sendable {
    /// The layer's own opacity.
    var opacity: AnimatedValue<Double>
    /// The move from the layer's place, in render pixels (x right, y down).
    var offset: AnimatedValue<CGPoint>

    /// Whether anything changes over time.
    var isAnimated: Bool { opacity.isAnimated || offset.isAnimated }

    /// The key paths drawn.
    private static let paths: Set = ["opacity", "position", "position.x", "position.y"]

    /// `layer`'s animations on an export lasting `length`; its sublayers' coordinates are upside down (y down) when
    /// `flipped`. Throws `refuse`'s error for an animation of another kind or property, two of one property, or
    /// values of the wrong kind.
    static func of(_ layer: CALayer, flipped: Bool, length: MediaTime,
                   refuse: (String) -> AVError) throws(AVError) -> LayerAnimations {
        let own = Double(layer.opacity), place = layer.position
        var result = LayerAnimations(opacity: AnimatedValue(own), offset: AnimatedValue(.zero))
        var position: AnimatedValue<CGPoint>?
        for (_, animation) in layer.animations {
            guard let property = animation as? CAPropertyAnimation, let path = property.keyPath,
                  paths.contains(path) else {
                throw refuse("\(type(of: animation)) of '\((animation as? CAPropertyAnimation)?.keyPath ?? "")' is "
                             + "not drawn here; the animations drawn are of \"opacity\" and \"position\" (or "
                             + "\"position.x\", \"position.y\")")
            }
            if path == "opacity" {
                guard !result.opacity.isAnimated else { throw refuse("one opacity animation per layer is drawn here") }
                let pass = try Keyframes(of: property, own: own, read: { number($0).map(Double.init) },
                                         kind: "numbers", refuse: refuse)
                result.opacity = try AnimatedValue(own, animatedBy: property, pass: pass, length: length,
                                                   interpolate: { $0 + ($1 - $0) * $2 }, refuse: refuse)
                continue
            }
            guard position == nil else { throw refuse("one position animation per layer is drawn here") }
            let read: (Any) -> CGPoint?
            switch path {
            case "position.x": read = { number($0).map { CGPoint(x: $0, y: place.y) } }
            case "position.y": read = { number($0).map { CGPoint(x: place.x, y: $0) } }
            default: read = point
            }
            let pass = try Keyframes(of: property, own: place, read: read,
                                     kind: path == "position" ? "points (CGPoint or NSValue)" : "numbers",
                                     refuse: refuse)
            position = try AnimatedValue(place, animatedBy: property, pass: pass, length: length, interpolate: {
                CGPoint(x: $0.x + ($1.x - $0.x) * $2, y: $0.y + ($1.y - $0.y) * $2)
            }, refuse: refuse)
        }
        if let position {
            // Core Animation's y grows upwards unless the superlayer is flipped; the render's grows downwards.
            result.offset = position.map { CGPoint(x: $0.x - place.x, y: flipped ? $0.y - place.y : place.y - $0.y) }
        }
        return result
    }

    /// Sets the opacity (each value times `opacityScale`) and the move after `base` on `instruction`.
    func apply(to instruction: inout LayerInstruction, opacityScale: Double, base: AffineTransform2D) throws {
        try instruction.setOpacity(opacity.before * opacityScale, at: .zero)
        for ramp in opacity.ramps {
            try instruction.setOpacityRamp(fromStartOpacity: ramp.from * opacityScale,
                                           toEndOpacity: ramp.to * opacityScale, timeRange: ramp.timeRange,
                                           timingFunction: ramp.curve)
        }
        if let end = opacity.ramps.last?.timeRange.end {
            try instruction.setOpacity(opacity.after * opacityScale, at: end)
        }
        let moved = offset.map { base.concatenating(.translation(x: Double($0.x), y: Double($0.y))) }
        try instruction.setTransform(moved.before, at: .zero)
        for ramp in moved.ramps {
            try instruction.setTransformRamp(fromStart: ramp.from, toEnd: ramp.to, timeRange: ramp.timeRange,
                                             timingFunction: ramp.curve)
        }
        if let end = moved.ramps.last?.timeRange.end {
            try instruction.setTransform(moved.after, at: end)
        }
    }

    /// A number value of an animation, nil for anything else.
    private static func number(_ value: Any) -> CGFloat? { settingsNumber(value).map { CGFloat($0) } }

    /// The type code of an `NSValue` holding a point.
    private static let pointType = String(cString: NSValue(point: .zero).objCType)

    /// A point value of an animation (a `CGPoint`, or an `NSValue` holding one), nil for anything else.
    private static func point(_ value: Any) -> CGPoint? {
        switch value {
        case let point as CGPoint: point
        // Only a value made from a point can be read as one: swift-corelibs-foundation traps on any other.
        case let boxed as NSValue where String(cString: boxed.objCType) == pointType: boxed.pointValue
        default: nil
        }
    }
}
