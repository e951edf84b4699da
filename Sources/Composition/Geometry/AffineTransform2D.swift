/// A 2-D affine transform, CGAffineTransform: `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`, origin top-left.
/// Named with a 2D suffix so it does not clash with Foundation.AffineTransform in files importing both.
public struct AffineTransform2D: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Scale/rotate, x to x'.
    public var a: Double
    /// Rotate/shear, x to y'.
    public var b: Double
    /// Rotate/shear, y to x'.
    public var c: Double
    /// Scale/rotate, y to y'.
    public var d: Double
    /// Horizontal translation.
    public var tx: Double
    /// Vertical translation.
    public var ty: Double

    /// Creates a transform from its six components.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `x`, `y`.
    public static func translation(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x`, `y`.
    public static func scale(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// `self` followed by `other` (CGAffineTransformConcat(self, other)).
    public func concatenating(_ other: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The point `(x, y)` transformed.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// The transform that undoes this one; nil when it flattens the plane (a determinant within 1e-12 of zero).
    public var inverted: AffineTransform2D? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12 else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return AffineTransform2D(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The most the transform stretches any length (the larger singular value of its linear part): for a layer's
    /// transform, how many canvas pixels one source pixel spans at most.
    public var largestStretch: Double {
        let sum = a * a + b * b + c * c + d * d
        let determinant = a * d - b * c
        return ((sum + (max(0, sum * sum - 4 * determinant * determinant)).squareRoot()) / 2).squareRoot()
    }

    /// `[a b c d tx ty]`.
    public var description: String {
        "[" + [a, b, c, d, tx, ty].map(Rect.format).joined(separator: " ") + "]"
    }
}

extension AffineTransform2D: RampValue {
    /// Interpolates each component on its own, as AVFoundation's transform ramps do.
    public func interpolated(to end: AffineTransform2D, fraction: Double) -> AffineTransform2D {
        AffineTransform2D(
            a: a.interpolated(to: end.a, fraction: fraction), b: b.interpolated(to: end.b, fraction: fraction),
            c: c.interpolated(to: end.c, fraction: fraction), d: d.interpolated(to: end.d, fraction: fraction),
            tx: tx.interpolated(to: end.tx, fraction: fraction), ty: ty.interpolated(to: end.ty, fraction: fraction))
    }
}
