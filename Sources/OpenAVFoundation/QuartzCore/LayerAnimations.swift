import Composition
import Foundation
import MediaCore

/// What a layer's animations do over an export's timeline: its opacity, how far its position moves from where its
/// frame puts it, and how it scales and turns about its anchor point; with the layer's own transform. One animation
/// per property (`CABasicAnimation` or `CAKeyframeAnimation`, alone or in a `CAAnimationGroup`): `"opacity"`,
/// `"position"` (or `"position.x"`, `"position.y"`), `"transform.scale"` and `"transform.rotation"` (or
/// `"transform.rotation.z"`).
struct LayerAnimations: Sendable {
    /// The export's length and frame duration, which animated turns and scales are sampled at.
    struct Frames: Sendable {
        var length: MediaTime
        var step: MediaTime
    }

    /// The layer's own opacity.
    var opacity: AnimatedValue<Double>
    /// The move from the layer's place, in render pixels (x right, y down).
    var offset: AnimatedValue<CGPoint>
    /// The scale about the anchor point (1 for none).
    var scale = AnimatedValue(1.0)
    /// The turn about the anchor point in radians, counter-clockwise where y grows upwards (0 for none).
    var rotation = AnimatedValue(0.0)
    /// The layer's own transform about its anchor point, in render pixels (see `placement(of:in:flipped:)`).
    var placement = AffineTransform2D.identity
    /// The anchor point in render pixels, and whether the layer's coordinates grow downwards there.
    var anchor = CGPoint.zero, flipped = false
    /// The frames the turns and scales are sampled at.
    var frames = Frames(length: .zero, step: MediaTime(value: 1, timescale: 30))

    /// Whether anything changes over time.
    var isAnimated: Bool { opacity.isAnimated || offset.isAnimated || isTurning }
    /// Whether the layer scales or turns over time.
    var isTurning: Bool { scale.isAnimated || rotation.isAnimated }
    /// Whether the layer is drawn anywhere but in its frame as it stands: animated or transformed.
    var isMoved: Bool { isAnimated || !placement.isIdentity }
    /// Whether the layer is drawn anywhere but in its frame at some time: moved, turned, scaled or transformed.
    var changesPlace: Bool { offset.isAnimated || isTurning || !placement.isIdentity }

    /// The key paths drawn.
    private static let paths: Set = ["opacity", "position", "position.x", "position.y", "transform.scale",
                                     "transform.rotation", "transform.rotation.z"]

    /// `layer`'s animations and transform, drawn in `rect` (render pixels from the top left; the layer's coordinates
    /// grow downwards when `flipped`) over `frames`. Throws `refuse`'s error for an animation of another kind or
    /// property, two of one property, values of the wrong kind, or a transform out of the layer's plane.
    static func of(_ layer: CALayer, in rect: CGRect, flipped: Bool, frames: Frames,
                   refuse: (String) -> AVError) throws(AVError) -> LayerAnimations {
        let own = Double(layer.opacity), place = layer.position, length = frames.length
        var result = LayerAnimations(opacity: AnimatedValue(own), offset: AnimatedValue(.zero))
        guard let placement = placement(of: layer, in: rect, flipped: flipped) else {
            throw refuse("a transform out of the layer's plane (perspective) is not drawn here")
        }
        result.placement = placement
        result.anchor = CGPoint(x: rect.minX + layer.anchorPoint.x * rect.width,
                                y: flipped ? rect.minY + layer.anchorPoint.y * rect.height
                                           : rect.maxY - layer.anchorPoint.y * rect.height)
        result.flipped = flipped
        result.frames = frames
        var position: AnimatedValue<CGPoint>?
        for (animation, window) in try played(layer.animations.map(\.animation), refuse: refuse) {
            guard let property = animation as? CAPropertyAnimation, let path = property.keyPath,
                  paths.contains(path) else {
                throw refuse("\(type(of: animation)) of '\((animation as? CAPropertyAnimation)?.keyPath ?? "")' is "
                             + "not drawn here; the animations drawn are of \"opacity\", \"position\" (or "
                             + "\"position.x\", \"position.y\"), \"transform.scale\" and \"transform.rotation\"")
            }
            func animated<Value: LayerValue>(_ own: Value, kind: String,
                                             read: @escaping (Any) -> Value?) throws(AVError) -> AnimatedValue<Value> {
                let pass = try Keyframes(of: property, own: own, read: read, kind: kind,
                                         adding: { $0.plus($1, times: $2) }, refuse: refuse)
                return try AnimatedValue(own, animatedBy: property, pass: pass, within: window, length: length,
                                         interpolate: { $0.plus($1.plus($0, times: -1), times: $2) }, refuse: refuse)
            }
            if path == "opacity" {
                guard !result.opacity.isAnimated else { throw refuse("one opacity animation per layer is drawn here") }
                result.opacity = try animated(own, kind: "numbers", read: settingsNumber)
                continue
            }
            if path.hasPrefix("transform.") {
                guard CATransform3DIsIdentity(layer.transform) else {
                    throw refuse("a '\(path)' animation on a layer with a transform of its own is not drawn here")
                }
                if path == "transform.scale" {
                    guard !result.scale.isAnimated else { throw refuse("one scale animation per layer is drawn here") }
                    result.scale = try animated(1.0, kind: "numbers", read: settingsNumber)
                } else {
                    guard !result.rotation.isAnimated else {
                        throw refuse("one rotation animation per layer is drawn here")
                    }
                    result.rotation = try animated(0.0, kind: "numbers", read: settingsNumber)
                }
                continue
            }
            guard position == nil else { throw refuse("one position animation per layer is drawn here") }
            switch path {
            case "position.x":
                position = try animated(Double(place.x), kind: "numbers", read: settingsNumber)
                    .map { CGPoint(x: $0, y: place.y) }
            case "position.y":
                position = try animated(Double(place.y), kind: "numbers", read: settingsNumber)
                    .map { CGPoint(x: place.x, y: $0) }
            default:
                position = try animated(place, kind: "points (CGPoint or NSValue)", read: point)
            }
        }
        if let position {
            // Core Animation's y grows upwards unless the superlayer is flipped; the render's grows downwards.
            result.offset = position.map { CGPoint(x: $0.x - place.x, y: flipped ? $0.y - place.y : place.y - $0.y) }
        }
        return result
    }

