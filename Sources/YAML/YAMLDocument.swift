public import MediaCore

/// One parsed YAML document: its root node and the source it came from (for quoting lines in diagnostics).
public struct YAMLDocument: Sendable, Hashable {
    /// The document's root node.
    public var root: YAMLNode
    /// The whole input the document was parsed from (shared by every document of a stream).
    public var source: YAMLSource
    /// Where the document starts: its `---`, or its first node.
    public var location: SourceLocation

    /// Creates a document.
    public init(root: YAMLNode, source: YAMLSource, location: SourceLocation) {
        self.root = root
        self.source = source
        self.location = location
    }

    /// A diagnostic at `node`, quoting its line: the way later layers report semantic errors with a caret.
    public func diagnostic(_ message: String, at node: YAMLNode, severity: Diagnostic.Severity = .error) -> Diagnostic {
        source.diagnostic(severity, at: node.location, message)
    }
}
