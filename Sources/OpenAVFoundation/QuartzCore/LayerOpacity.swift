import Composition
import Foundation
import MediaCore

/// A layer's own opacity over an export's timeline: its `opacity`, or an opacity animation's values before, during
/// and after the animation as Core Animation's fill rules give them.
struct LayerOpacity: Sendable {
    /// An animation's run: its values, its time and its pace.
    struct Ramp: Sendable {
        var from: Double
        var to: Double
        var timeRange: TimeRange
        var curve: TimingFunction
    }

    /// Before the animation, or throughout without one.
    var before: Double
    /// The animation, nil for none.
    var ramp: Ramp?
    /// After the animation.
    var after: Double

    /// Whether the opacity changes over time.
    var isAnimated: Bool { ramp != nil }

    /// `layer`'s opacity with its animations; throws `refuse`'s error for an animation other than one
    /// `CABasicAnimation` of `"opacity"` with number values and a time from zero on.
    static func of(_ layer: CALayer, refuse: (String) -> AVError) throws(AVError) -> LayerOpacity {
        let own = Double(layer.opacity)
        var result = LayerOpacity(before: own, ramp: nil, after: own)
        for (_, animation) in layer.animations {
            guard let basic = animation as? CABasicAnimation, basic.keyPath == "opacity" else {
                throw refuse("\(type(of: animation)) of '\((animation as? CAPropertyAnimation)?.keyPath ?? "")' is "
                             + "not drawn here; the animations drawn are CABasicAnimation of \"opacity\"")
            }
            guard result.ramp == nil else { throw refuse("one opacity animation per layer is drawn here, not two") }
            guard let from = number(basic.fromValue) ?? (basic.fromValue == nil ? own : nil),
                  let to = number(basic.toValue) ?? (basic.toValue == nil ? own : nil) else {
                throw refuse("an opacity animation's fromValue and toValue are numbers")
            }
            guard basic.beginTime >= 0, basic.duration >= 0, basic.beginTime.isFinite, basic.duration.isFinite else {
                throw refuse("an animation starts at or after zero (AVCoreAnimationBeginTimeAtZero) and lasts a "
                             + "finite time")
            }
            let start = MediaTime(seconds: basic.beginTime, preferredTimescale: 1_000_000)
            let length = MediaTime(seconds: basic.duration > 0 ? basic.duration : 0.25, preferredTimescale: 1_000_000)
            let fillsBefore = basic.fillMode == .backwards || basic.fillMode == .both
            let fillsAfter = !basic.isRemovedOnCompletion && (basic.fillMode == .forwards || basic.fillMode == .both)
            result = LayerOpacity(before: fillsBefore ? from : own,
                                  ramp: Ramp(from: from, to: to, timeRange: TimeRange(start: start, duration: length),
                                             curve: basic.timingFunction?.curve ?? .linear),
                                  after: fillsAfter ? to : own)
        }
        return result
    }

    /// A number value of an animation, nil for anything else.
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: number
        case let number as Float: Double(number)
        case let number as Int: Double(number)
        case let number as CGFloat: Double(number)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }

    /// Sets this opacity on `instruction`, each value times `scale`.
    func apply(to instruction: inout LayerInstruction, scale: Double) throws {
        try instruction.setOpacity(before * scale, at: .zero)
        guard let ramp else { return }
        try instruction.setOpacityRamp(fromStartOpacity: ramp.from * scale, toEndOpacity: ramp.to * scale,
                                       timeRange: ramp.timeRange, timingFunction: ramp.curve)
        try instruction.setOpacity(after * scale, at: ramp.timeRange.end)
    }
}
