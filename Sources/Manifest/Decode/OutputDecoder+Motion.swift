import Composition
import MediaCore
import YAML

/// Movement of pictures: `motion` keyframes, the `zoom` and `pan` shorthands, and `enter` / `exit`.
extension OutputDecoder {
    /// How much `zoom: in` / `out` and `pan` enlarge the picture.
    static let kenBurnsScale = 1.2
    /// How long an entrance or exit takes unless it says.
    static let defaultAppearanceDuration = MediaTime(value: 1, timescale: 2)

    /// The motion an item's `fields` ask for (`enter` and `exit` only when `appearances`); nil when they ask for none.
    /// `motion`, `zoom` and `pan` exclude each other.
    func motion(_ fields: [String: YAMLNode], rate: FrameRate?, appearances: Bool, reader: inout NodeReader) -> Motion? {
        let movers = ManifestSchema.motion.compactMap { key in fields[key].map { (key, $0) } }
            .sorted { ($0.1.location.line, $0.1.location.column) < ($1.1.location.line, $1.1.location.column) }
        if movers.count > 1 {
            reader.error("'\(movers[1].0)' and '\(movers[0].0)' both move the picture; use one (write both movements "
                         + "as 'motion' keyframes)", at: movers[1].1)
        }
        var motion: Motion?
        if let (key, node) = movers.first {
            switch key {
            case "zoom": motion = zoom(node, reader: &reader)
            case "pan": motion = pan(node, reader: &reader)
            default: motion = keyframes(node, rate: rate, reader: &reader)
            }
        }
        guard appearances else { return motion }
        for key in ManifestSchema.appearances {
            guard let node = fields[key], let appearance = appearance(node, key, rate: rate, reader: &reader) else { continue }
            var updated = motion ?? Motion(location: node.location)
            if key == "enter" { updated.enter = appearance } else { updated.exit = appearance }
            motion = updated
        }
        return motion
    }

    /// Opacity written as ramps (`opacity: [...]`) and animated by the motion too would fight; that is an error.
    func checkOpacity(_ motion: Motion?, ramped: Bool, _ fields: [String: YAMLNode], reader: inout NodeReader) {
        guard ramped, let motion, motion.animatesOpacity, let node = fields["opacity"] else { return }
        reader.error("'opacity' ramps and the opacity in 'motion' / 'enter' / 'exit' both animate the opacity; set it "
                     + "in one place", at: node)
    }

