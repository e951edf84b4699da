/// Bounds that keep hostile input from exhausting memory, stack or time.
public struct YAMLLimits: Sendable, Hashable {
    /// Largest accepted input in bytes; larger inputs are refused before parsing (default 64 MiB).
    public var maxBytes: Int
    /// Deepest accepted nesting of collections, aliases included (default 256).
    public var maxDepth: Int
    /// Most nodes a stream may produce, counting every node an alias repeats (default 1 000 000).
    public var maxNodes: Int

    /// Creates limits; the defaults suit hand-written manifests with a wide margin.
    public init(maxBytes: Int = 64 << 20, maxDepth: Int = 256, maxNodes: Int = 1_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}
