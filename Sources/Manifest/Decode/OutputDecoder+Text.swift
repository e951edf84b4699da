import Foundation
import Composition
import MediaCore
import YAML

/// Titles and captions: their text, timing, placement and look.
extension OutputDecoder {
    /// Anchors by their manifest names: `top-left` ... `bottom-right`, `top`, `center`, `bottom`, `left`, `right`.
    static let anchors: [String: TextPlacement.Anchor] = [
        "top-left": .topLeft, "top": .top, "top-right": .topRight, "left": .left, "center": .center,
        "right": .right, "bottom-left": .bottomLeft, "bottom": .bottom, "bottom-right": .bottomRight,
    ]

    /// The anchor named by `node`, with a did-you-mean for near misses.
    func anchor(_ node: YAMLNode, _ what: String, reader: inout NodeReader) -> TextPlacement.Anchor? {
        let names = Self.anchors.keys.sorted()
        guard let name = reader.choice(node, what, names) else { return nil }
        return Self.anchors[name]
    }

    /// A text look as a manifest gives it: the style, and what only the canvas and the installed fonts settle.
    struct TextLook {
        /// The style, with `size` set when the manifest gives a plain fraction.
        var style: TextStyle
        /// The size as written.
        var size: TextSize?
        /// Where `font` is written.
        var fontLocation: SourceLocation?
        /// `min_size` as written.
        var minimumSize: TextSize?
    }

    /// The names `animate` takes; its slides are named after the edge the text comes from.
    static let textAnimations = ["none", "fade", "slide", "slide-left", "slide-right", "slide-top", "slide-bottom",
                                 "pop", "typewriter"]
    /// The names `enter` and `exit` take: slides and wipes are named after the way they move, as transitions name
    /// theirs (`slide-left` enters from the right and leaves past the left edge).
    static let appearances = ["none", "fade", "pop", "zoom", "typewriter", "slide-left", "slide-right", "slide-up",
                              "slide-down", "wipe-left", "wipe-right", "wipe-up", "wipe-down"]
    /// `animate`'s slides by the way they move.
    static let legacySlides = ["slide": "slide-right", "slide-left": "slide-right", "slide-right": "slide-left",
                               "slide-top": "slide-down", "slide-bottom": "slide-up"]

    /// A text look from the style keys of `fields`, on top of `base`.
    func textLook(_ fields: [String: YAMLNode], base: TextStyle, reader: inout NodeReader) -> TextLook {
        var look = TextLook(style: base)
        if let node = fields["font"] { font(node, into: &look, reader: &reader) }
        if let node = fields["size"] {
            look.size = textSize(node, "size", reader: &reader)
            if case .heightFraction(let value) = look.size { look.style.size = value }
        }
        if let node = fields["min_size"] { look.minimumSize = textSize(node, "min_size", reader: &reader) }
        look.style = textStyle(fields, base: look.style, reader: &reader)
        look.style = textLayout(fields, base: look.style, reader: &reader)
        return look
    }

    /// `shadow` written as `{ color, x, y, blur }` (fractions of the frame height, x to the right and y down; blur
    /// the standard deviation of its softening) on top of `base`'s shadow colour.
    private func textShadow(_ node: YAMLNode, base: TextStyle, reader: inout NodeReader) -> TextStyle {
        var style = base
        guard let fields = reader.mapping(node, in: "'shadow'", keys: ["color", "x", "y", "blur"]) else { return style }
        if let value = fields["color"].flatMap({ reader.color($0, "color") }), let color = Color(parsing: value) {
            style.shadowColor = color
        }
        var shadow = TextShadow(x: 0.003, y: 0.003, blur: 0)
        if let node = fields["x"], let value = reader.number(node, "x", in: -0.1...0.1) { shadow.x = value }
        if let node = fields["y"], let value = reader.number(node, "y", in: -0.1...0.1) { shadow.y = value }
        if let node = fields["blur"], let value = reader.number(node, "blur", in: 0...0.1) { shadow.blur = value }
        style.shadow = shadow
        return style
    }

