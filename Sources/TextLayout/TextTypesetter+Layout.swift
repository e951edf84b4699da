internal import CPangoCairo

extension TextTypesetter {
    /// A layout of `block` as `fitting` says: its font at the fitted size, wrapped at the box width (inside words
    /// too when `breaksWords`, with a hyphen where the language breaks words so), cut to the line limit with an
    /// ellipsis when `ellipsizes`; the grapheme clusters in `highlight` coloured.
    func makeLayout(_ block: TextBlock, fitting: Fitting, highlight: (Range<Int>, TextBlock.RGBA)?,
                    ellipsizes: Bool = true) throws(TextLayoutError) -> Layout {
        let layout = try Layout(context: context)
        let (text, attributes) = try parse(block)
        defer { pango_attr_list_unref(attributes) }
        guard let description = pango_font_description_new() else { throw .allocation("pango_font_description_new") }
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, block.family)
        pango_font_description_set_absolute_size(description, fitting.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, block.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, block.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(layout.pointer, description)
        pango_layout_set_text(layout.pointer, text, -1)
        addBase(block, size: fitting.size, to: attributes)
        if let (range, color) = highlight { add(color, over: range, of: text, to: attributes) }
        pango_layout_set_attributes(layout.pointer, attributes)
        pango_layout_set_width(layout.pointer, Int32(clamping: Int((block.width * Double(PANGO_SCALE)).rounded(.down))))
        pango_layout_set_wrap(layout.pointer, fitting.breaksWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        let alignment = switch block.alignment {
        case .left: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout.pointer, alignment)
        if block.lineSpacing != 1 { pango_layout_set_line_spacing(layout.pointer, Float(max(0.01, block.lineSpacing))) }
        if ellipsizes, let lines = block.maximumLines {
            pango_layout_set_height(layout.pointer, -Int32(clamping: max(1, lines)))
            pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_END)
        }
        return layout
    }

    /// The plain text and the attributes of `block` (its markup parsed, or none for plain text); the caller
    /// releases the list.
    private func parse(_ block: TextBlock) throws(TextLayoutError) -> (String, OpaquePointer) {
        guard block.isMarkup else {
            guard let list = pango_attr_list_new() else { throw .allocation("pango_attr_list_new") }
            return (block.text, list)
        }
        var list: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(block.text, -1, 0, &list, &text, nil, &error) != 0, let list, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot parse"
            if let error { g_error_free(error) }
            throw .invalidMarkup(message)
        }
        defer { g_free(text) }
        return (String(cString: text), list)
    }

    /// The block-wide language and letter spacing, under every span of the markup.
    private func addBase(_ block: TextBlock, size: Double, to list: OpaquePointer) {
        if let language = block.language, let attribute = pango_attr_language_new(pango_language_from_string(language)) {
            pango_attr_list_insert_before(list, attribute)
        }
        if block.letterSpacing != 0 {
            let spacing = Int32(clamping: Int((block.letterSpacing * Double(PANGO_SCALE)).rounded()))
            if let attribute = pango_attr_letter_spacing_new(spacing) { pango_attr_list_insert_before(list, attribute) }
        }
    }

    /// Colours grapheme clusters `range` of `text`, over any colour the markup gave them.
    private func add(_ color: TextBlock.RGBA, over range: Range<Int>, of text: String, to list: OpaquePointer) {
        let bytes = Self.clusterOffsets(text)
        guard !range.isEmpty, range.lowerBound < bytes.count - 1 else { return }
        let start = bytes[max(0, range.lowerBound)], end = bytes[min(bytes.count - 1, range.upperBound)]
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
        guard let attribute = pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue))
        else { return }
        attribute.pointee.start_index = UInt32(start)
        attribute.pointee.end_index = UInt32(end)
        pango_attr_list_insert(list, attribute)
    }

    /// The UTF-8 offset of every grapheme cluster of `text`, and its length last.
    static func clusterOffsets(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in text {
            offsets.append(offset)
            offset += character.utf8.count
        }
        return offsets + [offset]
    }
}
