import YAML

/// Fills `{name}` placeholders in every scalar value of a YAML tree (keys stay as written).
struct NodeInterpolator {
    /// The variables available.
    var variables: [String: String]

    /// The tree with its scalars resolved; unknown variables and malformed placeholders are reported at the
    /// placeholder's column and left unresolved.
    func interpolate(_ node: YAMLNode, reader: inout NodeReader) -> YAMLNode {
        switch node.kind {
        case .scalar(let text, let style):
            guard text.contains("{") || text.contains("}") else { return node }
            do {
                let resolved = try Interpolation(parsing: text).resolve(variables)
                var copy = node
                copy.kind = .scalar(resolved, style)
                return copy
            } catch {
                let quoted = style == .singleQuoted || style == .doubleQuoted
                reader.error(error.description, at: node, columnOffset: error.offset + (quoted ? 1 : 0))
                return node
            }
        case .sequence(let items):
            var copy = node
            copy.kind = .sequence(items.map { interpolate($0, reader: &reader) })
            return copy
        case .mapping(let pairs):
            var copy = node
            copy.kind = .mapping(pairs.map { YAMLNode.Pair(key: $0.key, value: interpolate($0.value, reader: &reader)) })
            return copy
        }
    }
}
