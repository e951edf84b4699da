import Composition
import MediaCore

/// Builds the libass script for a composition's text layers at the output size: a header with `PlayResX/Y` equal to
/// the output size (so script pixels are output pixels and text is drawn at full output resolution), one style per
/// distinct `TextStyle`, and one event per layer (per revealed character for typewriter layers) with override tags
/// for placement and animation.
///
/// libass counts time in whole milliseconds: layer edges and frame times are rounded to the nearest millisecond
/// (half away from zero), so a layer edge within half a millisecond of a frame time may land on either side of it.
struct TextScript: Sendable, Hashable {
    /// One event: the Matroska-style fields after the read order, and its time in milliseconds.
    struct Event: Sendable, Hashable {
        var fields: String
        var start: Int64
        var duration: Int64
    }

    /// The `[Script Info]`, `[V4+ Styles]` and `[Events]` header.
    var header: String
    /// The events, in layer order.
    var events: [Event]

    /// The script for `layers` drawn on `width` x `height` output frames; region rectangles are in a canvas of
    /// `canvasWidth` x `canvasHeight` pixels and scaled to the output.
    init(layers: [TextLayer], width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) {
        var styles: [TextStyle: String] = [:]
        var styleLines: [String] = []
        for layer in layers where styles[layer.style] == nil {
            let name = "S\(styles.count)"
            styles[layer.style] = name
            styleLines.append(Self.styleLine(layer.style, name: name, height: height))
        }
        header = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: \(width)
            PlayResY: \(height)
            WrapStyle: 0
            ScaledBorderAndShadow: yes
            YCbCr Matrix: None

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, \
            Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, \
            MarginL, MarginR, MarginV, Encoding
            \(styleLines.joined(separator: "\n"))

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        let frame = Geometry(width: Double(width), height: Double(height),
                          scaleX: canvasWidth > 0 ? Double(width) / Double(canvasWidth) : 1,
                          scaleY: canvasHeight > 0 ? Double(height) / Double(canvasHeight) : 1)
        events = layers.flatMap { layer in
            Self.events(for: layer, style: styles[layer.style] ?? "S0", frame: frame)
        }
    }

    /// The output frame and the canvas-to-output scale.
    private struct Geometry {
        var width: Double
        var height: Double
        var scaleX: Double
        var scaleY: Double
    }

    /// `time` in whole milliseconds, rounded to the nearest (half away from zero).
    static func milliseconds(_ time: MediaTime) -> Int64 {
        time.convertScale(1000, method: .roundHalfAwayFromZero).value
    }

    /// `&HAABBGGRR` with libass's inverted alpha (00 opaque).
    static func assColor(_ color: Color) -> String {
        let c = color.rgba8
        return "&H" + [255 - c.alpha, c.blue, c.green, c.red].map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// A number for the script, with at most three decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), rounded.magnitude < 1e12 { return String(Int64(rounded)) }
        return String(rounded)
    }

    private static func styleLine(_ style: TextStyle, name: String, height: Int) -> String {
        let h = Double(height)
        let font = style.fontFamily.replacingOccurrences(of: ",", with: " ")
        let boxed = style.boxColor != nil
        let fields: [String] = [
            name, font, number(max(1, style.size * h)), assColor(style.color), assColor(style.color),
            assColor(style.boxColor ?? style.outlineColor), assColor(style.shadowColor), style.bold ? "-1" : "0",
            style.italic ? "-1" : "0", "0", "0", "100", "100", "0", "0", boxed ? "3" : "1",
            number(max(0, (boxed ? style.boxPadding : style.outlineWidth) * h)), number(max(0, style.shadowOffset * h)),
            "2", "0", "0", "0", "1",
        ]
        return "Style: " + fields.joined(separator: ",")
    }

