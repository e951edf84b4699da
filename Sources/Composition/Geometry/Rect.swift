/// A rectangle with its origin at the top-left corner (CGRect), used for crop regions.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The unbounded rectangle (CGRectInfinite): no crop.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether this is `Rect.infinite`.
    public var isInfinite: Bool { self == .infinite }

    /// The overlap with `other` (CGRectIntersection); empty, at the corner where they would meet, when they do not.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// `{x, y, width, height}`, or `infinite`.
    public var description: String {
        isInfinite ? "infinite" : "{\(Rect.format(x)), \(Rect.format(y)), \(Rect.format(width)), \(Rect.format(height))}"
    }

    /// Whole numbers without a fraction, others as Swift prints them.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension Rect: RampValue {
    /// Interpolates each of x, y, width and height.
    public func interpolated(to end: Rect, fraction: Double) -> Rect {
        Rect(x: x.interpolated(to: end.x, fraction: fraction), y: y.interpolated(to: end.y, fraction: fraction),
             width: width.interpolated(to: end.width, fraction: fraction),
             height: height.interpolated(to: end.height, fraction: fraction))
    }
}
