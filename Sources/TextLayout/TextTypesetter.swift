internal import CPangoCairo

/// Lays out and draws text with Pango over Cairo (HarfBuzz shaping, FriBidi, fontconfig fallback, colour emoji):
/// wrapping in a box, shrinking to fit, line limits with an ellipsis, markup spans.
///
/// One typesetter per export (its fonts are loaded once); not for use from two threads at once. Layouts are fitted
/// once per distinct block and remembered.
public final class TextTypesetter {
    private let fonts: FontMap
    let context: LayoutContext
    /// How each block was fitted: the size and whether words had to break.
    private var fitted: [TextBlock: Fitting] = [:]

    /// The choices fitting made for a block.
    struct Fitting: Hashable {
        var size: Double
        var breaksWords: Bool
        var fits: Bool
    }

    /// The versions of the libraries that shape and draw text (Pango, HarfBuzz, Cairo), a line: kept pictures with
    /// text are valid only under the same ones.
    public static let libraryVersions: String = [
        "pango " + String(cString: pango_version_string()), "harfbuzz " + String(cString: hb_version_string()),
        "cairo " + String(cString: cairo_version_string()),
    ].joined(separator: " ")

    /// A typesetter with the installed fonts and the faces of `fontFiles`.
    public init(fontFiles: [String] = []) throws(TextLayoutError) {
        fonts = try FontMap(fontFiles: fontFiles)
        context = try LayoutContext(fonts: fonts)
    }

    /// Checks that `markup` parses as Pango markup; Pango's message when it does not.
    public static func markupProblem(_ markup: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, nil, nil, &error) == 0 else { return nil }
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? "cannot parse"
    }

    /// How `block` fits its box, and which fonts draw it.
    public func fit(_ block: TextBlock) throws(TextLayoutError) -> TextFit {
        let fitting = try fitting(of: block)
        let layout = try makeLayout(block, fitting: fitting, highlight: nil)
        let (width, height) = logicalSize(layout)
        let (missing, fallbacks) = fontUse(layout, requested: block.family)
        return TextFit(size: fitting.size, fits: fitting.fits, lineCount: Int(pango_layout_get_line_count(layout.pointer)),
                       width: width, height: height, missing: missing, fallbacks: fallbacks)
    }

    /// The size and wrapping `block` is drawn with: the largest size from `size` down to `minimumSize` at which
    /// every word fits the width and the lines fit the height and the line limit; at the minimum, words break.
    func fitting(of block: TextBlock) throws(TextLayoutError) -> Fitting {
        if let known = fitted[block] { return known }
        let upper = max(1, block.size), lower = max(1, min(block.minimumSize, upper))
        var result = Fitting(size: upper, breaksWords: false, fits: true)
        if try !fits(block, size: upper) {
            if try !fits(block, size: lower) {
                result = Fitting(size: lower, breaksWords: true, fits: false)
            } else {
                // Largest fitting size to a quarter pixel: fits(lower) holds, fits(high) does not.
                var (low, high) = (lower, upper)
                while high - low > 0.25 {
                    let middle = (low + high) / 2
                    if try fits(block, size: middle) { low = middle } else { high = middle }
                }
                result.size = low
            }
        }
        fitted[block] = result
        return result
    }

    /// Whether `block` at `size`, wrapped only between words, fits its box and line limit.
    private func fits(_ block: TextBlock, size: Double) throws(TextLayoutError) -> Bool {
        let layout = try makeLayout(block, fitting: Fitting(size: size, breaksWords: false, fits: true), highlight: nil,
                                    ellipsizes: false)
        let (width, height) = logicalSize(layout)
        let lines = Int(pango_layout_get_line_count(layout.pointer))
        return width <= block.width + 0.5 && height <= block.height + 0.5 && lines <= (block.maximumLines ?? Int.max)
    }

    /// The layout's logical width and height in pixels.
    func logicalSize(_ layout: Layout) -> (Double, Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }
}
