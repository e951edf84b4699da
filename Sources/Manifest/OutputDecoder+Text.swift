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

    /// A text style from the style keys of `fields`, on top of `base`.
    func textStyle(_ fields: [String: YAMLNode], base: TextStyle, reader: inout NodeReader) -> TextStyle {
        var style = base
        if let node = fields["font"], let value = reader.string(node, "font") { style.fontFamily = value }
        if let node = fields["size"], let value = reader.number(node, "size", in: 0.005...1) { style.size = value }
        if let node = fields["color"], let value = reader.color(node, "color"), let color = Self.color(value) {
            style.color = color
        }
        if let node = fields["outline"] {
            if node.bool == false {
                style.outlineWidth = 0
            } else if let value = reader.color(node, "outline"), let color = Self.color(value) {
                style.outlineColor = color
                if style.outlineWidth == 0 { style.outlineWidth = 0.003 }
            }
        }
        if let node = fields["outline_width"], let value = reader.number(node, "outline_width", in: 0...0.1) {
            style.outlineWidth = value
        }
        if let node = fields["shadow"] {
            if node.bool == false {
                style.shadowOffset = 0
            } else if node.bool == true {
                style.shadowOffset = max(style.shadowOffset, 0.003)
            } else if let value = reader.color(node, "shadow"), let color = Self.color(value) {
                style.shadowColor = color
                style.shadowOffset = max(style.shadowOffset, 0.003)
            }
        }
        if let node = fields["box"] {
            if node.bool == false {
                style.boxColor = nil
            } else if let value = reader.color(node, "box"), let color = Self.color(value) {
                style.boxColor = color
            }
        }
        if let node = fields["bold"], let value = reader.bool(node, "bold") { style.bold = value }
        if let node = fields["italic"], let value = reader.bool(node, "italic") { style.italic = value }
        if let node = fields["align"], let value = reader.choice(node, "alignment", TextStyle.Alignment.allCases.map(\.rawValue)) {
            style.alignment = TextStyle.Alignment(rawValue: value) ?? style.alignment
        }
        return style
    }

    /// A colour from manifest text (already checked by `NodeReader.color`).
    static func color(_ text: String) -> Color? {
        Color(parsing: text)
    }

    /// A title: `{ text, at, duration, position | anchor | region, animate, animate_duration, style keys }`.
    func title(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> TitleSpec? {
        guard let fields = reader.mapping(node, in: "title", keys: ManifestSchema.title, required: ["text"]),
              let textNode = fields["text"], let text = reader.string(textNode, "text") else { return nil }
        var spec = TitleSpec(text: text, location: textNode.location, at: .zero, duration: nil, position: "bottom",
                             animate: "none", font: TextStyle().fontFamily, size: 0.06, color: "white")
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
        if let node = fields["animate"],
           let value = reader.choice(node, "animation", ["none", "fade", "slide", "slide-left", "slide-right", "slide-top",
                                                         "slide-bottom", "pop", "typewriter"]) {
            spec.animate = value
        }
        if let node = fields["animate_duration"], let time = reader.time(node, "animate_duration", frameRate: rate) {
            spec.animationDuration = time
        }
        spec.style = textStyle(fields, base: TextStyle(), reader: &reader)
        spec.font = spec.style.fontFamily
        spec.size = spec.style.size
        if let node = fields["color"], let text = node.string { spec.color = text }
        return spec
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
        spec.style = textStyle(fields, base: .caption, reader: &reader)
        return spec
    }
}
