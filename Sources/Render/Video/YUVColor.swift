/// An 8-bit Y'CbCr colour with alpha, as stored in `yuv420p` / `yuva420p` planes (BT.709 limited range).
public struct YUVColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Luma, 16...235 for in-gamut colours.
    public var y: UInt8
    /// Blue-difference chroma, 16...240, 128 is neutral.
    public var cb: UInt8
    /// Red-difference chroma, 16...240, 128 is neutral.
    public var cr: UInt8
    /// Alpha, 0 transparent ... 255 opaque (full range).
    public var a: UInt8

    /// Creates a colour from its four code values.
    public init(y: UInt8, cb: UInt8, cr: UInt8, a: UInt8 = 255) {
        self.y = y
        self.cb = cb
        self.cr = cr
        self.a = a
    }

    /// Opaque black: Y 16, Cb 128, Cr 128.
    public static let black = YUVColor(y: 16, cb: 128, cr: 128)
    /// Opaque white: Y 235, Cb 128, Cr 128.
    public static let white = YUVColor(y: 235, cb: 128, cr: 128)
    /// Fully transparent black.
    public static let transparent = YUVColor(y: 16, cb: 128, cr: 128, a: 0)

    /// `yuva(16,128,128,255)`.
    public var description: String { "yuva(\(y),\(cb),\(cr),\(a))" }
}
