import YAML

extension ManifestFile {
    /// The largest `limits.outputs` a manifest may set.
    static let maxOutputLimit = 10_000_000

    /// `limits: { outputs: N }`: the most outputs this manifest may expand to.
    static func outputLimit(_ node: YAMLNode, reader: inout NodeReader) -> Int? {
        guard let fields = reader.mapping(node, in: "'limits'", keys: ManifestSchema.limits),
              let outputs = fields["outputs"] else { return nil }
        return reader.integer(outputs, "outputs", in: 1...maxOutputLimit)
    }

    /// `presets:`: presets defined in the manifest by name, each a mapping like a file in `presets/`.
    static func presets(_ node: YAMLNode, reader: inout NodeReader) -> [String: YAMLNode] {
        guard let pairs = node.pairs else {
            reader.error("'presets' must be a mapping of preset names to presets, not a \(node.kindName)", at: node)
            return [:]
        }
        var presets: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let name = pair.key.string else { continue }
            guard pair.value.isMapping else {
                reader.error("preset '\(name)' must be a mapping such as '{ base: web-1080p, video: { crf: 23 } }', not a \(pair.value.kindName)", at: pair.value)
                continue
            }
            presets[name] = pair.value
        }
        return presets
    }
}