    /// The layout keys of `fields` on top of `base`: `fit`, `max_lines`, `line_spacing`, `letter_spacing`,
    /// `language`.
    private func textLayout(_ fields: [String: YAMLNode], base: TextStyle, reader: inout NodeReader) -> TextStyle {
        var style = base
        if let node = fields["fit"], let value = reader.choice(node, "fit", TextFitting.allCases.map(\.rawValue)) {
            style.fit = TextFitting(rawValue: value) ?? style.fit
        }
        if let node = fields["max_lines"], let value = reader.integer(node, "max_lines", in: 1...100) {
            style.maximumLines = value
        }
        if let node = fields["line_spacing"], let value = reader.number(node, "line_spacing", in: 0.5...4) {
            style.lineSpacing = value
        }
        if let node = fields["letter_spacing"], let value = reader.number(node, "letter_spacing", in: -0.2...1) {
            style.letterSpacing = value
        }
        if let node = fields["language"], let value = reader.string(node, "language") {
            if LanguageCode.normalized(value) == nil {
                reader.error("unknown language '\(value)' for 'language'; use a BCP 47 tag such as 'de', 'ja' or 'pt-BR'",
                             at: node)
            } else {
                style.language = value
            }
        }
        return style
    }

    /// `font`: a family fontconfig knows, or a font file relative to the manifest (`.ttf`, `.otf`, `.ttc`).
    private func font(_ node: YAMLNode, into look: inout TextLook, reader: inout NodeReader) {
        guard let value = reader.string(node, "font") else { return }
        let lower = value.lowercased()
        let isFile = [".ttf", ".otf", ".ttc"].contains { lower.hasSuffix($0) }
        if value.trimmingCharacters(in: .whitespaces).isEmpty {
            reader.error("'font' is empty; give a family such as 'DejaVu Sans' or a font file such as 'fonts/Brand.otf'",
                         at: node)
        } else if isFile {
            look.style.fontFile = ManifestFile.resolve(value, against: manifest.directory)
            look.style.fontFamily = value
            look.fontLocation = node.location
        } else if value.contains("/") || [".woff", ".woff2", ".pfb", ".pfa"].contains(where: { lower.hasSuffix($0) }) {
            reader.error("font file '\(value)' is not TrueType or OpenType; give a .ttf, .otf or .ttc file", at: node)
        } else {
            look.style.fontFamily = value
            look.style.fontFile = nil
            look.fontLocation = node.location
        }
    }

    /// `size`: `0.06` (of the frame height), `6%` (of the frame's shorter side) or `48px`.
    private func textSize(_ node: YAMLNode, _ what: String, reader: inout NodeReader) -> TextSize? {
        guard let text = reader.string(node, what) else { return nil }
        let size = TextSize(text)
        switch size {
        case .heightFraction(let value) where (0.005...1).contains(value),
             .shorterSidePercent(let value) where (0.5...100).contains(value),
             .pixels(let value) where value >= 1:
            return size
        default:
            reader.error("invalid text size '\(text)'; use a fraction of the frame height from 0.005 to 1, percent of its shorter side such as '6%', or pixels such as '48px'", at: node)
            return nil
        }
    }

