internal import CASS

/// A libass renderer (`ASS_Renderer`, freed with `ass_renderer_done`) for one frame size, with fontconfig set up
/// once: make it once per export and render every frame through it (glyph and bitmap caches carry over).
public final class ASSRenderer: @unchecked Sendable {
    /// The owned renderer.
    let pointer: OpaquePointer
    /// Keeps the library alive as long as the renderer.
    private let library: ASSLibrary
    /// The frame width in pixels.
    public let width: Int
    /// The frame height in pixels.
    public let height: Int

    /// A renderer drawing `width` x `height` frames with complex shaping (HarfBuzz, FriBidi), fonts from fontconfig
    /// and `defaultFamily` for styles whose font is missing.
    public init(library: ASSLibrary, width: Int, height: Int, defaultFamily: String = "DejaVu Sans") throws(LibAVError) {
        guard width > 0, height > 0 else {
            throw LibAVError.invalidArgument("cannot render text on a \(width)x\(height) frame")
        }
        self.library = library
        self.width = width
        self.height = height
        pointer = try checkAllocation(ass_renderer_init(library.pointer), "ass_renderer_init",
                                      .allocate("a libass renderer"))
        ass_set_frame_size(pointer, Int32(width), Int32(height))
        ass_set_storage_size(pointer, Int32(width), Int32(height))
        ass_set_shaper(pointer, ASS_SHAPING_COMPLEX)
        ass_set_fonts(pointer, nil, defaultFamily, Int32(ASS_FONTPROVIDER_FONTCONFIG.rawValue), nil, 1)
    }

    deinit {
        ass_renderer_done(pointer)
    }

    /// Renders `track` at `milliseconds` and lends each resulting image, bottom first, to `body`. The images are
    /// valid only during the call (libass reuses them at the next render).
    public func render<E: Error>(_ track: ASSTrack, atMilliseconds milliseconds: Int64,
                                 _ body: (ASSImage) throws(E) -> Void) throws(E) {
        var image = ass_render_frame(pointer, track.pointer, milliseconds, nil)
        while let current = image {
            let value = current.pointee
            if value.w > 0, value.h > 0, let bitmap = value.bitmap {
                let color = value.color
                try body(ASSImage(
                    width: Int(value.w), height: Int(value.h), stride: Int(value.stride), bitmap: UnsafePointer(bitmap),
                    x: Int(value.dst_x), y: Int(value.dst_y), red: UInt8(truncatingIfNeeded: color >> 24),
                    green: UInt8(truncatingIfNeeded: color >> 16), blue: UInt8(truncatingIfNeeded: color >> 8),
                    opacity: 255 - UInt8(truncatingIfNeeded: color)))
            }
            image = value.next
        }
    }
}
