/// Why an output failed: the stage and a one-line reason.
public struct OutputFailure: Sendable, Hashable, Codable {
    /// Where it failed.
    public var stage: FailureStage
    /// One line of text; line breaks are replaced by spaces.
    public var reason: String

    /// Creates a failure; `reason` is folded onto one line.
    public init(stage: FailureStage, reason: String) {
        self.stage = stage
        self.reason = ReportText.oneLine(reason)
    }
}
