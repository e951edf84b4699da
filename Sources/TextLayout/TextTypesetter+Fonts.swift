internal import CPangoCairo

extension TextTypesetter {
    /// The characters no font drew in `layout`, and the families other than `requested` that drew some
    /// (emoji, spaces and marks aside).
    func fontUse(_ layout: Layout, requested: String) -> ([Unicode.Scalar], [TextFit.Fallback]) {
        let bytes = Array(String(cString: pango_layout_get_text(layout.pointer)).utf8)
        var missing: [Unicode.Scalar] = [], fallbacks: [TextFit.Fallback] = []
        guard let iterator = pango_layout_get_iter(layout.pointer) else { return ([], []) }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs else { continue }
            let family = Self.family(of: item.pointee.analysis.font)
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let start = Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index])
                guard let scalar = Self.scalar(in: bytes, at: start) else { continue }
                if glyphs.pointee.glyphs[index].glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                    if !missing.contains(scalar) { missing.append(scalar) }
                } else if let family, family.lowercased() != requested.lowercased(),
                          !scalar.properties.isWhitespace, !scalar.properties.isEmojiPresentation,
                          scalar.properties.generalCategory != .nonspacingMark,
                          !fallbacks.contains(where: { $0.family == family }) {
                    fallbacks.append(TextFit.Fallback(family: family, character: scalar))
                }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return (missing, fallbacks)
    }

    /// The family of the font Pango chose for a run.
    private static func family(of font: UnsafeMutablePointer<PangoFont>?) -> String? {
        guard let font, let description = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) }
    }

    /// The Unicode scalar starting at UTF-8 offset `start`.
    private static func scalar(in bytes: [UInt8], at start: Int) -> Unicode.Scalar? {
        guard start < bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[start...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}
