import Foundation

/// How a ramp's progress follows time (CSS `transition-timing-function`): the ramp's exact time fraction `x` goes
/// in, the fraction of the change applied comes out. `linear` is AVFoundation's behaviour and the default.
///
/// The named curves are CSS's cubic Béziers from (0, 0) to (1, 1): `ease` (0.25, 0.1, 0.25, 1), `easeIn`
/// (0.42, 0, 1, 1), `easeOut` (0, 0, 0.58, 1) and `easeInOut` (0.42, 0, 0.58, 1). A Bézier's `y1` and `y2` may
/// leave 0...1 (the curve overshoots); `x1` and `x2` must lie in 0...1 so the curve is a function of time.
public enum TimingFunction: Sendable, Hashable, CustomStringConvertible {
    /// Progress equals the time fraction.
    case linear
    /// CSS `ease`: a quick start and a long, gentle stop.
    case ease
    /// Starts slowly, ends at full speed.
    case easeIn
    /// Starts at full speed, ends slowly.
    case easeOut
    /// Starts and ends slowly.
    case easeInOut
    /// CSS `cubic-bezier(x1, y1, x2, y2)`: control points of a Bézier from (0, 0) to (1, 1).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The four control values of the curve; nil for `linear`.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: nil
        case .ease: (0.25, 0.1, 0.25, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInOut: (0.42, 0, 0.58, 1)
        case let .cubicBezier(x1, y1, x2, y2): (x1, y1, x2, y2)
        }
    }

    /// Every progress the curve reaches: 0...1, wider for a Bézier that overshoots (a Bézier stays within the hull
    /// of its control values).
    public var progressBounds: ClosedRange<Double> {
        guard let points = controlPoints else { return 0...1 }
        return min(0, points.y1, points.y2)...max(1, points.y1, points.y2)
    }

    /// The progress at time fraction `x`: 0 at or before 0 and 1 at or after 1, exactly; in between the curve's `y`
    /// at the point whose `x` it is (which may leave 0...1 for overshooting Béziers).
    public func progress(_ x: Double) -> Double {
        if x.isNaN || x <= 0 { return 0 }
        if x >= 1 { return 1 }
        guard let points = controlPoints else { return x }
        let t = Self.solve(x, x1: points.x1, x2: points.x2)
        return Self.bezier(t, points.y1, points.y2)
    }

    /// One coordinate of the Bézier through 0, `p1`, `p2`, 1 at parameter `t`.
    static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// The parameter `t` in 0...1 whose curve `x` is `x`: Newton steps from `x`, falling back to bisection (the
    /// curve's `x` rises monotonically because both x control values lie in 0...1).
    static func solve(_ x: Double, x1: Double, x2: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = bezier(t, x1, x2) - x
            if abs(error) < 1e-14 { return t }
            let u = 1 - t
            let slope = 3 * u * u * x1 + 6 * u * t * (x2 - x1) + 3 * t * t * (1 - x2)
            guard abs(slope) > 1e-9 else { break }
            t -= error / slope
            if t < 0 || t > 1 { break }
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = bezier(t, x1, x2)
            if abs(value - x) < 1e-15 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// The CSS text: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` or `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String {
        switch self {
        case .linear: "linear"
        case .ease: "ease"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .easeInOut: "ease-in-out"
        case let .cubicBezier(x1, y1, x2, y2):
            "cubic-bezier(" + [x1, y1, x2, y2].map(Rect.format).joined(separator: ", ") + ")"
        }
    }

    /// Reads the CSS text `description` writes (spaces around numbers are free); nil for anything else, including a
    /// Bézier whose `x1` or `x2` is outside 0...1 or any value that is not finite.
    public init?(css text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed {
        case "linear": self = .linear
        case "ease": self = .ease
        case "ease-in": self = .easeIn
        case "ease-out": self = .easeOut
        case "ease-in-out": self = .easeInOut
        default:
            guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
            let inner = trimmed.dropFirst("cubic-bezier(".count).dropLast()
            let values = inner.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 4, let x1 = values[0], let y1 = values[1], let x2 = values[2], let y2 = values[3],
                  [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else { return nil }
            self = .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }
}

extension TimingFunction: Codable {
    /// Decodes the CSS text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = TimingFunction(css: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown timing function '\(text)'")
        }
        self = value
    }

    /// Encodes the CSS text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
