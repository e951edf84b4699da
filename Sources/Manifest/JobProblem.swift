public import MediaCore

/// Why one output cannot be built: a missing or unreadable source, or a clip asking for more than its source has.
/// In `run` it fails that output alone; in `validate` it is an error like any other.
public struct JobProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output concerned.
    public var output: String
    /// The stage for the report: `load` (missing file) or `probe` (unreadable file, range beyond the source).
    public var stage: String
    /// The located message, with the manifest line and a caret.
    public var diagnostic: Diagnostic

    /// Creates a problem.
    public init(output: String, stage: String, diagnostic: Diagnostic) {
        self.output = output
        self.stage = stage
        self.diagnostic = diagnostic
    }

    /// The diagnostic's full text.
    public var description: String { diagnostic.description }

    /// The message alone, one line, for reports.
    public var reason: String { diagnostic.message }
}
