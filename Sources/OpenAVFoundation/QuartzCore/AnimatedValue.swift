import Composition
import Foundation
import MediaCore

/// A layer property's value over an export's timeline: its own value, or an animation's values before, during and
/// after the animation as Core Animation's fill rules give them.
struct AnimatedValue<Value: Sendable>: Sendable {
    /// An animation's run: its values, its time and its pace.
    struct Ramp: Sendable {
        var from: Value
        var to: Value
        var timeRange: TimeRange
        var curve: TimingFunction
    }

    /// Before the animation, or throughout without one.
    var before: Value
    /// The animation, nil for none.
    var ramp: Ramp?
    /// After the animation.
    var after: Value

    /// Whether the value changes over time.
    var isAnimated: Bool { ramp != nil }

    /// The value `own` throughout.
    init(_ own: Value) {
        before = own
        ramp = nil
        after = own
    }

    /// `own` animated by `animation` from `from` to `to`; throws `refuse`'s error for a time before zero or an
    /// endless one.
    init(_ own: Value, animatedBy animation: CABasicAnimation, from: Value, to: Value,
         refuse: (String) -> AVError) throws(AVError) {
        guard animation.beginTime >= 0, animation.duration >= 0, animation.beginTime.isFinite,
              animation.duration.isFinite else {
            throw refuse("an animation starts at or after zero (AVCoreAnimationBeginTimeAtZero) and lasts a finite time")
        }
        let start = MediaTime(seconds: animation.beginTime, preferredTimescale: 1_000_000)
        let length = MediaTime(seconds: animation.duration > 0 ? animation.duration : 0.25,
                               preferredTimescale: 1_000_000)
        let fillsBefore = animation.fillMode == .backwards || animation.fillMode == .both
        let fillsAfter = !animation.isRemovedOnCompletion
            && (animation.fillMode == .forwards || animation.fillMode == .both)
        before = fillsBefore ? from : own
        ramp = Ramp(from: from, to: to, timeRange: TimeRange(start: start, duration: length),
                    curve: animation.timingFunction?.curve ?? .linear)
        after = fillsAfter ? to : own
    }

    /// The same times with each value changed by `transform`.
    func map<Other>(_ transform: (Value) -> Other) -> AnimatedValue<Other> {
        var result = AnimatedValue<Other>(transform(before))
        result.ramp = ramp.map { .init(from: transform($0.from), to: transform($0.to), timeRange: $0.timeRange,
                                      curve: $0.curve) }
        result.after = transform(after)
        return result
    }
}
