import YAML

/// Fills `{name}` placeholders in every scalar value of a YAML tree (keys stay as written).
struct NodeInterpolator {
    /// The variables available.
    var variables: [String: String]
    /// Placeholder texts already read, so a template's strings are parsed once, not once per output.
    private var parsed: [String: Interpolation] = [:]

    init(variables: [String: String]) {
        self.variables = variables
    }

    /// The tree with its scalars resolved; unknown variables and malformed placeholders are reported at the
    /// placeholder's column and left unresolved.
    mutating func interpolate(_ node: YAMLNode, reader: inout NodeReader) -> YAMLNode {
        interpolateIfNeeded(node, reader: &reader) ?? node
    }

    /// The resolved tree, or nil when nothing in it changes (collections are only rebuilt when a child changes).
    /// Under a `text` key (a title's markup) values are escaped, so that they show as written.
    private mutating func interpolateIfNeeded(_ node: YAMLNode, reader: inout NodeReader, isMarkup: Bool = false)
        -> YAMLNode?
    {
        switch node.kind {
        case .scalar(let text, let style):
            guard Interpolation.hasBraces(text) else { return nil }
            do {
                let interpolation: Interpolation
                if let known = parsed[text] {
                    interpolation = known
                } else {
                    interpolation = try Interpolation(parsing: text)
                    parsed[text] = interpolation
                }
                let resolved = try interpolation.resolve(variables, escaping: isMarkup ? TitleMarkup.escape : { $0 })
                var copy = node
                copy.kind = .scalar(resolved, style)
                return copy
            } catch {
                let quoted = style == .singleQuoted || style == .doubleQuoted
                reader.error(error.description, at: node, columnOffset: error.offset + (quoted ? 1 : 0))
                return nil
            }
        case .sequence(let items):
            var changed: [YAMLNode]?
            for index in items.indices {
                guard let item = interpolateIfNeeded(items[index], reader: &reader) else { continue }
                if changed == nil { changed = items }
                changed![index] = item
            }
            guard let changed else { return nil }
            var copy = node
            copy.kind = .sequence(changed)
            return copy
        case .mapping(let pairs):
            var changed: [YAMLNode.Pair]?
            for index in pairs.indices {
                let isText = pairs[index].key.string == "text"
                guard let value = interpolateIfNeeded(pairs[index].value, reader: &reader, isMarkup: isText) else {
                    continue
                }
                if changed == nil { changed = pairs }
                changed![index].value = value
            }
            guard let changed else { return nil }
            var copy = node
            copy.kind = .mapping(changed)
            return copy
        }
    }
}
