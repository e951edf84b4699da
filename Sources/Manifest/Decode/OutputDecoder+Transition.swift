import Composition
import MediaCore
import YAML

/// Transitions: a style name, or `{ type, duration, ease, color, image, softness }`.
extension OutputDecoder {
    /// The default overlap of a transition that names no duration.
    static let defaultTransitionDuration = MediaTime(value: 1, timescale: 2)

    /// `crossfade` (half a second), or a mapping with the style's options; a wrong option is a positioned error.
    func transition(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> TransitionSpec? {
        let kinds = TransitionSpec.Kind.allCases.map(\.rawValue)
        if node.string != nil {
            guard let text = reader.choice(node, "transition", kinds), let kind = TransitionSpec.Kind(rawValue: text) else {
                return nil
            }
            if kind == .luma {
                reader.error("a 'luma' transition needs 'image', a grayscale picture; write "
                             + "'{ type: luma, image: wipes/heart.png }'", at: node)
                return nil
            }
            var spec = TransitionSpec(kind: kind, duration: kind == .cut ? .zero : Self.defaultTransitionDuration)
            spec.location = node.location
            return spec
        }
        guard let fields = reader.mapping(node, in: "transition", keys: ManifestSchema.transition, required: ["type"]),
              let typeNode = fields["type"], let text = reader.choice(typeNode, "transition", kinds),
              let kind = TransitionSpec.Kind(rawValue: text) else { return nil }
        var spec = TransitionSpec(kind: kind, duration: kind == .cut ? .zero : Self.defaultTransitionDuration)
        spec.location = node.location
        if let node = fields["duration"], let time = reader.time(node, "duration", frameRate: rate), kind != .cut {
            spec.duration = time
        }
        if let node = fields["ease"], let ease = ease(node, reader: &reader) { spec.ease = ease }
        styleOptions(fields, of: kind, named: text, into: &spec, reader: &reader)
        return lumaImage(fields["image"], of: kind, named: text, at: node, rate: rate, into: &spec, reader: &reader)
            ? spec : nil
    }

    /// `color` (dips) and `softness` (shaped transitions), each an error on a style it is not for.
    private func styleOptions(_ fields: [String: YAMLNode], of kind: TransitionSpec.Kind, named text: String,
                              into spec: inout TransitionSpec, reader: inout NodeReader) {
        if let node = fields["color"] {
            if kind != .dip {
                reader.error("'color' is for 'dip' transitions, not '\(text)'", at: node)
            } else if let color = reader.color(node, "color") {
                spec.color = color
            }
        }
        if let node = fields["softness"] {
            if !kind.isMatte {
                let mattes = TransitionSpec.Kind.allCases.filter(\.isMatte).map { "'\($0.rawValue)'" }
                reader.error("'softness' is for the shaped transitions (" + mattes.joined(separator: ", ")
                             + "), not '\(text)'", at: node)
            } else if let value = reader.number(node, "softness", in: 0...1) {
                spec.softness = value
            }
        }
    }

    /// `image`, which a `luma` transition needs (a picture file) and no other style takes; false when the
    /// transition cannot be used.
    private func lumaImage(_ image: YAMLNode?, of kind: TransitionSpec.Kind, named text: String, at node: YAMLNode,
                           rate: FrameRate?, into spec: inout TransitionSpec, reader: inout NodeReader) -> Bool {
        guard let image else {
            if kind == .luma {
                reader.error("a 'luma' transition needs 'image', a grayscale picture such as 'wipes/heart.png'", at: node)
                return false
            }
            return true
        }
        if kind != .luma {
            reader.error("'image' is for 'luma' transitions, not '\(text)'", at: image)
        } else if let source = source(image, rate: rate, reader: &reader) {
            guard case .file = source else {
                reader.error("the 'image' of a 'luma' transition must be a picture file, not a \(source)", at: image)
                return false
            }
            spec.image = source
        }
        return true
    }

    /// A transition on the last body clip needs a clip after it: the outro.
    func checkLastTransition(_ spec: OutputSpec, fields: [String: YAMLNode], reader: inout NodeReader) {
        guard spec.outro == nil, let last = spec.clips.last?.transition, let location = last.location,
              let node = fields["clips"]?.items?.last?["transition"], node.location == location else { return }
        reader.error("the last clip's 'transition' joins it to nothing; a clip's transition leads into the next clip "
                     + "(or the outro)", at: node)
    }

    /// A timing function: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` or `cubic-bezier(x1, y1, x2, y2)`.
    func ease(_ node: YAMLNode, reader: inout NodeReader) -> TimingFunction? {
        guard let text = reader.string(node, "ease") else { return nil }
        if let function = TimingFunction(css: text) { return function }
        let names = ["linear", "ease", "ease-in", "ease-out", "ease-in-out"]
        if text.hasPrefix("cubic-bezier") {
            reader.error("invalid ease '\(text)'; write 'cubic-bezier(x1, y1, x2, y2)' with four numbers, x1 and x2 "
                         + "from 0 to 1", at: node)
        } else if let guess = Suggestion.closest(to: text, among: names) {
            reader.error("unknown ease '\(text)'; did you mean '\(guess)'?", at: node)
        } else {
            reader.error("unknown ease '\(text)'; use " + names.map { "'\($0)'" }.joined(separator: ", ")
                         + " or 'cubic-bezier(x1, y1, x2, y2)'", at: node)
        }
        return nil
    }
}
