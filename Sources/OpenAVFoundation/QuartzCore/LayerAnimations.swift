import Composition
import Foundation
import MediaCore

/// What a layer's animations do over an export's timeline: its opacity, and how far its position moves from where
/// its frame puts it. One `CABasicAnimation` per property: `"opacity"`, and `"position"`, `"position.x"` or
/// `"position.y"`.
struct LayerAnimations: Sendable {
    /// The layer's own opacity.
    var opacity: AnimatedValue<Double>
    /// The move from the layer's place, in render pixels (x right, y down).
    var offset: AnimatedValue<CGPoint>

    /// Whether anything changes over time.
    var isAnimated: Bool { opacity.isAnimated || offset.isAnimated }

    /// `layer`'s animations; its sublayers' coordinates are upside down (y down) when `flipped`. Throws `refuse`'s
    /// error for an animation of another kind or property, two of one property, or values of the wrong kind.
    static func of(_ layer: CALayer, flipped: Bool, refuse: (String) -> AVError) throws(AVError) -> LayerAnimations {
        let own = Double(layer.opacity), place = layer.position
        var result = LayerAnimations(opacity: AnimatedValue(own), offset: AnimatedValue(.zero))
        var position: AnimatedValue<CGPoint>?
        for (_, animation) in layer.animations {
            guard let basic = animation as? CABasicAnimation,
                  let path = basic.keyPath, ["opacity", "position", "position.x", "position.y"].contains(path) else {
                throw refuse("\(type(of: animation)) of '\((animation as? CAPropertyAnimation)?.keyPath ?? "")' is "
                             + "not drawn here; the animations drawn are CABasicAnimation of \"opacity\" and "
                             + "\"position\" (or \"position.x\", \"position.y\")")
            }
            if path == "opacity" {
                guard !result.opacity.isAnimated else { throw refuse("one opacity animation per layer is drawn here") }
                guard let from = value(basic.fromValue, CGFloat(own), number),
                      let to = value(basic.toValue, CGFloat(own), number) else {
                    throw refuse("an opacity animation's fromValue and toValue are numbers")
                }
                result.opacity = try AnimatedValue(own, animatedBy: basic, from: Double(from), to: Double(to),
                                                   refuse: refuse)
                continue
            }
            guard position == nil else { throw refuse("one position animation per layer is drawn here") }
            let read: (Any?) -> CGPoint?
            switch path {
            case "position.x": read = { value($0, place.x, number).map { CGPoint(x: $0, y: place.y) } }
            case "position.y": read = { value($0, place.y, number).map { CGPoint(x: place.x, y: $0) } }
            default: read = { value($0, place, point) }
            }
            guard let from = read(basic.fromValue), let to = read(basic.toValue) else {
                throw refuse("a '\(path)' animation's fromValue and toValue are "
                             + (path == "position" ? "points (CGPoint or NSValue)" : "numbers"))
            }
            position = try AnimatedValue(place, animatedBy: basic, from: from, to: to, refuse: refuse)
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
        if let ramp = opacity.ramp {
            try instruction.setOpacityRamp(fromStartOpacity: ramp.from * opacityScale,
                                           toEndOpacity: ramp.to * opacityScale, timeRange: ramp.timeRange,
                                           timingFunction: ramp.curve)
            try instruction.setOpacity(opacity.after * opacityScale, at: ramp.timeRange.end)
        }
        let moved = offset.map { base.concatenating(.translation(x: Double($0.x), y: Double($0.y))) }
        try instruction.setTransform(moved.before, at: .zero)
        if let ramp = moved.ramp {
            try instruction.setTransformRamp(fromStart: ramp.from, toEnd: ramp.to, timeRange: ramp.timeRange,
                                             timingFunction: ramp.curve)
            try instruction.setTransform(moved.after, at: ramp.timeRange.end)
        }
    }

    /// `value` read by `read`, or `own` when it is nil; nil when it cannot be read.
    private static func value<T>(_ value: Any?, _ own: T, _ read: (Any) -> T?) -> T? {
        guard let value else { return own }
        return read(value)
    }

    /// A number value of an animation, nil for anything else.
    private static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let number as Double: CGFloat(number)
        case let number as Float: CGFloat(number)
        case let number as Int: CGFloat(number)
        case let number as CGFloat: number
        case let number as NSNumber: CGFloat(number.doubleValue)
        default: nil
        }
    }

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
