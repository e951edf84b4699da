import Foundation
import Render

/// A picture made by `AVAssetImageGenerator`: 8-bit RGB pixels, with their PNG and JPEG encodings standing in for
/// Apple's ImageIO and UIKit conversions (Linux has neither, nor CoreGraphics' `CGImage`).
public final class CGImage: Sendable {
    /// The renderer's picture.
    let picture: Picture
    /// The file the picture was read from (by `CGImageSource`), nil for one made in memory; a Core Animation layer
    /// draws the file, whose transparency the RGB picture has lost.
    let file: URL?

    init(_ picture: Picture, file: URL? = nil) {
        self.picture = picture
        self.file = file
    }

    /// Width in pixels.
    public var width: Int { picture.width }
    /// Height in pixels.
    public var height: Int { picture.height }
    /// 8 bits per colour component.
    public var bitsPerComponent: Int { 8 }
    /// 24 bits per pixel: red, green, blue, no alpha.
    public var bitsPerPixel: Int { 24 }
    /// Bytes from one row to the next: 3 per pixel, no padding.
    public var bytesPerRow: Int { picture.width * 3 }

    /// The pixels row by row from the top left, 3 bytes each (red, green, blue); not in Apple's API, where
    /// `dataProvider` gives them.
    public var rgbData: Data { Data(picture.rgb) }

    /// The colour of pixel (`x`, `y`), counted from the top left; black outside the picture. Not in Apple's API.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return (0, 0, 0) }
        let offset = (y * width + x) * 3
        return (picture.rgb[offset], picture.rgb[offset + 1], picture.rgb[offset + 2])
    }

    /// The picture as a PNG file's bytes (not in Apple's API).
    public func pngData() throws -> Data {
        do {
            return try picture.pngData()
        } catch {
            throw AVError(error)
        }
    }

    /// The picture as a JPEG file's bytes (not in Apple's API).
    public func jpegData() throws -> Data {
        do {
            return try picture.jpegData()
        } catch {
            throw AVError(error)
        }
    }
}
