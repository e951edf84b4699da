import YAML

/// Checks the keys inside a template, used by an output or not: keys never hold variables, so a misspelled clip key
/// in a template nobody uses yet is still reported (values are checked when an output expands the template).
enum TemplateKeyCheck {
    static func check(_ template: YAMLNode, reader: inout NodeReader) {
        guard let pairs = template.pairs else { return }
        for pair in pairs {
            guard let key = pair.key.string else { continue }
            let value = pair.value
            switch key {
            case "intro", "outro":
                clip(value, reader: &reader)
            case "clips":
                for item in value.items ?? [] { clip(item, reader: &reader) }
            case "transition":
                if value.isMapping { _ = reader.mapping(value, in: "transition", keys: ManifestSchema.transition) }
            case "soundtrack":
                if value.isMapping { _ = reader.mapping(value, in: "soundtrack", keys: ManifestSchema.soundtrack) }
            case "overlays":
                for item in value.items ?? [value] where item.isMapping {
                    if let fields = reader.mapping(item, in: "overlay", keys: ManifestSchema.overlay) {
                        motion(fields, reader: &reader)
                    }
                }
            case "title", "titles":
                for item in value.items ?? [value] where item.isMapping {
                    if let fields = reader.mapping(item, in: "title", keys: ManifestSchema.title) {
                        motion(fields, reader: &reader)
                    }
                }
            case "captions":
                for item in value.items ?? [value] where item.isMapping {
                    _ = reader.mapping(item, in: "captions", keys: ManifestSchema.captions)
                }
            case "tracks":
                for item in value.items ?? [] where item.isMapping {
                    _ = reader.mapping(item, in: "track", keys: ManifestSchema.track)
                    for segment in item["segments"]?.items ?? [] where segment.isMapping {
                        _ = reader.mapping(segment, in: "segment", keys: ManifestSchema.segment)
                    }
                }
            case "background":
                if value.isMapping { _ = reader.mapping(value, in: "'background'", keys: ManifestSchema.background) }
            case "layers":
                for item in value.items ?? [] where item.isMapping {
                    if let fields = reader.mapping(item, in: "layer", keys: ManifestSchema.layer) {
                        motion(fields, reader: &reader)
                    }
                }
            default:
                break
            }
        }
    }

    private static func clip(_ node: YAMLNode, reader: inout NodeReader) {
        if let misplaced = OutputDecoder.sourceKeyInPlaceOfSource(node) {
            reader.error(OutputDecoder.misplacedSourceMessage(misplaced), at: misplaced)
            return
        }
        guard node.isMapping, let fields = reader.mapping(node, in: "clip", keys: ManifestSchema.clip) else { return }
        if let transition = fields["transition"], transition.isMapping {
            _ = reader.mapping(transition, in: "transition", keys: ManifestSchema.transition)
        }
        if let captions = fields["captions"], captions.isMapping {
            _ = reader.mapping(captions, in: "captions", keys: ManifestSchema.captions)
        }
        motion(fields, reader: &reader)
    }

    /// The keys inside `motion` keyframes, `zoom`, `pan`, `enter` and `exit`.
    private static func motion(_ fields: [String: YAMLNode], reader: inout NodeReader) {
        for keyframe in fields["motion"]?.items ?? [] where keyframe.isMapping {
            _ = reader.mapping(keyframe, in: "keyframe", keys: ManifestSchema.keyframe)
        }
        let nested = [("zoom", ManifestSchema.zoom), ("pan", ManifestSchema.pan), ("enter", ManifestSchema.appearance),
                      ("exit", ManifestSchema.appearance)]
        for (key, keys) in nested {
            if let node = fields[key], node.isMapping { _ = reader.mapping(node, in: "'\(key)'", keys: keys) }
        }
    }
}
