import Composition
import MediaCore

/// The events of one text layer: where its text sits, and how it enters, holds and leaves.
///
/// A layer becomes up to three phases, back to back in whole milliseconds: the entrance from its start, the hold,
/// and the exit ending at its end. Each phase is its own event (a typewriter phase one event per step), so an
/// entrance and an exit of any two kinds combine without fighting over libass's one `\move` or `\fad` per event.
extension TextScript {
    /// Where a layer's text sits: `\an` alignment, the anchor point in output pixels, the side margins that set its
    /// wrapping width, and for a region placement the rectangle (output pixels) it is clipped to.
    struct Anchoring {
        var alignment: Int
        var x: Double
        var y: Double
        var marginLeft: Double
        var marginRight: Double
        var clipRectangle: Rect? = nil

        /// `\pos` at the anchor point, with the clip.
        var position: String { "\\pos(\(number(x)),\(number(y)))" + (clipRectangle.map(TextScript.clip) ?? "") }
    }

    /// One event before it is numbered: override tags, escaped text, and its milliseconds.
    private struct Piece {
        var tags: String
        var body: String
        var from: Int64
        var to: Int64
    }

    /// Marks the rest of a typewriter line: laid out, but transparent in fill, outline (or box) and shadow.
    static let hiddenTags = "{\\1a&HFF&\\3a&HFF&\\4a&HFF&}"

    static func events(for layer: TextLayer, style: String, frame: Geometry) -> [Event] {
        let range = layer.timeRange
        guard range.isValid, range.start.isNumeric, range.duration > .zero else { return [] }
        let start = milliseconds(range.start)
        let end = range.end.isNumeric ? milliseconds(range.end) : Int64(1) << 50
        guard end > start else { return [] }
        let anchoring = anchoring(layer, frame: frame)
        let margins = "\(Int(anchoring.marginLeft.rounded())),\(Int(anchoring.marginRight.rounded())),0"
        let (entering, leaving) = phaseLengths(entrance: layer.animation, exit: layer.exit, total: end - start)
        let characters = Array(layer.text.filter { $0 != "\r" })
        var pieces = phase(layer.animation, leaving: false, characters: characters, from: start, to: start + entering,
                           anchoring: anchoring, frame: frame)
        pieces.append(Piece(tags: anchoring.position, body: escape(Substring(String(characters))),
                            from: start + entering, to: end - leaving))
        pieces += phase(layer.exit, leaving: true, characters: characters, from: end - leaving, to: end,
                        anchoring: anchoring, frame: frame)
        return pieces.filter { $0.to > $0.from }.map { piece in
            Event(fields: "0,\(style),,\(margins),,{\\an\(anchoring.alignment)\(piece.tags)}\(piece.body)",
                  start: piece.from, duration: piece.to - piece.from)
        }
    }

    /// The entrance's and the exit's lengths in milliseconds, shortened in proportion when together they are
    /// longer than the layer's `total`.
    static func phaseLengths(entrance: TextAnimation, exit: TextAnimation, total: Int64) -> (Int64, Int64) {
        let entering = max(0, milliseconds(entrance.duration)), leaving = max(0, milliseconds(exit.duration))
        guard entering + leaving > total else { return (entering, leaving) }
        let shortened = total * entering / (entering + leaving)
        return (shortened, total - shortened)
    }

    /// The events of one animated phase from `from` to `to`: `animation` entering, or leaving when `leaving`.
    private static func phase(_ animation: TextAnimation, leaving: Bool, characters: [Character], from: Int64,
                              to: Int64, anchoring: Anchoring, frame: Geometry) -> [Piece] {
        let length = to - from
        guard length > 0 else { return [] }
        let text = escape(Substring(String(characters)))
        let position = anchoring.position
        switch animation {
        case .none:
            return [Piece(tags: position, body: text, from: from, to: to)]
        case .fade:
            return [Piece(tags: position + (leaving ? "\\fad(0,\(length))" : "\\fad(\(length),0)"), body: text,
                          from: from, to: to)]
        case let .slide(edge, _):
            // A whole frame away is off screen whatever the text's size.
            let (x, y) = (anchoring.x, anchoring.y)
            let (awayX, awayY): (Double, Double) = switch edge {
            case .left: (x - frame.width, y)
            case .right: (x + frame.width, y)
            case .top: (x, y - frame.height)
            case .bottom: (x, y + frame.height)
            }
            let points = leaving ? [x, y, awayX, awayY] : [awayX, awayY, x, y]
            let move = "\\move(" + points.map(number).joined(separator: ",") + ",0,\(length))"
            return [Piece(tags: move, body: text, from: from, to: to)]
        case .pop:
            // In: from nothing past full size (60 % of the time), then back to it. Out: the same, backwards.
            let turn = leaving ? length * 4 / 10 : length * 6 / 10
            let tags = leaving
                ? "\\t(0,\(turn),\\fscx115\\fscy115)\\t(\(turn),\(length),\\fscx1\\fscy1)"
                : "\\fscx1\\fscy1\\t(0,\(turn),\\fscx115\\fscy115)\\t(\(turn),\(length),\\fscx100\\fscy100)"
            return [Piece(tags: position + tags, body: text, from: from, to: to)]
        case .typewriter:
            return typewriter(characters, leaving: leaving, from: from, length: length, tags: position)
        case .zoom:
            let tags = leaving ? "\\fad(0,\(length))\\t(0,\(length),\\fscx50\\fscy50)"
                : "\\fad(\(length),0)\\fscx50\\fscy50\\t(0,\(length),\\fscx100\\fscy100)"
            return [Piece(tags: position + tags, body: text, from: from, to: to)]
        case let .wipe(edge, _):
            let tags = "\\pos(\(number(anchoring.x)),\(number(anchoring.y)))"
                + wipe(toward: edge, leaving: leaving, length: length, anchoring: anchoring, frame: frame)
            return [Piece(tags: tags, body: text, from: from, to: to)]
        }
    }

