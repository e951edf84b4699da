/// A running job's place in its schedule: whether it started beside other jobs, and how it hands most of that place
/// back while it finishes.
public final class JobLease: Sendable {
    /// Whether the job started beside other jobs (and is counted at its `memoryBeside` estimate).
    public let besideOthers: Bool
    private let taper: @Sendable (Int) -> Void

    init(besideOthers: Bool, taper: @escaping @Sendable (Int) -> Void) {
        self.besideOthers = besideOthers
        self.taper = taper
    }

    /// Says the job is in its tail (little work left, mostly waiting, as an encoder draining): from now on it no
    /// longer takes one of `maxConcurrentJobs`, and it is counted at `bytes` of the memory budget (never more than
    /// before), so the next job may start beside it. The first call counts; later ones do nothing.
    public func finishing(holding bytes: Int) {
        taper(bytes)
    }
}
