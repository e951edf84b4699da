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
}

/// An animation of the property at `keyPath`.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
    /// The animated property (`"opacity"`, `"position"`, `"position.x"` or `"position.y"` here).
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
}