    /// An animated `\clip` that uncovers (or covers, when `leaving`) the text's area, the whole frame or a region
    /// placement's rectangle, by an edge moving toward `edge`.
    private static func wipe(toward edge: TextAnimation.Edge, leaving: Bool, length: Int64, anchoring: Anchoring,
                             frame: Geometry) -> String {
        let whole = anchoring.clipRectangle ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let (left, top, right, bottom) = (whole.x, whole.y, whole.x + whole.width, whole.y + whole.height)
        // What shows while the edge is at the side it starts from (entering) or has reached (leaving): nothing, as
        // a zero-width (or zero-height) strip at that side.
        let strip: Rect = switch (edge, leaving) {
        case (.right, false), (.left, true): Rect(x: left, y: top, width: 0, height: bottom - top)
        case (.left, false), (.right, true): Rect(x: right, y: top, width: 0, height: bottom - top)
        case (.bottom, false), (.top, true): Rect(x: left, y: top, width: right - left, height: 0)
        case (.top, false), (.bottom, true): Rect(x: left, y: bottom, width: right - left, height: 0)
        }
        let (start, end) = leaving ? (whole, strip) : (strip, whole)
        return clip(start) + "\\t(0,\(length),\(clip(end)))"
    }

    /// `\clip(left,top,right,bottom)` of a rectangle in output pixels.
    static func clip(_ rect: Rect) -> String {
        "\\clip(" + [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].map(number).joined(separator: ",") + ")"
    }

    /// One event per step of a typewriter: the characters typed so far, then the rest laid out but transparent,
    /// so nothing moves as characters appear (or vanish, last first, when `leaving`).
    private static func typewriter(_ characters: [Character], leaving: Bool, from: Int64, length: Int64,
                                   tags: String) -> [Piece] {
        let visible = characters.indices.filter { !characters[$0].isNewline }
        let count = Int64(visible.count)
        return visible.indices.map { step in
            Piece(tags: tags, body: typed(characters, through: visible[leaving ? visible.count - 1 - step : step]),
                  from: from + length * Int64(step) / count, to: from + length * Int64(step + 1) / count)
        }
    }

    /// The characters up to index `last` shown, the rest laid out but transparent.
    static func typed(_ characters: [Character], through last: Int) -> String {
        let shown = escape(Substring(String(characters[...last])))
        let hidden = escape(Substring(String(characters[(last + 1)...])))
        return hidden.isEmpty ? shown : shown + hiddenTags + hidden
    }

    /// Where `layer` sits on the output frame.
    static func anchoring(_ layer: TextLayer, frame: Geometry) -> Anchoring {
        let w = frame.width, h = frame.height
        switch layer.placement {
        case let .anchor(anchor, marginX, marginY):
            let mx = max(0, marginX) * w, my = max(0, marginY) * h
            return Anchoring(alignment: [7, 4, 1][anchor.row] + anchor.column, x: [mx, w / 2, w - mx][anchor.column],
                             y: [my, h / 2, h - my][anchor.row], marginLeft: mx, marginRight: mx)
        case let .anchoredIn(anchor, rect):
            let left = rect.x * frame.scaleX, top = rect.y * frame.scaleY
            let right = (rect.x + rect.width) * frame.scaleX, bottom = (rect.y + rect.height) * frame.scaleY
            return Anchoring(alignment: [7, 4, 1][anchor.row] + anchor.column,
                             x: [left, (left + right) / 2, right][anchor.column],
                             y: [top, (top + bottom) / 2, bottom][anchor.row],
                             marginLeft: max(0, left), marginRight: max(0, w - right))
        case let .region(rect):
            let left = rect.x * frame.scaleX, top = rect.y * frame.scaleY
            let right = (rect.x + rect.width) * frame.scaleX, bottom = (rect.y + rect.height) * frame.scaleY
            let column = [TextStyle.Alignment.left: 0, .center: 1, .right: 2][layer.style.alignment] ?? 1
            return Anchoring(alignment: 7 + column, x: [left, (left + right) / 2, right][column], y: top,
                             marginLeft: max(0, left), marginRight: max(0, w - right),
                             clipRectangle: Rect(x: left, y: top, width: right - left, height: bottom - top))
        }
    }
}
