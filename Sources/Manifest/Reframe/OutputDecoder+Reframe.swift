import MediaCore
import YAML

extension OutputDecoder {
    /// `reframe: auto | off` or `{ mode, subject, padding, smoothing }`.
    func reframe(_ node: YAMLNode, reader: inout NodeReader) -> ReframeSpec? {
        let modes = ReframeSpec.Mode.allCases.map(\.rawValue)
        if node.string != nil {
            guard let text = reader.choice(node, "reframe", modes), let mode = ReframeSpec.Mode(rawValue: text)
            else { return nil }
            return ReframeSpec(mode: mode, location: node.location)
        }
        guard let fields = reader.mapping(node, in: "'reframe'", keys: ManifestSchema.reframe) else { return nil }
        var spec = ReframeSpec(mode: .auto, location: node.location)
        if let node = fields["mode"] {
            guard let text = reader.choice(node, "reframe mode", modes), let mode = ReframeSpec.Mode(rawValue: text)
            else { return nil }
            spec.mode = mode
        }
        if let node = fields["subject"] {
            guard let text = reader.choice(node, "reframe subject", ReframeSubject.allCases.map(\.rawValue)),
                  let subject = ReframeSubject(rawValue: text) else { return nil }
            spec.subject = subject
        }
        if let node = fields["padding"] {
            guard let length = reader.length(node, "padding") else { return nil }
            guard case .percent(let percent) = length, percent >= 0, percent <= 40 else {
                reader.error("reframe 'padding' is a percentage of the crop from 0% to 40%, such as '10%', not '\(length)'",
                             at: node)
                return nil
            }
            spec.padding = percent / 100
        }
        if let node = fields["smoothing"] {
            guard let value = reader.number(node, "smoothing", in: 0...1) else { return nil }
            spec.smoothing = value
        }
        return spec
    }
}