    private static func events(for layer: TextLayer, style: String, frame: Geometry) -> [Event] {
        let range = layer.timeRange
        guard range.isValid, range.start.isNumeric, range.duration > .zero else { return [] }
        let start = milliseconds(range.start)
        let end = range.end.isNumeric ? milliseconds(range.end) : Int64(1) << 50
        guard end > start else { return [] }
        let (prefix, marginL, marginR) = placementTags(layer, frame: frame)
        let margins = "\(Int((marginL).rounded())),\(Int((marginR).rounded())),0"
        func event(_ text: String, from: Int64, to: Int64) -> Event {
            Event(fields: "0,\(style),,\(margins),,{\(prefix)}\(text)", start: from, duration: to - from)
        }
        guard case let .typewriter(duration) = layer.animation else {
            return [event(escape(Substring(layer.text)), from: start, to: end)]
        }
        // One event per revealed character; the rest of the text is laid out but transparent, so lines never move.
        let characters = Array(layer.text.filter { $0 != "\r" })
        let visible = characters.indices.filter { !characters[$0].isNewline }
        guard !visible.isEmpty else { return [] }
        var result: [Event] = []
        for (step, index) in visible.enumerated() {
            let from = step == 0 ? start : start + milliseconds(duration.multiplied(by: Int64(step), dividedBy: Int64(visible.count)))
            let to = step + 1 < visible.count
                ? start + milliseconds(duration.multiplied(by: Int64(step + 1), dividedBy: Int64(visible.count))) : end
            let shown = escape(Substring(String(characters[...index])))
            let hidden = escape(Substring(String(characters[(index + 1)...])))
            let (clampedFrom, clampedTo) = (min(from, end), min(to, end))
            guard clampedTo > clampedFrom else { continue }
            result.append(event(hidden.isEmpty ? shown : shown + "{\\1a&HFF&\\3a&HFF&\\4a&HFF&}" + hidden,
                                from: clampedFrom, to: clampedTo))
        }
        return result
    }

    /// The override tags for placement and animation, and the left/right margins that set the wrapping width.
    private static func placementTags(_ layer: TextLayer, frame: Geometry) -> (String, Double, Double) {
        let w = frame.width, h = frame.height
        var alignment: Int, x: Double, y: Double, marginL: Double, marginR: Double
        var clip = ""
        switch layer.placement {
        case let .anchor(anchor, marginX, marginY):
            let mx = max(0, marginX) * w, my = max(0, marginY) * h
            alignment = [7, 4, 1][anchor.row] + anchor.column
            x = [mx, w / 2, w - mx][anchor.column]
            y = [my, h / 2, h - my][anchor.row]
            marginL = mx
            marginR = mx
        case let .region(rect):
            let left = rect.x * frame.scaleX, top = rect.y * frame.scaleY
            let right = (rect.x + rect.width) * frame.scaleX, bottom = (rect.y + rect.height) * frame.scaleY
            let column = [TextStyle.Alignment.left: 0, .center: 1, .right: 2][layer.style.alignment] ?? 1
            alignment = 7 + column
            x = [left, (left + right) / 2, right][column]
            y = top
            marginL = max(0, left)
            marginR = max(0, w - right)
            clip = "\\clip(\(number(left)),\(number(top)),\(number(right)),\(number(bottom)))"
        }
        var tags = "\\an\(alignment)"
        switch layer.animation {
        case .none, .typewriter:
            tags += "\\pos(\(number(x)),\(number(y)))" + clip
        case let .fade(fadeIn, fadeOut):
            tags += "\\pos(\(number(x)),\(number(y)))" + clip
                + "\\fad(\(max(0, milliseconds(fadeIn))),\(max(0, milliseconds(fadeOut))))"
        case let .slide(edge, duration):
            // Start a whole frame away, which is off screen whatever the text's size.
            let (fromX, fromY): (Double, Double) = switch edge {
            case .left: (x - w, y)
            case .right: (x + w, y)
            case .top: (x, y - h)
            case .bottom: (x, y + h)
            }
            tags += "\\move(\(number(fromX)),\(number(fromY)),\(number(x)),\(number(y)),0,\(max(1, milliseconds(duration))))"
        case let .pop(duration):
            let total = max(2, milliseconds(duration)), grow = total * 6 / 10
            tags += "\\pos(\(number(x)),\(number(y)))" + clip
                + "\\fscx1\\fscy1\\t(0,\(grow),\\fscx115\\fscy115)\\t(\(grow),\(total),\\fscx100\\fscy100)"
        }
        return (tags, marginL, marginR)
    }

    /// User text made literal for libass: braces escaped, a backslash kept from starting an escape by a word
    /// joiner after it, line breaks as `\N`.
    static func escape(_ text: Substring) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\u{2060}"
            case "{": result += "\\{"
            case "}": result += "\\}"
            case "\r": break
            case "\n", "\r\n": result += "\\N"
            default: result.append(character)
            }
        }
        return result
    }
}
