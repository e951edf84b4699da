import Foundation

/// An animation of a layer's property over an export's timeline.
open class CAAnimation: @unchecked Sendable {
    /// An animation lasting Core Animation's default 0.25 s from the timeline's start.
    public init() {}

    /// When the animation starts, in seconds of the export's timeline; `AVCoreAnimationBeginTimeAtZero` for zero.
    open var beginTime: CFTimeInterval = 0
    /// How long it runs; 0 means Core Animation's default, 0.25 s.
    open var duration: CFTimeInterval = 0
    /// What shows before and after.
    open var fillMode = CAMediaTimingFillMode.removed
    /// Whether the layer's own value shows again after the animation (true by default).
    open var isRemovedOnCompletion = true
    /// The pace of the animation; nil for even pace.
    open var timingFunction: CAMediaTimingFunction?
    /// How many times it plays (fractions play part of the last time); 0 plays once, `.infinity` to the end.
    open var repeatCount: Float = 0
    /// How long it repeats for, in seconds, instead of `repeatCount`; 0 for none.
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each time it plays forwards then backwards (each repetition lasting twice `duration`).
    open var autoreverses = false
}

/// An animation of the property at `keyPath`.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
    /// The animated property: `"opacity"`, `"position"`, `"position.x"` or `"position.y"` here.
    open var keyPath: String?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// An animation from one value to another.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The value at the start (a number for opacity or one coordinate, a point for position); nil for the layer's
    /// own value.
    open var fromValue: Any?
    /// The value at the end; nil for the layer's own value.
    open var toValue: Any?
    /// The change over the animation, when `fromValue` or `toValue` is nil: from `fromValue` (or the layer's own
    /// value) to it plus this, or to `toValue` from it minus this.
    open var byValue: Any?
}

/// Animations played together, their times counted from the group's `beginTime` and cut at its end.
open class CAAnimationGroup: CAAnimation, @unchecked Sendable {
    /// The animations (`CABasicAnimation` and `CAKeyframeAnimation` here).
    open var animations: [CAAnimation]?
}

/// How a keyframe animation moves between its values.
public struct CAAnimationCalculationMode: RawRepresentable, Sendable, Hashable {
    /// The mode's name.
    public let rawValue: String
    /// A mode of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight from each value to the next, along each segment's timing function.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time, without a transition.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// At an even speed along the whole path (not drawn here).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Along a smooth spline through the values (not drawn here).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// A smooth spline at an even speed (not drawn here).
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// An animation through a list of values at given fractions of its duration.
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The values, in order: numbers for opacity or one coordinate, points for position.
    open var values: [Any]?
    /// The fraction of the duration at which each value is reached, from 0 to 1 (one more than the values for
    /// `.discrete`); nil spaces them evenly.
    open var keyTimes: [NSNumber]?
    /// The pace of each segment between two values; nil for even pace.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How it moves between values.
    open var calculationMode = CAAnimationCalculationMode.linear
}
