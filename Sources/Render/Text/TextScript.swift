import Composition
import MediaCore

/// Builds the libass script for a composition's text layers at the output size: a header with `PlayResX/Y` equal to
/// the output size (so script pixels are output pixels and text is drawn at full output resolution), one style per
/// distinct `TextStyle`, and per layer one event for each phase (entrance, hold, exit; per revealed character while
/// a typewriter types) with override tags for placement and animation (see `TextScript+Events.swift`).
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
    /// `canvasWidth` x `canvasHeight` pixels and scaled to the output. Each style's `fontFamily` is the name
    /// libass selects its face by. Moving layers get an event per frame of `frameDuration`.
    init(layers: [TextLayer], width: Int, height: Int, canvasWidth: Int, canvasHeight: Int,
         frameDuration: MediaTime = MediaTime(value: 1, timescale: 30)) {
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
            let style = styles[layer.style] ?? "S0"
            guard let motion = layer.motion else { return Self.events(for: layer, style: style, frame: frame) }
            return Self.movingEvents(for: layer, motion: motion, style: style, frame: frame, frameDuration: frameDuration)
        }
    }

    /// The output frame and the canvas-to-output scale.
    struct Geometry {
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
        return "&H" + [255 - c.alpha, c.blue, c.green, c.red].map { hexByte(Int($0)) }.joined()
    }

    /// Two uppercase hex digits of a value clamped to 0...255.
    static func hexByte(_ value: Int) -> String {
        let text = String(min(255, max(0, value)), radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }

    /// A number for the script, with at most three decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), rounded.magnitude < 1e12 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// A `Style:` line; Encoding -1 asks libass to find each line's base direction from its text (so a mostly
    /// Arabic line with a Latin word still reads right to left).
    private static func styleLine(_ style: TextStyle, name: String, height: Int) -> String {
        let h = Double(height)
        let font = style.fontFamily.replacingOccurrences(of: ",", with: " ")
        let boxed = style.boxColor != nil
        let fields: [String] = [
            name, font, number(max(1, style.size * h)), assColor(style.color), assColor(style.color),
            assColor(style.boxColor ?? style.outlineColor), assColor(style.shadowColor), style.bold ? "-1" : "0",
            style.italic ? "-1" : "0", "0", "0", "100", "100", "0", "0", boxed ? "3" : "1",
            number(max(0, (boxed ? style.boxPadding : style.outlineWidth) * h)), number(max(0, style.shadowOffset * h)),
            "2", "0", "0", "0", "-1",
        ]
        return "Style: " + fields.joined(separator: ",")
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
