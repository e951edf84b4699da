import Foundation

/// A non-linear (gamma-encoded) R'G'B' colour with alpha, each component 0...1.
///
/// Conversion to and from `YUVColor` uses the BT.709 matrix with limited ("video") range quantisation:
///
///     Kr = 0.2126, Kb = 0.0722, Kg = 1 - Kr - Kb = 0.7152
///     Y' = Kr R' + Kg G' + Kb B'                       (0...1)
///     Pb = (B' - Y') / (2 (1 - Kb)) = (B' - Y') / 1.8556   (-0.5...0.5)
///     Pr = (R' - Y') / (2 (1 - Kr)) = (R' - Y') / 1.5748   (-0.5...0.5)
///     Y  = round(16 + 219 Y'),  Cb = round(128 + 224 Pb),  Cr = round(128 + 224 Pr),  A = round(255 a)
///
/// and the inverse `R' = Y' + 1.5748 Pr`, `B' = Y' + 1.8556 Pb`, `G' = (Y' - Kr R' - Kb B') / Kg`, clamped to 0...1.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Alpha, 0 transparent ... 1 opaque.
    public var alpha: Double

    /// Creates a colour; components are clamped to 0...1 when converted, not here.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Opaque red.
    public static let red = RGBAColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = RGBAColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = RGBAColor(red: 0, green: 0, blue: 1)

    static let kr = 0.2126
    static let kb = 0.0722
    static let kg = 1 - kr - kb

    /// The BT.709 limited-range Y'CbCr code values of this colour (see the type's documentation for the matrix).
    public var yuv: YUVColor {
        let (luma, pb, pr) = components
        return YUVColor(y: Self.code(16 + 219 * luma), cb: Self.code(128 + 224 * pb),
                        cr: Self.code(128 + 224 * pr), a: Self.code(255 * Self.unit(alpha)))
    }

    /// Y' (0...1) and the colour differences Pb, Pr (-0.5...0.5) before quantisation, for callers that average
    /// colours before rounding them to code values.
    var components: (luma: Double, pb: Double, pr: Double) {
        let r = Self.unit(red), g = Self.unit(green), b = Self.unit(blue)
        let luma = Self.kr * r + Self.kg * g + Self.kb * b
        return (luma, (b - luma) / (2 * (1 - Self.kb)), (r - luma) / (2 * (1 - Self.kr)))
    }

    /// The colour a BT.709 limited-range Y'CbCr value shows, clamped into the R'G'B' cube.
    public init(_ color: YUVColor) {
        let luma = (Double(color.y) - 16) / 219
        let pb = (Double(color.cb) - 128) / 224
        let pr = (Double(color.cr) - 128) / 224
        let r = luma + 2 * (1 - Self.kr) * pr
        let b = luma + 2 * (1 - Self.kb) * pb
        let g = (luma - Self.kr * r - Self.kb * b) / Self.kg
        self.init(red: Self.unit(r), green: Self.unit(g), blue: Self.unit(b), alpha: Double(color.a) / 255)
    }

    /// `rgba(1.000,0.500,0.000,1.000)`.
    public var description: String {
        String(format: "rgba(%.3f,%.3f,%.3f,%.3f)", red, green, blue, alpha)
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// A value rounded half away from zero and clamped to an 8-bit code.
    static func code(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(.toNearestOrAwayFromZero), 0), 255))
    }
}

extension YUVColor {
    /// The BT.709 limited-range code values of an R'G'B'A colour.
    public init(_ color: RGBAColor) { self = color.yuv }
}