    /// The colour, outline, shadow, box, weight and alignment keys of `fields`, on top of `base`.
    private func textStyle(_ fields: [String: YAMLNode], base: TextStyle, reader: inout NodeReader) -> TextStyle {
        var style = base
        if let node = fields["color"], let value = reader.color(node, "color"), let color = Self.color(value) {
            style.color = color
        }
        if let node = fields["outline"] {
            if node.bool == false {
                style.outlineWidth = 0
            } else if let value = reader.color(node, "outline"), let color = Color(parsing: value) {
                style.outlineColor = color
                if style.outlineWidth == 0 { style.outlineWidth = 0.003 }
            }
        }
        if let node = fields["outline_width"], let value = reader.number(node, "outline_width", in: 0...0.1) {
            style.outlineWidth = value
        }
        if let node = fields["shadow"], node.pairs != nil {
            style = textShadow(node, base: style, reader: &reader)
        } else if let node = fields["shadow"] {
            if node.bool == false {
                style.shadowOffset = 0
                style.shadow = nil
            } else if node.bool == true {
                style.shadowOffset = max(style.shadowOffset, 0.003)
            } else if let value = reader.color(node, "shadow"), let color = Color(parsing: value) {
                style.shadowColor = color
                style.shadowOffset = max(style.shadowOffset, 0.003)
            }
        }
        if let node = fields["box"] {
            if node.bool == false {
                style.boxColor = nil
            } else if let value = reader.color(node, "box"), let color = Color(parsing: value) {
                style.boxColor = color
            }
        }
        if let node = fields["box_radius"], let length = reader.length(node, "box_radius") {
            if case .percent(let value) = length, value >= 0, value <= 50 {
                style.boxRadius = value / 100
            } else {
                reader.error("invalid box_radius '\(node.string ?? "\(length)")'; use percent of the line's box height "
                             + "up to 50% ('50%' rounds its ends into a pill)", at: node)
            }
        }
        if let node = fields["bold"], let value = reader.bool(node, "bold") { style.bold = value }
        if let node = fields["italic"], let value = reader.bool(node, "italic") { style.italic = value }
        if let node = fields["align"], let value = reader.choice(node, "alignment", TextStyle.Alignment.allCases.map(\.rawValue)) {
            style.alignment = TextStyle.Alignment(rawValue: value) ?? style.alignment
        }
        // An outline written beside a box draws around the box: the box would otherwise leave it out.
        if fields["outline"] != nil || fields["outline_width"] != nil { style.outlinesBox = true }
        if style.boxColor == nil || style.outlineWidth <= 0 { style.outlinesBox = nil }
        return style
    }

    /// A colour from manifest text (already checked by `NodeReader.color`).
    static func color(_ text: String) -> Color? {
        Color(parsing: text)
    }

