import Foundation

/// A colour as Core Image takes one: red, green, blue and alpha from 0 to 1, in sRGB.
public final class CIColor: @unchecked Sendable, CustomStringConvertible {
    /// Red, 0 to 1.
    public let red: CGFloat
    /// Green, 0 to 1.
    public let green: CGFloat
    /// Blue, 0 to 1.
    public let blue: CGFloat
    /// Alpha, 0 (transparent) to 1 (opaque).
    public let alpha: CGFloat

    /// The colour of these components, each clamped to 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamped(_ value: CGFloat) -> CGFloat { value.isNaN ? 0 : min(max(value, 0), 1) }
        (self.red, self.green, self.blue, self.alpha) = (clamped(red), clamped(green), clamped(blue), clamped(alpha))
    }

    /// The opaque colour of these components.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// The colour of `cgColor`'s components (grey, or red, green and blue, each with alpha last).
    public convenience init(cgColor: CGColor) {
        let parts = cgColor.components ?? [0, 0, 0, 1]
        if parts.count == 2 {
            self.init(red: parts[0], green: parts[0], blue: parts[0], alpha: parts[1])
        } else {
            self.init(red: parts.first ?? 0, green: parts.count > 1 ? parts[1] : 0, blue: parts.count > 2 ? parts[2] : 0,
                      alpha: parts.count > 3 ? parts[3] : 1)
        }
    }

    /// The components as Core Image prints them: `red green blue alpha`.
    public var description: String { "\(red) \(green) \(blue) \(alpha)" }

    /// Opaque black.
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    /// Opaque mid grey.
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque red.
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    /// Opaque cyan.
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    /// Opaque magenta.
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    /// Transparent black.
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)
}
