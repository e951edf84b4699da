/// An RGBA colour with components in 0...1.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Alpha, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour; components are clamped to 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// Opaque black, the default background.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The components as 8-bit values, rounded.
    public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `rgba(r, g, b, a)` with 0...1 components.
    public var description: String {
        "rgba(" + [red, green, blue, alpha].map(Rect.format).joined(separator: ", ") + ")"
    }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
