/// Why an output failed: the stage and a one-line reason, and for an output that could not be built, every problem
/// with its notes.
public struct OutputFailure: Sendable, Hashable, Codable {
    /// Where it failed.
    public var stage: FailureStage
    /// One line of text; line breaks are replaced by spaces.
    public var reason: String
    /// Every problem that kept the output from being built, each followed by its notes (where a named source's path
    /// is written, the data row that fills it); nil for a failure while rendering, which `reason` says whole.
    public var problems: [ReportProblem]?

    /// Creates a failure; `reason` is folded onto one line.
    public init(stage: FailureStage, reason: String, problems: [ReportProblem]? = nil) {
        self.stage = stage
        self.reason = ReportText.oneLine(reason)
        self.problems = problems
    }

    /// The problems a report lists under the reason: all of them when there is more than the reason says (another
    /// problem, a note); none when the reason is the only one.
    public var listedProblems: [ReportProblem] {
        guard let problems, problems.count > 1 else { return [] }
        return problems
    }
}
