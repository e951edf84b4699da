import Composition
import Foundation
import MediaCore

/// One pass of an animation through its values: the segments between key times, as fractions of its duration.
struct Keyframes<Value: Sendable> {
    /// A segment: from one value to the next between two fractions of the duration.
    struct Segment {
        var from: Value
        var to: Value
        var start: Double
        var end: Double
        var curve: TimingFunction
    }

    /// The segments in order, covering 0 to 1.
    var segments: [Segment]

    /// The pass played backwards: the segments in reverse order, each reversed in time with its curve mirrored.
    var reversed: Keyframes {
        Keyframes(segments: segments.reversed().map {
            Segment(from: $0.to, to: $0.from, start: 1 - $0.end, end: 1 - $0.start, curve: Self.mirrored($0.curve))
        })
    }

    /// `curve` run backwards in time: progress `1 - curve(1 - t)`.
    private static func mirrored(_ curve: TimingFunction) -> TimingFunction {
        guard let points = curve.controlPoints else { return .linear }
        return .cubicBezier(x1: 1 - points.x2, y1: 1 - points.y2, x2: 1 - points.x1, y2: 1 - points.y1)
    }
}

extension AnimatedValue {
    /// `own` animated by `animation`, one pass of which is `pass`, on an export lasting `length`; throws
    /// `refuse`'s error for a time before zero, an endless one, too many repetitions, or a fractional last
    /// repetition ending within a curved segment. `interpolate` gives the value a fraction of the way between two.
    init(_ own: Value, animatedBy animation: CAAnimation, pass: Keyframes<Value>, length: MediaTime,
         interpolate: (Value, Value, Double) -> Value, refuse: (String) -> AVError) throws(AVError) {
        let begin = animation.beginTime, duration = animation.duration > 0 ? animation.duration : 0.25
        guard begin >= 0, begin.isFinite, duration.isFinite, animation.repeatDuration >= 0,
              animation.repeatCount >= 0, !animation.repeatCount.isNaN else {
            throw refuse("an animation starts at or after zero (AVCoreAnimationBeginTimeAtZero) and lasts a finite time")
        }
        let passes = animation.autoreverses ? [pass, pass.reversed] : [pass]
        let cycle = duration * Double(passes.count)
        var count = animation.repeatDuration > 0 ? animation.repeatDuration / cycle
            : animation.repeatCount > 0 ? Double(animation.repeatCount) : 1
        if !count.isFinite || count * cycle > length.seconds - begin {
            // What plays after the export's end is never seen: whole cycles up to it are enough.
            count = max(1, ((length.seconds - begin) / cycle).rounded(.up))
        }
        guard count * Double(pass.segments.count * passes.count) <= 100_000 else {
            throw refuse("an animation repeating \(count) times over \(pass.segments.count) segments is not drawn here")
        }
        let activeEnd = begin + count * cycle
        let fillsBefore = animation.fillMode == .backwards || animation.fillMode == .both
        let fillsAfter = !animation.isRemovedOnCompletion
            && (animation.fillMode == .forwards || animation.fillMode == .both)
        before = fillsBefore ? pass.segments.first?.from ?? own : own
        after = own
        var passStart = begin, last = before
        passesLoop: for index in 0..<Int(count.rounded(.up)) * passes.count {
            for segment in passes[index % passes.count].segments {
                let start = passStart + segment.start * duration
                var end = passStart + segment.end * duration, to = segment.to
                guard start < activeEnd - 1e-9 else { break passesLoop }
                guard end - start > 1e-9 else {
                    last = to
                    continue
                }
                if end > activeEnd + 1e-9 {
                    guard segment.curve == .linear else {
                        throw refuse("a repetition cut short (repeatCount \(animation.repeatCount)) is drawn only "
                                     + "for linear timing")
                    }
                    to = interpolate(segment.from, segment.to, (activeEnd - start) / (end - start))
                    end = activeEnd
                }
                ramps.append(Ramp(from: segment.from, to: to, timeRange: Self.range(start, end), curve: segment.curve))
                last = to
            }
            passStart += duration
        }
        if fillsAfter { after = last }
    }

    /// The range from `start` to `end` seconds, to the microsecond.
    private static func range(_ start: Double, _ end: Double) -> TimeRange {
        let from = MediaTime(seconds: start, preferredTimescale: 1_000_000)
        return TimeRange(start: from, end: MediaTime(seconds: end, preferredTimescale: 1_000_000))
    }
}

extension Keyframes {
    /// The pass of `animation` (a `CABasicAnimation`, or a `CAKeyframeAnimation` in `.linear` or `.discrete`
    /// mode) for a property whose own value is `own` and whose values `read` reads (nil for a value of another
    /// kind, `kind` saying what they must be); throws `refuse`'s error for what cannot be drawn.
    init(of animation: CAPropertyAnimation, own: Value, read: (Any) -> Value?, kind: String,
         refuse: (String) -> AVError) throws(AVError) {
        let path = animation.keyPath ?? ""
        let curve = animation.timingFunction?.curve ?? .linear
        switch animation {
        case let basic as CABasicAnimation:
            guard let from = basic.fromValue.map(read) ?? own, let to = basic.toValue.map(read) ?? own else {
                throw refuse("a '\(path)' animation's fromValue and toValue are \(kind)")
            }
            segments = [Segment(from: from, to: to, start: 0, end: 1, curve: curve)]
        case let keyframe as CAKeyframeAnimation:
            let values = (keyframe.values ?? []).map(read)
            guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
                throw refuse("a '\(path)' keyframe animation's values are \(kind), at least one")
            }
            segments = try Self.segments(of: keyframe, values: values.map { $0! }, curve: curve, refuse: refuse)
        default:
            throw refuse("\(type(of: animation)) is not drawn here; the animations drawn are CABasicAnimation and "
                         + "CAKeyframeAnimation")
        }
    }

    /// The segments of `keyframe` through `values`, paced by its `timingFunctions` (or `curve` when it has one
    /// segment).
    private static func segments(of keyframe: CAKeyframeAnimation, values: [Value], curve: TimingFunction,
                                 refuse: (String) -> AVError) throws(AVError) -> [Segment] {
        let discrete = keyframe.calculationMode == .discrete
        guard discrete || keyframe.calculationMode == .linear else {
            throw refuse("calculationMode '\(keyframe.calculationMode.rawValue)' is not drawn here; the modes drawn "
                         + "are linear and discrete")
        }
        // Linear mode reaches value i at key time i (n values, n - 1 segments); discrete mode holds value i from
        // key time i to i + 1 (n values, n segments). Either way a segment ends at each key time but the first.
        let count = discrete ? values.count : max(1, values.count - 1)
        let times = keyframe.keyTimes?.map(\.doubleValue) ?? (0...count).map { Double($0) / Double(count) }
        guard times.count == count + 1, times.first == 0, times.last == 1,
              zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw refuse("keyTimes rise from 0 to 1, one per value (one more than the values when discrete)")
        }
        let curves = keyframe.timingFunctions?.map(\.curve)
        guard curves == nil || curves!.count == count, curve == .linear || count == 1 else {
            throw refuse("timingFunctions give one curve per segment between values; a timingFunction over the "
                         + "whole of a keyframe animation is drawn only with two values")
        }
        return (0..<count).map { index in
            let from = values[index], to = discrete ? from : values[min(index + 1, values.count - 1)]
            return Segment(from: from, to: to, start: times[index], end: times[index + 1],
                           curve: curves?[index] ?? curve)
        }
    }
}