    /// A list of keyframes.
    private func keyframes(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> Motion? {
        guard let items = reader.list(node, "motion") else { return nil }
        if items.isEmpty {
            reader.error("'motion' needs at least one keyframe such as '{ at: end, scale: 1.2 }'", at: node)
            return nil
        }
        let keyframes = items.compactMap { keyframe($0, rate: rate, reader: &reader) }
        return keyframes.count == items.count ? Motion(keyframes: keyframes, location: node.location) : nil
    }

    /// One keyframe: `at` and any of the animated keys.
    private func keyframe(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> MotionKeyframe? {
        guard let fields = reader.mapping(node, in: "keyframe", keys: ManifestSchema.keyframe, required: ["at"]),
              let atNode = fields["at"], let at = keyframeTime(atNode, rate: rate, reader: &reader) else { return nil }
        var keyframe = MotionKeyframe(at: at, location: node.location)
        var valid = true
        func read<T>(_ key: String, _ parse: (YAMLNode, inout NodeReader) -> T?) -> T? {
            guard let node = fields[key] else { return nil }
            let value = parse(node, &reader)
            if value == nil { valid = false }
            return value
        }
        keyframe.scale = read("scale") { $1.number($0, "scale", in: 0...100) }
        keyframe.x = read("x") { $1.length($0, "x") }
        keyframe.y = read("y") { $1.length($0, "y") }
        keyframe.anchor = read("anchor") { pictureAnchor($0, reader: &$1) }
        keyframe.rotate = read("rotate") { $1.number($0, "rotate", in: -36000...36000) }
        keyframe.crop = read("crop") { region($0, "crop", reader: &$1) }
        keyframe.opacity = read("opacity") { $1.number($0, "opacity", in: 0...1) }
        if let ease = read("ease", { ease($0, reader: &$1) }) { keyframe.ease = ease }
        return valid ? keyframe : nil
    }

    /// `start`, `end`, a time after the start, a negative time before the end, or a percentage of the item's length.
    private func keyframeTime(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> MotionKeyframe.Time? {
        guard let text = reader.string(node, "at") else { return nil }
        switch text {
        case "start": return .start
        case "end": return .end
        default: break
        }
        if text.hasSuffix("%") {
            guard let percent = try? TimeSyntax.parse(String(text.dropLast())), percent.value <= Int64(percent.timescale) * 100
            else {
                reader.error("invalid keyframe time '\(text)'; a percentage of the item's length is from 0% to 100%", at: node)
                return nil
            }
            return .fraction(percent)
        }
        guard let time = reader.time(node, "at", frameRate: rate, allowsNegative: true) else { return nil }
        return time < .zero ? .beforeEnd(-time) : .afterStart(time)
    }

    /// An anchor name, or `{ x, y }` in percent of the picture.
    func pictureAnchor(_ node: YAMLNode, reader: inout NodeReader) -> PictureAnchor? {
        if node.string != nil {
            return anchor(node, "anchor", reader: &reader).map(PictureAnchor.init)
        }
        guard let fields = reader.mapping(node, in: "'anchor'", keys: ManifestSchema.anchorPoint, required: ["x", "y"]),
              let xNode = fields["x"], let yNode = fields["y"] else { return nil }
        var values: [Double] = []
        for (key, node) in [("x", xNode), ("y", yNode)] {
            guard let length = reader.length(node, key) else { return nil }
            guard case .percent(let percent) = length else {
                reader.error("anchor '\(key)' is a percentage of the picture, such as '30%', not '\(length)'", at: node)
                return nil
            }
            values.append(percent / 100)
        }
        return PictureAnchor(x: values[0], y: values[1])
    }

    /// `in`, `out`, or `{ from, to, anchor, ease }`: a scale over the whole item.
    private func zoom(_ node: YAMLNode, reader: inout NodeReader) -> Motion? {
        var from = 1.0, to = Self.kenBurnsScale, anchor = PictureAnchor.center, ease = TimingFunction.linear
        if node.string != nil {
            guard let direction = reader.choice(node, "zoom", ["in", "out"]) else { return nil }
            if direction == "out" { (from, to) = (to, from) }
        } else {
            guard let fields = reader.mapping(node, in: "'zoom'", keys: ManifestSchema.zoom) else { return nil }
            if let node = fields["from"] { guard let value = reader.number(node, "from", in: 0...100) else { return nil }; from = value }
            if let node = fields["to"] { guard let value = reader.number(node, "to", in: 0...100) else { return nil }; to = value }
            if let node = fields["anchor"] { guard let value = pictureAnchor(node, reader: &reader) else { return nil }; anchor = value }
            if let node = fields["ease"] { guard let value = self.ease(node, reader: &reader) else { return nil }; ease = value }
        }
        var start = MotionKeyframe(at: .start, location: node.location)
        start.scale = from
        start.anchor = anchor
        var end = MotionKeyframe(at: .end, ease: ease, location: node.location)
        end.scale = to
        return Motion(keyframes: [start, end], location: node.location)
    }

    /// `{ from: left, to: right, scale, ease }`: the enlarged picture moves from showing one side to the other.
    private func pan(_ node: YAMLNode, reader: inout NodeReader) -> Motion? {
        guard let fields = reader.mapping(node, in: "'pan'", keys: ManifestSchema.pan, required: ["from", "to"]),
              let fromNode = fields["from"], let toNode = fields["to"],
              let from = anchor(fromNode, "from", reader: &reader), let to = anchor(toNode, "to", reader: &reader)
        else { return nil }
        var scale = Self.kenBurnsScale, ease = TimingFunction.linear
        if let node = fields["scale"] { guard let value = reader.number(node, "scale", in: 1...100) else { return nil }; scale = value }
        if let node = fields["ease"] { guard let value = self.ease(node, reader: &reader) else { return nil }; ease = value }
        // Scaling about the named point keeps that side of the picture where it was fitted.
        var start = MotionKeyframe(at: .start, location: node.location)
        start.scale = scale
        start.anchor = PictureAnchor(from)
        var end = MotionKeyframe(at: .end, ease: ease, location: node.location)
        end.anchor = PictureAnchor(to)
        return Motion(keyframes: [start, end], location: node.location)
    }

    /// `slide-left`, or `{ type, duration, ease }`.
    private func appearance(_ node: YAMLNode, _ key: String, rate: FrameRate?, reader: inout NodeReader) -> Appearance? {
        let kinds = Appearance.Kind.allCases.map(\.rawValue)
        let entering = key == "enter"
        var typeNode = node, fields: [String: YAMLNode] = [:]
        if node.string == nil {
            guard let mapping = reader.mapping(node, in: "'\(key)'", keys: ManifestSchema.appearance, required: ["type"]),
                  let type = mapping["type"] else { return nil }
            (typeNode, fields) = (type, mapping)
        }
        guard let text = reader.choice(typeNode, key, kinds), let kind = Appearance.Kind(rawValue: text) else { return nil }
        var appearance = Appearance(kind: kind, duration: Self.defaultAppearanceDuration,
                                    ease: Appearance.defaultEase(kind, entering: entering))
        if let node = fields["duration"] {
            guard let time = reader.time(node, "duration", frameRate: rate) else { return nil }
            guard time > .zero else {
                reader.error("'duration' of '\(key)' must be above 0", at: node)
                return nil
            }
            appearance.duration = time
        }
        if let node = fields["ease"] {
            guard let ease = ease(node, reader: &reader) else { return nil }
            appearance.ease = ease
        }
        return appearance
    }
}
