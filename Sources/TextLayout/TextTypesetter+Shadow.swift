internal import CPangoCairo
import Foundation

extension TextTypesetter {
    /// Paints `layout`'s glyphs in `color` as a shadow moved by `shadow`'s offsets (in layout coordinates, so it
    /// turns with the text) and blurred in the canvas's pixels by three box passes each way (about a Gaussian of
    /// `shadow.blur` standard deviation), under what is painted after it.
    func paintShadow(_ layout: Layout, _ shadow: TextBlock.FreeShadow, color: TextBlock.RGBA, on cr: OpaquePointer,
                     canvas: CairoCanvas) throws(TextLayoutError) {
        guard shadow.blur > 0 else {
            cairo_save(cr)
            cairo_translate(cr, shadow.x, shadow.y)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            pango_cairo_layout_path(cr, layout.pointer)
            cairo_fill(cr)
            cairo_restore(cr)
            return
        }
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(canvas.width), Int32(canvas.height)),
              cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { throw .allocation("cairo_image_surface_create") }
        defer { cairo_surface_destroy(mask) }
        guard let maskContext = cairo_create(mask), cairo_status(maskContext) == CAIRO_STATUS_SUCCESS else {
            throw .allocation("cairo_create")
        }
        defer { cairo_destroy(maskContext) }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_set_matrix(maskContext, &matrix)
        cairo_translate(maskContext, shadow.x, shadow.y)
        pango_cairo_layout_path(maskContext, layout.pointer)
        cairo_fill(maskContext)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            Self.blur(data, width: canvas.width, height: canvas.height,
                      stride: Int(cairo_image_surface_get_stride(mask)), deviation: shadow.blur)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, mask, 0, 0)
        cairo_restore(cr)
    }

    /// Blurs 8-bit samples (`height` rows of `width`, `stride` bytes apart) in place by three box passes across and
    /// three down whose widths add up to about a Gaussian of `deviation` samples; beyond the edges is 0. Integer
    /// sums, so the same samples come out on every machine.
    static func blur(_ samples: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                     deviation: Double) {
        // Three boxes of width w have the variance of the Gaussian when 3 (w^2 - 1) / 12 = deviation^2.
        let radius = max(1, Int(((3 * deviation * deviation + 1).squareRoot() - 1) / 2 + 0.5))
        var line = [UInt8](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for row in 0..<height {
                pass(samples + row * stride, step: 1, count: width, radius: radius, scratch: &line)
            }
            for column in 0..<width {
                pass(samples + column, step: stride, count: height, radius: radius, scratch: &line)
            }
        }
    }

    /// One box pass of `radius` along `count` samples `step` bytes apart, rounding to the nearest.
    private static func pass(_ start: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int,
                             scratch line: inout [UInt8]) {
        for index in 0..<count { line[index] = start[index * step] }
        let width = 2 * radius + 1
        var sum = 0
        for index in 0..<min(radius, count) { sum += Int(line[index]) }
        for index in 0..<count {
            if index + radius < count { sum += Int(line[index + radius]) }
            if index - radius - 1 >= 0 { sum -= Int(line[index - radius - 1]) }
            start[index * step] = UInt8((sum + width / 2) / width)
        }
    }
}
