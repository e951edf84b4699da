import MediaCore

/// Turns libyaml events into documents with an explicit stack (no recursion), enforcing `YAMLLimits`,
/// resolving aliases and merge keys.
struct YAMLTreeBuilder {
    /// An anchored node and what repeating it costs.
    private struct Anchored {
        var node: YAMLNode
        var count: Int
        var height: Int
    }

    /// A collection being built.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        /// Nodes in this subtree so far, itself included.
        var count = 1
        /// Height of the tallest child (0 for scalars only).
        var childHeight = 0
    }

    let source: YAMLSource
    let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var totalNodes = 0
    private var documentLocation: SourceLocation
    private var root: YAMLNode?
    private(set) var documents: [YAMLDocument] = []

    init(source: YAMLSource, limits: YAMLLimits) {
        self.source = source
        self.limits = limits
        documentLocation = source.location(line: 1, column: 1)
    }

    /// Feeds every event of `parser` until the end of the stream.
    mutating func run(_ parser: LibYAMLParser, failure: (LibYAMLParser.Failure) -> YAMLError) throws(YAMLError) {
        while true {
            let event: LibYAMLParser.Event
            do {
                event = try parser.next()
            } catch {
                throw failure(error)
            }
            if case .streamEnd = event { return }
            try handle(event)
        }
    }

    private mutating func handle(_ event: LibYAMLParser.Event) throws(YAMLError) {
        switch event {
        case .streamStart, .streamEnd:
            break
        case .documentStart(let mark):
            anchors = [:]
            root = nil
            documentLocation = location(mark)
        case .documentEnd:
            let root = root ?? YAMLNode(.scalar("", .plain), at: documentLocation)
            documents.append(YAMLDocument(root: root, source: source, location: documentLocation))
        case .scalar(let value, let style, let tag, let anchor, let mark):
            try count(1, at: mark, alias: nil)
            try attach(YAMLNode(.scalar(value, style), at: location(mark), tag: tag), count: 1, height: 0, anchor: anchor)
        case .alias(let name, let mark):
            guard let anchored = anchors[name] else {
                throw YAMLError.unknownAlias(name: name, at: location(mark), sourceLine: sourceLine(mark.line))
            }
            if stack.count + anchored.height > limits.maxDepth {
                throw YAMLError.tooDeep(limit: limits.maxDepth, at: location(mark), sourceLine: sourceLine(mark.line))
            }
            try count(anchored.count, at: mark, alias: name)
            try attach(anchored.node, count: anchored.count, height: anchored.height, anchor: nil)
        case .sequenceStart(let tag, let anchor, let mark), .mappingStart(let tag, let anchor, let mark):
            if stack.count >= limits.maxDepth {
                throw YAMLError.tooDeep(limit: limits.maxDepth, at: location(mark), sourceLine: sourceLine(mark.line))
            }
            try count(1, at: mark, alias: nil)
            var isMapping = false
            if case .mappingStart = event { isMapping = true }
            stack.append(Frame(isMapping: isMapping, location: location(mark), tag: tag, anchor: anchor))
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { return }
            let kind: YAMLNode.Kind = frame.isMapping ? .mapping(try resolveMerges(frame.pairs)) : .sequence(frame.items)
            try attach(
                YAMLNode(kind, at: frame.location, tag: frame.tag), count: frame.count, height: frame.childHeight + 1,
                anchor: frame.anchor)
        }
    }

    /// Adds `nodes` to the stream's total, refusing to pass the limit.
    private mutating func count(_ nodes: Int, at mark: LibYAMLParser.Mark, alias: String?) throws(YAMLError) {
        totalNodes += nodes
        if totalNodes > limits.maxNodes {
            throw YAMLError.tooManyNodes(
                limit: limits.maxNodes, alias: alias, at: location(mark), sourceLine: sourceLine(mark.line))
        }
    }

    /// Places a finished node in its parent (or as the document root) and records its anchor.
    private mutating func attach(_ node: YAMLNode, count: Int, height: Int, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = Anchored(node: node, count: count, height: height) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].count += count
        stack[top].childHeight = max(stack[top].childHeight, height)
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }

    /// Replaces `<<` entries by the entries of the mappings they name; explicit keys win over merged ones and
    /// earlier merge sources over later ones. Also refuses a scalar key written twice.
    private func resolveMerges(_ pairs: [YAMLNode.Pair]) throws(YAMLError) -> [YAMLNode.Pair] {
        var explicit: [String: SourceLocation] = [:]
        var hasMerge = false
        for pair in pairs {
            if Self.isMergeKey(pair.key) {
                hasMerge = true
                continue
            }
            guard let key = pair.key.string else { continue }
            if let first = explicit[key] {
                throw YAMLError.duplicateKey(
                    key: key, firstLocation: first, at: pair.key.location, sourceLine: sourceLine(pair.key.location.line))
            }
            explicit[key] = pair.key.location
        }
        guard hasMerge else { return pairs }
        var seen = Set(explicit.keys)
        var result: [YAMLNode.Pair] = []
        for pair in pairs {
            guard Self.isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            let sources: [YAMLNode]
            switch pair.value.kind {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar: sources = [pair.value]
            }
            for source in sources {
                guard let merged = source.pairs else {
                    let found = source.isScalar ? "a scalar" : "a sequence"
                    throw YAMLError.invalidMerge(
                        found: found, at: pair.key.location, sourceLine: sourceLine(pair.key.location.line))
                }
                for entry in merged {
                    if let key = entry.key.string {
                        guard seen.insert(key).inserted else { continue }
                    }
                    result.append(entry)
                }
            }
        }
        return result
    }

    /// `<<` as a plain untagged scalar, or tagged `!!merge`.
    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        guard case .scalar("<<", let style) = key.kind else { return false }
        if let tag = key.tag { return tag == YAMLNode.coreTagPrefix + "merge" }
        return style == .plain
    }

    private func location(_ mark: LibYAMLParser.Mark) -> SourceLocation {
        source.location(line: mark.line, column: mark.column)
    }

    private func sourceLine(_ line: Int) -> String? {
        YAMLParser.quotableLine(line, in: source)
    }
}
