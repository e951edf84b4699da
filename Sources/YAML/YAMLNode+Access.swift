public import MediaCore

/// Structural access: mapping lookup, keys, items.
extension YAMLNode {
    /// The value for the scalar key `key` in a mapping (keys compared by text, whatever their style); nil otherwise.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.key.string == key }?.value
    }

    /// The mapping's entries, or nil when the node is not a mapping.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The mapping's scalar keys' texts in document order (non-scalar keys left out); nil when not a mapping.
    public var keys: [String]? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.compactMap { $0.key.string }
    }

    /// The sequence's items, or nil when the node is not a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// True for a scalar.
    public var isScalar: Bool {
        if case .scalar = kind { return true }
        return false
    }

    /// True for a mapping.
    public var isMapping: Bool { pairs != nil }

    /// True for a sequence.
    public var isSequence: Bool { items != nil }

    /// The scalar's style, or nil for a collection.
    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = kind { return style }
        return nil
    }

    /// The scalar's text in any style (`"~"` and `~` both give `"~"`); nil for a collection.
    public var string: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// The node that starts at `location` (this one or one nested in it, keys included; the innermost when several
    /// start there), or nil when none does.
    public func node(at location: SourceLocation) -> YAMLNode? {
        switch kind {
        case .scalar: break
        case .sequence(let items):
            for item in items {
                if let found = item.node(at: location) { return found }
            }
        case .mapping(let pairs):
            for pair in pairs {
                if let found = pair.key.node(at: location) ?? pair.value.node(at: location) { return found }
            }
        }
        return self.location == location ? self : nil
    }

    /// A short name of the node's shape for messages: `scalar`, `sequence` or `mapping`.
    public var kindName: String {
        switch kind {
        case .scalar: "scalar"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }
}
