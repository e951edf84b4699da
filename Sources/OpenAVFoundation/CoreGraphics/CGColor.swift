import Foundation

/// A colour: red, green, blue and alpha in sRGB, each from 0 to 1.
public final class CGColor: @unchecked Sendable {
    /// Red, green, blue and alpha (`@unchecked Sendable`: immutable).
    public let components: [CGFloat]?

    /// A colour of sRGB components.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map { min(max($0, 0), 1) }
    }

    /// A colour of components in the device's RGB space, which is sRGB here.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey of `gray` (0 black, 1 white).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The opacity, from 0 to 1.
    public var alpha: CGFloat { components?[3] ?? 1 }
    /// Four: red, green, blue and alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }
    /// sRGB.
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }

    /// The colour with `alpha` as its opacity.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let components else { return nil }
        return CGColor(srgbRed: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Fully transparent.
    public static let clear = CGColor(gray: 0, alpha: 0)
}
