internal import CPangoCairo

/// The fonts text is drawn with: a fontconfig configuration with the system's fonts and any font files added
/// (`FcConfig`, released with `FcConfigDestroy`) and the Pango font map reading it (`PangoFontMap`, a GObject).
final class FontMap {
    let config: OpaquePointer
    let pointer: UnsafeMutablePointer<PangoFontMap>

    init(fontFiles: [String]) throws(TextLayoutError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .allocation("FcInitLoadConfigAndFonts") }
        for file in fontFiles where FcConfigAppFontAddFile(config, file) == 0 {
            FcConfigDestroy(config)
            throw .unreadableFont(path: file)
        }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw .allocation("pango_cairo_font_map_new_for_font_type")
        }
        pango_fc_font_map_set_config(mediabatch_fc_font_map(map), config)
        (self.config, pointer) = (config, map)
    }

    deinit {
        mediabatch_g_object_unref(pointer)
        FcConfigDestroy(config)
    }
}

/// A Pango context on a font map, with hinting off so that a layout is the same at every scale and turn
/// (`PangoContext`, a GObject).
final class LayoutContext {
    let pointer: OpaquePointer
    private let fonts: FontMap

    init(fonts: FontMap) throws(TextLayoutError) {
        guard let context = pango_font_map_create_context(fonts.pointer) else {
            throw .allocation("pango_font_map_create_context")
        }
        (pointer, self.fonts) = (context, fonts)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(pointer, options)
            cairo_font_options_destroy(options)
        }
    }

    deinit {
        mediabatch_g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}

/// One paragraph layout (`PangoLayout`, a GObject); keeps its context alive.
final class Layout {
    let pointer: OpaquePointer
    private let context: LayoutContext

    init(context: LayoutContext) throws(TextLayoutError) {
        guard let layout = pango_layout_new(context.pointer) else { throw .allocation("pango_layout_new") }
        (pointer, self.context) = (layout, context)
    }

    deinit {
        mediabatch_g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}

/// A premultiplied ARGB32 Cairo image and a context drawing on it (`cairo_surface_t`, `cairo_t`).
final class CairoCanvas {
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int, height: Int

    init(width: Int, height: Int) throws(TextLayoutError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .allocation("cairo_image_surface_create")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .allocation("cairo_create")
        }
        (self.surface, self.context, self.width, self.height) = (surface, context, width, height)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The drawn pixels, row after row without padding.
    func pixels() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var result = [UInt8](repeating: 0, count: width * height * 4)
        result.withUnsafeMutableBytes { target in
            for row in 0..<height {
                (target.baseAddress! + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
            }
        }
        return result
    }
}
