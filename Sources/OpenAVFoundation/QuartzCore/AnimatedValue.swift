import Composition
import Foundation
import MediaCore

/// A layer property's value over an export's timeline: its own value, or an animation's value before it, along its
/// ramps (one per keyframe segment, repetition and reversal) and after it, as Core Animation's timing rules give them.
struct AnimatedValue<Value: Sendable>: Sendable {
    /// One stretch of the animation: from one value to another over a time, at a pace.
    struct Ramp: Sendable {
        var from: Value
        var to: Value
        var timeRange: TimeRange
        var curve: TimingFunction
    }

    /// Before the animation, or throughout without one.
    var before: Value
    /// The animation's stretches, one after another.
    var ramps: [Ramp] = []
    /// After the animation.
    var after: Value

    /// Whether the value changes over time.
    var isAnimated: Bool { !ramps.isEmpty }

    /// The value `own` throughout.
    init(_ own: Value) {
        before = own
        after = own
    }

    /// The same times with each value changed by `transform`.
    func map<Other>(_ transform: (Value) -> Other) -> AnimatedValue<Other> {
        var result = AnimatedValue<Other>(transform(before))
        result.ramps = ramps.map { .init(from: transform($0.from), to: transform($0.to), timeRange: $0.timeRange,
                                        curve: $0.curve) }
        result.after = transform(after)
        return result
    }
}
