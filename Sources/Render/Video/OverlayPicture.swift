import Composition
import LibAV
import TextLayout

/// The picture of a `PictureOverlay` at the size it is drawn at, as the premultiplied BGRA raster `RasterBlender`
/// paints: an image file's first picture scaled (its own transparency kept; opaque without one), or a colour.
enum OverlayPicture {
    /// What `content` draws over `width` x `height` pixels.
    static func raster(_ content: PictureOverlay.Content, width: Int, height: Int) throws(LibAVError) -> TextRaster {
        switch content {
        case let .file(path): return try raster(path: path, width: width, height: height)
        case let .color(color): return raster(color: color, width: width, height: height)
        }
    }

    /// `width` x `height` pixels of `color`, premultiplied by its alpha.
    static func raster(color: Color, width: Int, height: Int) -> TextRaster {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        let alpha = byte(color.alpha)
        // The blender wants colour already multiplied by coverage, rounded to nearest.
        func premultiplied(_ value: Double) -> UInt8 { UInt8((UInt32(byte(value)) * UInt32(alpha) + 127) / 255) }
        let pixel = [premultiplied(color.blue), premultiplied(color.green), premultiplied(color.red), alpha]
        return TextRaster(width: width, height: height, x: 0, y: 0,
                          pixels: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
    }

    /// The picture in `path` scaled to `width` x `height`.
    static func raster(path: String, width: Int, height: Int) throws(LibAVError) -> TextRaster {
        let frame = try Picture.firstFrame(of: path)
        let scaler = try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                                width: width, height: height, pixelFormat: .bgra,
                                sourceColor: frame.pixelFormat.isYUV ? frame.colorDescription : nil)
        let scaled = try scaler.scale(frame)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        scaled.withPlanes { planes in
            guard let plane = planes.first else { return }
            for y in 0..<height {
                let row = plane.base.assumingMemoryBound(to: UInt8.self) + y * plane.bytesPerRow
                for x in 0..<width {
                    let alpha = UInt32(row[x * 4 + 3]), index = (y * width + x) * 4
                    // The blender wants colour already multiplied by coverage, rounded to nearest.
                    for channel in 0..<3 {
                        pixels[index + channel] = UInt8((UInt32(row[x * 4 + channel]) * alpha + 127) / 255)
                    }
                    pixels[index + 3] = UInt8(alpha)
                }
            }
        }
        return TextRaster(width: width, height: height, x: 0, y: 0, pixels: pixels)
    }
}
