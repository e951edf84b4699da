import Foundation

/// A colour space; bitmap contexts here hold 8-bit RGB in the device's (sRGB) space, the only one made.
public final class CGColorSpace: Sendable {
    /// The space's name.
    public let name: String

    /// A space by `name`; only `CGColorSpace.sRGB` is made.
    public init?(name: String) {
        guard name == Self.sRGB else { return nil }
        self.name = name
    }

    /// sRGB, what the device RGB space is here.
    public static let sRGB = "kCGColorSpaceSRGB"
}

/// The device's RGB colour space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.sRGB)!
}

/// Where a bitmap's alpha lies and whether its colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable {
    /// No alpha.
    case none = 0
    /// Alpha last, colours premultiplied.
    case premultipliedLast = 1
    /// Alpha first, colours premultiplied.
    case premultipliedFirst = 2
    /// Alpha last.
    case last = 3
    /// Alpha first.
    case first = 4
    /// A padding byte last.
    case noneSkipLast = 5
    /// A padding byte first.
    case noneSkipFirst = 6
    /// Alpha only.
    case alphaOnly = 7
}

/// A bitmap's layout: the alpha info in its low bits and the byte order of its 32-bit pixels.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt32
    /// Bits from their value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits of the alpha info.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits of the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// Bytes in the order the components are named (big-endian words).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 32-bit pixels stored little-endian: `premultipliedFirst` is B, G, R, A in memory.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 32-bit pixels stored big-endian: `premultipliedFirst` is A, R, G, B in memory.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}
