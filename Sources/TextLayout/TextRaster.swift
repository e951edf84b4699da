/// Drawn text: a premultiplied BGRA bitmap (Cairo's ARGB32 in little-endian byte order: blue, green, red, alpha
/// per pixel, colour already multiplied by alpha) and where it goes.
///
/// `x` and `y` place the bitmap's top-left pixel relative to the text's anchor point (the point of its box that
/// the placement names), in output pixels; a compositor adds the anchor's position on the frame.
public struct TextRaster: Sendable, Hashable {
    /// Width and height in pixels.
    public var width: Int, height: Int
    /// Left and top edge relative to the anchor point.
    public var x: Int, y: Int
    /// `width * height * 4` bytes, row after row.
    public var pixels: [UInt8]

    /// Creates a raster.
    public init(width: Int, height: Int, x: Int, y: Int, pixels: [UInt8]) {
        (self.width, self.height, self.x, self.y, self.pixels) = (width, height, x, y, pixels)
    }

    /// A raster with nothing in it.
    public static let empty = TextRaster(width: 0, height: 0, x: 0, y: 0, pixels: [])
}
