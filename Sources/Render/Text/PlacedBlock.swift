import Composition
import TextLayout

/// A text layer ready to draw on output frames: its `TextBlock` (font, size and box in output pixels), the anchor
/// point on the frame, which point of the box sits on it, and the rectangle a region placement clips to.
struct PlacedBlock {
    /// The output frame and the canvas-to-output scale.
    struct Geometry {
        var width: Double
        var height: Double
        var scaleX: Double
        var scaleY: Double
    }

    var layer: TextLayer
    var block: TextBlock
    /// The anchor point in output pixels.
    var x: Double, y: Double
    /// The box's point on the anchor: column 0...2 (left to right), row 0...2 (top to bottom).
    var column: Int, row: Int
    /// A region placement's rectangle in output pixels.
    var clip: Rect?

    /// `layer` on a frame of `frame`'s size; sizes are fractions of its height, rectangles canvas pixels.
    init(_ layer: TextLayer, frame: Geometry) {
        self.layer = layer
        let (w, h) = (frame.width, frame.height)
        let style = layer.style
        var block = TextBlock(text: layer.text.replacingOccurrences(of: "\r", with: ""))
        block.isMarkup = layer.isMarkup
        block.family = style.fontFamily
        (block.bold, block.italic) = (style.bold, style.italic)
        block.size = max(1, style.size * h)
        block.minimumSize = style.fit == .none ? block.size : max(1, (style.minimumSize ?? style.size / 2) * h)
        block.maximumLines = style.maximumLines
        block.lineSpacing = style.lineSpacing
        block.letterSpacing = style.letterSpacing * block.size
        block.language = style.language
        block.color = Self.rgba(style.color)
        block.outlineWidth = max(0, style.outlineWidth * h)
        block.outlineColor = Self.rgba(style.outlineColor)
        block.shadowOffset = max(0, style.shadowOffset * h)
        block.shadowColor = Self.rgba(style.shadowColor)
        block.freeShadow = style.shadow.map {
            TextBlock.FreeShadow(x: $0.x * h, y: $0.y * h, blur: max(0, $0.blur * h))
        }
        block.boxColor = style.boxColor.map(Self.rgba)
        block.boxPadding = max(0, style.boxPadding * h)
        block.boxRadius = min(max(style.boxRadius ?? 0, 0), 0.5)
        block.outlinesBox = style.outlinesBox == true
        let column: Int
        switch layer.placement {
        case let .anchor(anchor, marginX, marginY):
            let mx = max(0, marginX) * w, my = max(0, marginY) * h
            (column, row) = (anchor.column, anchor.row)
            (x, y) = ([mx, w / 2, w - mx][column], [my, h / 2, h - my][row])
            (block.width, block.height) = (max(1, w - 2 * mx), max(1, h - 2 * my))
            clip = nil
        case let .anchoredIn(anchor, rect):
            let r = Self.output(rect, frame)
            (column, row) = (anchor.column, anchor.row)
            (x, y) = ([r.x, r.x + r.width / 2, r.x + r.width][column], [r.y, r.y + r.height / 2, r.y + r.height][row])
            (block.width, block.height) = (max(1, r.width), max(1, r.height))
            clip = nil
        case let .region(rect):
            let r = Self.output(rect, frame)
            column = [TextStyle.Alignment.left: 0, .center: 1, .right: 2][style.alignment] ?? 1
            row = 0
            (x, y) = ([r.x, r.x + r.width / 2, r.x + r.width][column], r.y)
            (block.width, block.height) = (max(1, r.width), max(1, r.height))
            clip = block.freeShadow.map { Self.reaching(r, $0) } ?? r
        }
        self.column = column
        block.alignment = [TextBlock.Alignment.left, .center, .right][column]
        self.block = block
    }

    /// `region` widened to hold what a text in it casts as `shadow`: the region moved by the shadow's offsets and
    /// grown by three deviations of its blur, so the shadow is not cut at the region (nor is text overflowing into
    /// the strip it adds).
    private static func reaching(_ region: Rect, _ shadow: TextBlock.FreeShadow) -> Rect {
        let reach = 3 * shadow.blur
        let left = min(region.x, region.x + shadow.x - reach), top = min(region.y, region.y + shadow.y - reach)
        let right = max(region.x + region.width, region.x + region.width + shadow.x + reach)
        let bottom = max(region.y + region.height, region.y + region.height + shadow.y + reach)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A canvas rectangle in output pixels.
    private static func output(_ rect: Rect, _ frame: Geometry) -> Rect {
        Rect(x: rect.x * frame.scaleX, y: rect.y * frame.scaleY, width: rect.width * frame.scaleX,
             height: rect.height * frame.scaleY)
    }

    /// A model colour for the text library.
    static func rgba(_ color: Color) -> TextBlock.RGBA {
        TextBlock.RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
