public import MediaCore

/// One node of a parsed YAML document: a scalar, a sequence or a mapping, with where it starts and its tag.
public struct YAMLNode: Sendable, Hashable {
    /// How a scalar was written, so callers can tell `"yes"` from `yes` and `"3"` from `3`.
    public enum ScalarStyle: String, Sendable, Hashable, Codable {
        /// `value`
        case plain
        /// `'value'`
        case singleQuoted
        /// `"value"`
        case doubleQuoted
        /// `|` block
        case literal
        /// `>` block
        case folded
    }

    /// One key/value entry of a mapping; the key is a node with its own location.
    public struct Pair: Sendable, Hashable {
        /// The key node.
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode

        /// Creates a pair.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// What the node holds.
    public enum Kind: Sendable, Hashable {
        /// A scalar's text (escapes resolved, block scalars folded) and how it was written.
        case scalar(String, ScalarStyle)
        /// A sequence's items, in order.
        case sequence([YAMLNode])
        /// A mapping's entries, in document order, merge keys (`<<`) already resolved.
        case mapping([Pair])
    }

    /// What the node holds.
    public var kind: Kind
    /// Where the node starts (for an alias, where the anchored node starts).
    public var location: SourceLocation
    /// The node's resolved explicit tag (`!!str` arrives as `tag:yaml.org,2002:str`), nil when untagged.
    public var tag: String?

    /// Creates a node.
    public init(_ kind: Kind, at location: SourceLocation, tag: String? = nil) {
        self.kind = kind
        self.location = location
        self.tag = tag
    }
}
