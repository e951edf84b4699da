public import Composition

/// How a colour meets 8-bit Y'CbCr planes.
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
extension Color {
    static let kr = 0.2126
    static let kb = 0.0722
    static let kg = 1 - kr - kb

    /// The BT.709 limited-range Y'CbCr code values of this colour (see the extension's documentation for the matrix).
    public var yuv: YUVColor {
        let (luma, pb, pr) = components
        return YUVColor(y: Self.code(16 + 219 * luma), cb: Self.code(128 + 224 * pb),
                        cr: Self.code(128 + 224 * pr), a: Self.code(255 * alpha))
    }

    /// Y' (0...1) and the colour differences Pb, Pr (-0.5...0.5) before quantisation, for callers that average
    /// colours before rounding them to code values.
    var components: (luma: Double, pb: Double, pr: Double) {
        let luma = Self.kr * red + Self.kg * green + Self.kb * blue
        return (luma, (blue - luma) / (2 * (1 - Self.kb)), (red - luma) / (2 * (1 - Self.kr)))
    }

    /// The colour a BT.709 limited-range Y'CbCr value shows, clamped into the R'G'B' cube.
    public init(_ color: YUVColor) {
        let luma = (Double(color.y) - 16) / 219
        let pb = (Double(color.cb) - 128) / 224
        let pr = (Double(color.cr) - 128) / 224
        let r = luma + 2 * (1 - Self.kr) * pr
        let b = luma + 2 * (1 - Self.kb) * pb
        let g = (luma - Self.kr * r - Self.kb * b) / Self.kg
        self.init(red: r, green: g, blue: b, alpha: Double(color.a) / 255)
    }

    /// A code value: `value` rounded half away from zero and clamped to 0...255.
    static func code(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(.toNearestOrAwayFromZero), 0), 255))
    }
}

extension YUVColor {
    /// The BT.709 limited-range code values of an R'G'B'A colour.
    public init(_ color: Color) { self = color.yuv }
}
