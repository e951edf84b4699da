public import MediaCore

/// Why manifests cannot be used: every problem found, each at its `file:line:col`.
public struct ManifestError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The problems, in file and line order.
    public var diagnostics: [Diagnostic]

    /// Creates an error from its diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Every diagnostic, one after another, then a count.
    public var description: String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let body = diagnostics.map(\.description).joined(separator: "\n")
        return body + "\n\(errors) error\(errors == 1 ? "" : "s")"
    }
}
