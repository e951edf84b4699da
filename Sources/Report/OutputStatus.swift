/// What became of one output in a run.
public enum OutputStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Rendered and verified in this run.
    case rendered
    /// Its fingerprint matched the file on disk, so it was not rendered again.
    case upToDate = "up-to-date"
    /// Its render failed; see `OutputReport.failure`.
    case failed
    /// Not rendered because a dependency failed or `--fail-fast` stopped the run; see `OutputReport.skipReason`.
    case skipped
    /// Not rendered, or stopped, because the run was cancelled.
    case cancelled

    /// Whether the output is in a good state on disk.
    public var isSuccess: Bool { self == .rendered || self == .upToDate }
}
