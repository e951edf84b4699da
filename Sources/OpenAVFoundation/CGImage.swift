import Foundation

/// A picture made by `AVAssetImageGenerator`: its size, and its PNG or JPEG encoding (which stand in for Apple's
/// ImageIO / UIKit conversions).
public final class CGImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The picture as PNG.
    private let png: Data
    /// Renders the same picture as JPEG.
    private let makeJPEG: @Sendable () throws -> Data

    init(width: Int, height: Int, png: Data, makeJPEG: @escaping @Sendable () throws -> Data) {
        self.width = width
        self.height = height
        self.png = png
        self.makeJPEG = makeJPEG
    }

    /// 8 bits per colour component.
    public var bitsPerComponent: Int { 8 }

    /// The picture as a PNG file's bytes (not in Apple's API).
    public func pngData() -> Data { png }

    /// The same picture rendered as a JPEG file's bytes (not in Apple's API).
    public func jpegData() throws -> Data { try makeJPEG() }
}
