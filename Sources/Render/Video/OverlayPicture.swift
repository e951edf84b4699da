import LibAV
import TextLayout

/// The picture of a `PictureOverlay`: its image file's first picture scaled to the size it is drawn at, as the
/// premultiplied BGRA raster `RasterBlender` paints (the picture's own transparency kept; opaque without one).
enum OverlayPicture {
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
