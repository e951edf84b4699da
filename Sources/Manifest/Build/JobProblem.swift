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
    /// Notes that say more elsewhere (where a named source's file is written), printed after the diagnostic.
    public var notes: [Diagnostic]

    /// Creates a problem.
    public init(output: String, stage: String, diagnostic: Diagnostic, notes: [Diagnostic] = []) {
        self.output = output
        self.stage = stage
        self.diagnostic = diagnostic
        self.notes = notes
    }

    /// The diagnostic followed by its notes, as a command prints them.
    public var diagnostics: [Diagnostic] { [diagnostic] + notes }

    /// The diagnostic's full text.
    public var description: String { diagnostic.description }

    /// The message alone, one line, for reports, with long quoted values cut as the diagnostic prints them.
    public var reason: String { Diagnostic.shorteningLongQuotes(in: diagnostic.message) }
}

/// Every problem found while building one output: the build goes on past a missing source or an over-long clip,
/// so one pass reports them all. Never empty.
public struct JobProblems: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems in the order found.
    public var all: [JobProblem]

    /// Problems of one output; `all` must not be empty.
    public init(_ all: [JobProblem]) {
        precondition(!all.isEmpty, "JobProblems needs at least one problem")
        self.all = all
    }

    /// The first problem, the one a report line shows.
    public var first: JobProblem { all[0] }
    /// The output concerned.
    public var output: String { first.output }
    /// The first problem's stage.
    public var stage: String { first.stage }
    /// The first problem's located message.
    public var diagnostic: Diagnostic { first.diagnostic }
    /// The first problem's message, with how many more there are: one line, for reports.
    public var reason: String {
        all.count == 1 ? first.reason : "\(first.reason) (and \(all.count - 1) more problem\(all.count == 2 ? "" : "s"))"
    }
    /// Every problem's full text, one after another.
    public var description: String { all.map(\.description).joined(separator: "\n") }
}
