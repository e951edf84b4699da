public import MediaCore
public import YAML

/// Collects the problems found while reading manifests, once each, so all of them are reported together.
public struct DiagnosticList: Sendable {
    /// The problems so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    /// How many problems were reported, repeats included: a decoded value may be reused only if decoding it
    /// reported nothing.
    private(set) var reportCount = 0

    /// An empty list.
    public init() {}

    /// Whether any problem is an error.
    public var hasErrors: Bool { errorCount > 0 }

    /// The number of errors (kept as they are added: expansion asks after every output).
    public private(set) var errorCount = 0

    /// Adds a problem, unless the same one is there already (a template read for many outputs reports it once).
    public mutating func add(_ diagnostic: Diagnostic) {
        reportCount += 1
        if seen.insert(diagnostic).inserted {
            diagnostics.append(diagnostic)
            if diagnostic.severity == .error { errorCount += 1 }
        }
    }

    /// Adds an error at `node` of `source`, quoting its line; `columnOffset` moves the caret inside the scalar.
    public mutating func error(_ message: String, at node: YAMLNode, in source: YAMLSource, columnOffset: Int = 0) {
        var location = node.location
        location.column += columnOffset
        add(source.diagnostic(.error, at: location, message))
    }

    /// Adds an error at a location in `source`.
    public mutating func error(_ message: String, at location: SourceLocation, in source: YAMLSource?) {
        add(source?.diagnostic(.error, at: location, message) ?? Diagnostic(.error, at: location, message))
    }

    /// Adds a warning at `node`.
    public mutating func warning(_ message: String, at node: YAMLNode, in source: YAMLSource) {
        add(source.diagnostic(.warning, at: node.location, message))
    }

    /// Adds all of another list's problems.
    public mutating func append(contentsOf other: DiagnosticList) {
        for diagnostic in other.diagnostics { add(diagnostic) }
    }

    /// The problems sorted by file, line and column (stable for equal places).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if let x, let y, (x.file, x.line, x.column) != (y.file, y.line, y.column) {
                return (x.file, x.line, x.column) < (y.file, y.line, y.column)
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}
