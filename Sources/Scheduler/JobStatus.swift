/// How a job's run ended.
public enum JobStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The job ran and returned.
    case succeeded
    /// The job ran and threw (on its last attempt).
    case failed
    /// The job did not run: a dependency failed, or `failFast` stopped launching.
    case skipped
    /// The job did not run, or stopped, because the run was cancelled.
    case cancelled
}
