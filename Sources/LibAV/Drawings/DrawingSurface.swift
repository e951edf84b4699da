internal import CRSVG

/// A cairo image surface and its drawing context, cleared to transparent: what vector pictures are drawn into, then
/// copied out as a straight-alpha `rgba` frame.
final class DrawingSurface {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer

    init(width: Int, height: Int) throws(LibAVError) {
        self.width = width
        self.height = height
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            throw .invalidArgument("cannot make a \(width)x\(height) drawing surface")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .invalidArgument("cannot draw on a \(width)x\(height) surface")
        }
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The surface's pixels (cairo's premultiplied ARGB32, stored B, G, R, A on little-endian machines) as a
    /// straight-alpha `rgba` frame.
    func frame() throws(LibAVError) -> Frame {
        cairo_surface_flush(surface)
        let frame = try Frame(width: width, height: height, pixelFormat: .rgba)
        guard let source = cairo_image_surface_get_data(surface) else {
            throw .invalidArgument("the drawing surface has no pixels")
        }
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        try? frame.withMutablePlanes { planes in
            guard let plane = planes.first else { return }
            for row in 0..<height {
                Self.unpremultiply(source + row * sourceStride, into: plane.base.advanced(by: row * plane.bytesPerRow)
                    .assumingMemoryBound(to: UInt8.self), count: width)
            }
        }
        return frame
    }

    /// `(value * 255 + alpha / 2) / alpha` (at most 255) at `alpha << 8 | value`: a premultiplied component made
    /// straight, looked up instead of divided.
    private static let straight: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1..<256 {
            for value in 0..<256 { table[alpha << 8 | value] = UInt8(min(255, (value * 255 + alpha / 2) / alpha)) }
        }
        return table
    }()

    /// Converts `count` premultiplied B, G, R, A pixels to straight R, G, B, A.
    static func unpremultiply(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        straight.withUnsafeBufferPointer { straight in
            for pixel in 0..<count {
                let from = source + pixel * 4, to = target + pixel * 4
                let alpha = Int(from[3])
                to[3] = UInt8(alpha)
                for channel in 0..<3 { to[channel] = straight[alpha << 8 | Int(from[2 - channel])] }
            }
        }
    }
}
