internal import CPangoCairo
import Foundation

extension TextTypesetter {
    /// The number of grapheme clusters of `block`'s text (after markup) a typewriter reveals: all but line breaks.
    public func revealableCount(_ block: TextBlock) throws(TextLayoutError) -> Int {
        try plainText(block).filter { !$0.isNewline }.count
    }

    /// The text `block` shows, its markup parsed away.
    public func plainText(_ block: TextBlock) throws(TextLayoutError) -> String {
        let layout = try makeLayout(block, fitting: try fitting(of: block), highlight: nil)
        return String(cString: pango_layout_get_text(layout.pointer))
    }

    /// `block` fitted to its box and drawn in `pose`: box, shadow, outline and fill, in a bitmap just large enough.
    public func draw(_ block: TextBlock, pose: TextPose) throws(TextLayoutError) -> TextRaster {
        let layout = try makeLayout(block, fitting: try fitting(of: block),
                                    highlight: pose.highlighted.map { ($0, pose.highlightColor) })
        if let revealed = pose.revealed { hideGlyphs(of: layout, after: revealed) }
        var logical = PangoRectangle(), ink = PangoRectangle()
        pango_layout_get_extents(layout.pointer, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        // The box's top-left relative to the anchor: the layout's width, the lines' height.
        let boxLeft = -[0, block.width / 2, block.width][min(2, max(0, pose.column))]
        let lineHeight = Double(logical.y + logical.height) / scale
        let boxTop = -[0, lineHeight / 2, lineHeight][min(2, max(0, pose.row))]
        let pad = block.outlineWidth + (block.freeShadow?.reach ?? block.shadowOffset)
            + (block.boxColor == nil ? 0 : block.boxPadding) + 2
        let inkLeft = Double(min(ink.x, logical.x)) / scale - pad, inkTop = Double(min(ink.y, logical.y)) / scale - pad
        let inkRight = Double(max(ink.x + ink.width, logical.x + logical.width)) / scale + pad
        let inkBottom = Double(max(ink.y + ink.height, logical.y + logical.height)) / scale + pad
        var corners = [(inkLeft, inkTop), (inkRight, inkTop), (inkRight, inkBottom), (inkLeft, inkBottom)]
            .map { (x: $0.0 + boxLeft, y: $0.1 + boxTop) }
        if let clip = pose.clip {
            let left = max(corners.map(\.x).min()!, clip.x), right = min(corners.map(\.x).max()!, clip.x + clip.width)
            let top = max(corners.map(\.y).min()!, clip.y), bottom = min(corners.map(\.y).max()!, clip.y + clip.height)
            guard right > left, bottom > top else { return .empty }
            corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
        }
        let placed = corners.map { (pose.a * $0.x + pose.c * $0.y, pose.b * $0.x + pose.d * $0.y) }
        let x0 = Int(placed.map(\.0).min()!.rounded(.down)), y0 = Int(placed.map(\.1).min()!.rounded(.down))
        let x1 = Int(placed.map(\.0).max()!.rounded(.up)), y1 = Int(placed.map(\.1).max()!.rounded(.up))
        let (width, height) = (x1 - x0, y1 - y0)
        guard width > 0, height > 0, width <= 16384, height <= 16384, width * height <= 1 << 26 else { return .empty }
        let canvas = try CairoCanvas(width: width, height: height)
        let cr = canvas.context
        var matrix = cairo_matrix_t(xx: pose.a, yx: pose.b, xy: pose.c, yy: pose.d, x0: Double(-x0), y0: Double(-y0))
        cairo_set_matrix(cr, &matrix)
        if let clip = pose.clip {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        cairo_translate(cr, boxLeft, boxTop)
        try paint(layout, block: block, on: cr, canvas: canvas)
        return TextRaster(width: width, height: height, x: x0, y: y0, pixels: canvas.pixels())
    }

    /// Adds a closed path around `box` with corners of `radius` (at most half its shorter side) to `cr`'s path.
    private static func roundedRectangle(_ box: (x: Double, y: Double, width: Double, height: Double),
                                         radius: Double, on cr: OpaquePointer) {
        let (left, top, right, bottom) = (box.x, box.y, box.x + box.width, box.y + box.height)
        cairo_new_sub_path(cr)
        cairo_arc(cr, right - radius, top + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, right - radius, bottom - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, left + radius, bottom - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, left + radius, top + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Adds each line's box (padded, its corners rounded by the block's box radius) to `cr`'s path.
    private func boxPaths(_ layout: Layout, block: TextBlock, on cr: OpaquePointer) {
        for line in lineRectangles(layout) {
            let box = (x: line.x - block.boxPadding, y: line.y - block.boxPadding,
                       width: line.width + 2 * block.boxPadding, height: line.height + 2 * block.boxPadding)
            let radius = min(block.boxRadius * box.height, box.width / 2, box.height / 2)
            if radius > 0 {
                Self.roundedRectangle(box, radius: radius, on: cr)
            } else {
                cairo_rectangle(cr, box.x, box.y, box.width, box.height)
            }
        }
    }

    /// Box (with its outline), shadow, outline and fill of `layout`, in layout coordinates, on `canvas`.
    private func paint(_ layout: Layout, block: TextBlock, on cr: OpaquePointer,
                       canvas: CairoCanvas) throws(TextLayoutError) {
        func source(_ color: TextBlock.RGBA) { cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha) }
        if let box = block.boxColor {
            if block.outlinesBox, block.outlineWidth > 0 {
                // Stroked twice as wide, then cleared inside the boxes: what remains lies outside their joined
                // shape, so a see-through box does not show the stroke's inner half.
                cairo_push_group(cr)
                boxPaths(layout, block: block, on: cr)
                source(block.outlineColor)
                cairo_set_line_width(cr, 2 * block.outlineWidth)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke_preserve(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_fill(cr)
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
            }
            source(box)
            boxPaths(layout, block: block, on: cr)
            // The boxes of neighbouring lines may overlap: filled together, they make one shape.
            cairo_fill(cr)
        }
        if let shadow = block.freeShadow {
            try paintShadow(layout, shadow, color: block.shadowColor, on: cr, canvas: canvas)
        } else if block.shadowOffset > 0 {
            cairo_save(cr)
            cairo_translate(cr, block.shadowOffset, block.shadowOffset)
            source(block.shadowColor)
            pango_cairo_layout_path(cr, layout.pointer)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        if block.outlineWidth > 0, block.boxColor == nil {
            cairo_new_path(cr)
            pango_cairo_layout_path(cr, layout.pointer)
            source(block.outlineColor)
            cairo_set_line_width(cr, 2 * block.outlineWidth)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
        cairo_move_to(cr, 0, 0)
        source(block.color)
        pango_cairo_show_layout(cr, layout.pointer)
    }

    /// Each line's logical rectangle in layout pixels.
    private func lineRectangles(_ layout: Layout) -> [(x: Double, y: Double, width: Double, height: Double)] {
        guard let iterator = pango_layout_get_iter(layout.pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var result: [(x: Double, y: Double, width: Double, height: Double)] = []
        let scale = Double(PANGO_SCALE)
        repeat {
            var rect = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &rect)
            if rect.width > 0 {
                result.append((Double(rect.x) / scale, Double(rect.y) / scale, Double(rect.width) / scale,
                               Double(rect.height) / scale))
            }
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Empties the glyphs of every cluster from the `revealed`-th visible grapheme cluster on (logical order), so
    /// the typed part keeps the places it has in the whole text whatever the direction or script.
    private func hideGlyphs(of layout: Layout, after revealed: Int) {
        let text = String(cString: pango_layout_get_text(layout.pointer))
        var offset = 0, shown = 0, cut = text.utf8.count
        for character in text {
            if !character.isNewline {
                if shown == revealed { cut = offset; break }
                shown += 1
            }
            offset += character.utf8.count
        }
        guard let iterator = pango_layout_get_iter(layout.pointer) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run(iterator), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs)
            where Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index]) >= cut {
                glyphs.pointee.glyphs[index].glyph = PANGO_GLYPH_EMPTY
            }
        } while pango_layout_iter_next_run(iterator) != 0
    }
}
