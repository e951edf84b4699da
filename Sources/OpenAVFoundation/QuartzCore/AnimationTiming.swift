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

/// The time an animation may play in: the whole export, or its group's active time (`CAAnimationGroup`), with what
/// the group shows outside it.
struct AnimationWindow {
    /// When the window opens, in seconds of the export.
    var start: Double
    /// When it closes; infinite without a group.
    var end: Double
    /// Whether the group shows its animations' first values before it opens.
    var fillsBefore: Bool
    /// Whether the group keeps its animations' values after it closes.
    var fillsAfter: Bool

    /// The whole export.
    static let whole = AnimationWindow(start: 0, end: .infinity, fillsBefore: true, fillsAfter: true)
}

extension AnimatedValue {
    /// `own` animated by `animation`, one pass of which is `pass`, within `window` of an export lasting `length`;
    /// throws `refuse`'s error for a time before zero, an endless one, too many repetitions, or a repetition cut
    /// short within a curved segment. `interpolate` gives the value a fraction of the way between two.
    init(_ own: Value, animatedBy animation: CAAnimation, pass: Keyframes<Value>, within window: AnimationWindow = .whole,
         length: MediaTime, interpolate: (Value, Value, Double) -> Value,
         refuse: (String) -> AVError) throws(AVError) {
        let begin = window.start + animation.beginTime, duration = animation.duration > 0 ? animation.duration : 0.25
        guard animation.beginTime >= 0, begin.isFinite, duration.isFinite, animation.repeatDuration >= 0,
              animation.repeatCount >= 0, !animation.repeatCount.isNaN else {
            throw refuse("an animation starts at or after zero (AVCoreAnimationBeginTimeAtZero) and lasts a finite time")
        }
        let passes = animation.autoreverses ? [pass, pass.reversed] : [pass]
        let cycle = duration * Double(passes.count)
        let count = animation.repeatDuration > 0 ? animation.repeatDuration / cycle
            : animation.repeatCount > 0 ? Double(animation.repeatCount) : 1
        var activeEnd = min(begin + count * cycle, window.end)
        if activeEnd > length.seconds {
            // What plays after the export's end is never seen: whole cycles up to it are enough.
            activeEnd = begin + max(1, ((length.seconds - begin) / cycle).rounded(.up)) * cycle
        }
        let cycles = ((activeEnd - begin) / cycle).rounded(.up)
        guard cycles * Double(pass.segments.count * passes.count) <= 100_000 else {
            throw refuse("an animation repeating \(cycles) times over \(pass.segments.count) segments is not drawn here")
        }
        let fillsBefore = animation.fillMode == .backwards || animation.fillMode == .both
        let fillsAfter = !animation.isRemovedOnCompletion
            && (animation.fillMode == .forwards || animation.fillMode == .both)
        let first = pass.segments.first?.from ?? own
        let waiting = fillsBefore ? first : own
        before = waiting
        after = own
        if window.start > 0 {
            // Before its group opens, an animation shows its first value only if the group fills backwards and the
            // animation would show it at the group's start.
            before = window.fillsBefore && (fillsBefore || animation.beginTime < 1e-9) ? first : own
            if begin > window.start {
                ramps.append(Ramp(from: waiting, to: waiting, timeRange: Self.range(window.start, begin),
                                  curve: .linear))
            }
        }
        var passStart = begin, last = waiting
        passesLoop: for index in 0..<Int(cycles) * passes.count {
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
                        throw refuse("a repetition cut short (by repeatCount \(animation.repeatCount) or its group) "
                                     + "is drawn only for linear timing")
                    }
                    to = interpolate(segment.from, segment.to, (activeEnd - start) / (end - start))
                    end = activeEnd
                }
                ramps.append(Ramp(from: segment.from, to: to, timeRange: Self.range(start, end), curve: segment.curve))
                last = to
            }
            passStart += duration
        }
        let ended = fillsAfter ? last : own
        after = ended
        if window.end.isFinite, window.end < length.seconds {
            // Until the group closes the animation's own fill rule holds; after it, the group's, which keeps the
            // value shown as it closes: the animation's last if it was cut off there.
            if window.end > activeEnd + 1e-9 {
                ramps.append(Ramp(from: ended, to: ended, timeRange: Self.range(activeEnd, window.end), curve: .linear))
            }
            let cutOff = begin + count * cycle > window.end + 1e-9
            after = window.fillsAfter ? (cutOff ? last : ended) : own
        }
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
         adding: (Value, Value, Double) -> Value, refuse: (String) -> AVError) throws(AVError) {
        let path = animation.keyPath ?? ""
        let curve = animation.timingFunction?.curve ?? .linear
        switch animation {
        case let basic as CABasicAnimation:
            func given(_ value: Any?) throws(AVError) -> Value? {
                guard let value else { return nil }
                guard let known = read(value) else {
                    throw refuse("a '\(path)' animation's fromValue, toValue and byValue are \(kind)")
                }
                return known
            }
            // Core Animation's rules for the values left nil: the layer's own value, or the other end and the change.
            let ends: (from: Value, to: Value) = switch (try given(basic.fromValue), try given(basic.toValue),
                                                         try given(basic.byValue)) {
            case let (from?, to?, _): (from, to)
            case let (from?, nil, by?): (from, adding(from, by, 1))
            case let (nil, to?, by?): (adding(to, by, -1), to)
            case let (nil, nil, by?): (own, adding(own, by, 1))
            case let (from, to, nil): (from ?? own, to ?? own)
            }
            segments = [Segment(from: ends.from, to: ends.to, start: 0, end: 1, curve: curve)]
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