    /// `animations` as they play: each with the whole export as its window, or a group's animations each with the
    /// group's time. Throws `refuse`'s error for a group that repeats, reverses, is paced or holds a group.
    private static func played(_ animations: [CAAnimation],
                               refuse: (String) -> AVError) throws(AVError) -> [(CAAnimation, AnimationWindow)] {
        var played: [(CAAnimation, AnimationWindow)] = []
        for animation in animations {
            guard let group = animation as? CAAnimationGroup else {
                played.append((animation, .whole))
                continue
            }
            guard group.repeatCount == 0, group.repeatDuration == 0, !group.autoreverses,
                  (group.timingFunction?.curve ?? .linear) == .linear, group.beginTime >= 0,
                  group.beginTime.isFinite, group.duration.isFinite else {
                throw refuse("an animation group is drawn here playing once at even pace, from zero on")
            }
            let window = AnimationWindow(
                start: group.beginTime, end: group.beginTime + (group.duration > 0 ? group.duration : 0.25),
                fillsBefore: group.fillMode == .backwards || group.fillMode == .both,
                fillsAfter: !group.isRemovedOnCompletion && (group.fillMode == .forwards || group.fillMode == .both))
            for child in group.animations ?? [] {
                guard !(child is CAAnimationGroup) else { throw refuse("a group inside a group is not drawn here") }
                played.append((child, window))
            }
        }
        return played
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
        if isTurning {
            try applyFrameByFrame(to: &instruction, base: base)
            return
        }
        let moved = offset.map {
            base.concatenating(placement).concatenating(.translation(x: Double($0.x), y: Double($0.y)))
        }
        try instruction.setTransform(moved.before, at: .zero)
        for ramp in moved.ramps {
            try instruction.setTransformRamp(fromStart: ramp.from, toEnd: ramp.to, timeRange: ramp.timeRange,
                                             timingFunction: ramp.curve)
        }
        if let end = moved.ramps.last?.timeRange.end {
            try instruction.setTransform(moved.after, at: end)
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

/// A value a layer animation moves through: added to and scaled, so it can be interpolated.
protocol LayerValue: Sendable {
    /// This value plus `other` times `factor`.
    func plus(_ other: Self, times factor: Double) -> Self
}

extension Double: LayerValue {
    func plus(_ other: Double, times factor: Double) -> Double { self + other * factor }
}

extension CGPoint: LayerValue {
    func plus(_ other: CGPoint, times factor: Double) -> CGPoint {
        CGPoint(x: Double(x) + Double(other.x) * factor, y: Double(y) + Double(other.y) * factor)
    }
}