    /// A title: `{ text, at, duration, position | anchor | region, animate | enter, exit, animate_duration,
    /// style keys }`.
    func title(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> TitleSpec? {
        guard let fields = reader.mapping(node, in: "title", keys: ManifestSchema.title, required: ["text"]),
              let textNode = fields["text"], let text = reader.string(textNode, "text") else { return nil }
        var spec = TitleSpec(text: text, location: textNode.location, at: .zero, duration: nil, position: "bottom",
                             animate: "none", font: TextStyle().fontFamily, size: .heightFraction(0.06), color: "white")
        if let node = fields["at"], let time = reader.time(node, "at", frameRate: rate) { spec.at = time }
        if let node = fields["duration"], let time = reader.time(node, "duration", frameRate: rate) {
            if time.value <= 0 { reader.error("'duration' must be above 0", at: node) } else { spec.duration = time }
        }
        for key in ["position", "anchor"] {
            if let node = fields[key], let anchor = anchor(node, key, reader: &reader) {
                spec.anchor = anchor
                spec.position = node.string ?? spec.position
            }
        }
        if let node = fields["region"] { spec.region = region(node, "region", reader: &reader) }
        readAnimations(fields, rate: rate, into: &spec, reader: &reader)
        spec.motion = motion(fields, rate: rate, appearances: false, reader: &reader)
        let look = textLook(fields, base: TextStyle(), reader: &reader)
        spec.style = look.style
        spec.fontLocation = look.fontLocation
        spec.font = look.style.fontFamily
        spec.size = look.size ?? .heightFraction(look.style.size)
        spec.minimumSize = look.minimumSize
        if let node = fields["safe_area"] { spec.safeArea = safeArea(node, reader: &reader) ?? spec.safeArea }
        if let node = fields["color"], let text = node.string { spec.color = text }
        return spec
    }

    /// A title's entrance and exit: `animate` (the older key, which `fade` also makes the exit), or `enter` and
    /// `exit`, and `animate_duration`.
    private func readAnimations(_ fields: [String: YAMLNode], rate: FrameRate?, into spec: inout TitleSpec,
                                reader: inout NodeReader) {
        if let node = fields["enter"], fields["animate"] != nil {
            reader.error("a title sets both 'animate' and 'enter'; use one", at: node)
        }
        if let node = fields["animate"],
           let (name, duration) = textAnimation(node, "animation", Self.textAnimations, rate: rate, reader: &reader) {
            (spec.animate, spec.enterDuration) = (Self.legacySlides[name] ?? name, duration)
            // `animate: fade` alone has always faded out as well.
            if name == "fade" && fields["exit"] == nil { (spec.exit, spec.exitDuration) = (name, duration) }
        }
        if let node = fields["enter"],
           let (name, duration) = textAnimation(node, "entrance", Self.appearances, rate: rate, reader: &reader) {
            (spec.animate, spec.enterDuration) = (name, duration)
        }
        if let node = fields["exit"],
           let (name, duration) = textAnimation(node, "exit", Self.appearances, rate: rate, reader: &reader) {
            (spec.exit, spec.exitDuration) = (name, duration)
        }
        if let node = fields["animate_duration"], let time = reader.time(node, "animate_duration", frameRate: rate) {
            spec.animationDuration = time
        }
    }

    /// A title's `safe_area`: a percentage below 50% of each side, or pixels; nil (after an error) otherwise.
    private func safeArea(_ node: YAMLNode, reader: inout NodeReader) -> Length? {
        guard let value = reader.length(node, "safe_area") else { return nil }
        switch value {
        case .percent(let percent) where (0..<50).contains(percent): return value
        case .pixels(let pixels) where pixels >= 0: return value
        default:
            reader.error("'safe_area' must be from 0% to below 50% of each side, or pixels such as '24px'", at: node)
            return nil
        }
    }

    /// One of `names`, or `{ type, duration }`: the name and the duration, if given.
    private func textAnimation(_ node: YAMLNode, _ what: String, _ names: [String], rate: FrameRate?,
                               reader: inout NodeReader) -> (String, MediaTime?)? {
        guard !node.isMapping else {
            guard let fields = reader.mapping(node, in: "'\(what)'", keys: ManifestSchema.textAnimation, required: ["type"]),
                  let typeNode = fields["type"], let name = reader.choice(typeNode, what, names) else {
                return nil
            }
            guard let durationNode = fields["duration"] else { return (name, nil) }
            guard let duration = reader.time(durationNode, "duration", frameRate: rate) else { return nil }
            return (name, duration)
        }
        return reader.choice(node, what, names).map { ($0, nil) }
    }

    /// Captions: a file path, or `{ file, offset, position, style keys }`.
    func captions(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> CaptionSpec? {
        if node.string != nil, !node.isNull {
            guard let path = reader.string(node, "captions") else { return nil }
            return CaptionSpec(path: ManifestFile.resolve(path, against: manifest.directory), location: node.location,
                               offset: .zero, style: .caption, anchor: .bottom)
        }
        guard let fields = reader.mapping(node, in: "captions", keys: ManifestSchema.captions, required: ["file"]),
              let fileNode = fields["file"], let path = reader.string(fileNode, "file") else { return nil }
        var spec = CaptionSpec(path: ManifestFile.resolve(path, against: manifest.directory), location: fileNode.location,
                               offset: .zero, style: .caption, anchor: .bottom)
        if let node = fields["offset"], let time = reader.time(node, "offset", frameRate: rate, allowsNegative: true) {
            spec.offset = time
        }
        if let node = fields["position"], let anchor = anchor(node, "position", reader: &reader) { spec.anchor = anchor }
        let look = textLook(fields, base: .caption, reader: &reader)
        (spec.style, spec.size, spec.fontLocation) = (look.style, look.size, look.fontLocation)
        if let node = fields["style"], reader.choice(node, "caption style", ["plain", "karaoke"]) == "karaoke" {
            spec.highlight = Color(red: 1, green: 0.8, blue: 0)
        }
        if let node = fields["highlight"], let value = reader.color(node, "highlight"), let color = Color(parsing: value) {
            spec.highlight = color
        }
        return spec
    }
}
