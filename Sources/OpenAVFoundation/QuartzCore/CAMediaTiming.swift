import Composition
import Foundation

/// Seconds, as Core Animation counts time.
public typealias CFTimeInterval = Double

/// The `beginTime` of an animation that starts at the beginning of an export's timeline (Core Animation reads a
/// `beginTime` of 0 as "now").
public let AVCoreAnimationBeginTimeAtZero: CFTimeInterval = 1e-100

/// What an animation shows outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Sendable, Hashable {
    /// The mode's name.
    public let rawValue: String
    /// A mode of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's own value before and after.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The last value after the animation, when it is not removed on completion.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The first value before the animation.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both of the above.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// The name of a predefined timing curve.
public struct CAMediaTimingFunctionName: RawRepresentable, Sendable, Hashable {
    /// The curve's name.
    public let rawValue: String
    /// A name of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Even pace.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default curve.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// How an animation's progress moves through its duration: a cubic Bézier curve from (0, 0) to (1, 1).
public final class CAMediaTimingFunction: Sendable {
    /// The curve in the composition model.
    let curve: TimingFunction

    /// One of the predefined curves.
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: curve = .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: curve = .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInEaseOut: curve = .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .default: curve = .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        default: curve = .linear
        }
    }

    /// The curve with control points (`c1x`, `c1y`) and (`c2x`, `c2y`).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = .cubicBezier(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y))
    }
}
