import Foundation

/// Runs a job graph's jobs on their own threads in dependency order, at most `maxConcurrentJobs` at a time (a job in
/// its tail, see `JobLease`, no longer counts) and, with a `memoryBudget`, only as many as the jobs' memory estimates
/// fit in it.
///
/// A failed job fails alone: its dependents (transitively) are skipped with `dependency 'x' failed`, everything
/// else still runs. `failFast` stops launching after the first failure. Transient failures are retried up to
/// `retries` times. A cancelled token lets running jobs stop and marks jobs not yet started `cancelled`.
public struct Scheduler: Sendable {
    /// The most jobs running at once (values below 1 count as 1).
    public var maxConcurrentJobs: Int
    /// Stop launching new jobs after the first failure; jobs not started are `skipped`.
    public var failFast: Bool
    /// How many extra attempts a job gets when its error is transient.
    public var retries: Int
    /// Decides whether an error is worth another attempt.
    public var isTransient: @Sendable (any Error) -> Bool
    /// The most memory (in the unit of the jobs' estimates) the running jobs may need together; nil for no limit. A
    /// job that does not fit waits for running jobs to finish; one that does not fit on its own runs alone.
    public var memoryBudget: Int?

    /// Creates a scheduler; by default an error is transient when it is a `TransientFailure` that says so.
    public init(
        maxConcurrentJobs: Int = 1, failFast: Bool = false, retries: Int = 0, memoryBudget: Int? = nil,
        isTransient: @escaping @Sendable (any Error) -> Bool = Scheduler.isTransientFailure
    ) {
        self.maxConcurrentJobs = maxConcurrentJobs
        self.memoryBudget = memoryBudget
        self.failFast = failFast
        self.retries = retries
        self.isTransient = isTransient
    }

    /// The default classifier: true for a `TransientFailure` whose `isTransient` is true.
    @Sendable public static func isTransientFailure(_ error: any Error) -> Bool {
        (error as? any TransientFailure)?.isTransient ?? false
    }

    /// How many jobs to run at once so that jobs x encoder threads stays near `cores` (at least 1).
    public static func defaultConcurrency(cores: Int, threadsPerJob: Int) -> Int {
        let ratio = Double(max(1, cores)) / Double(max(1, threadsPerJob))
        return max(1, Int(ratio.rounded(.toNearestOrAwayFromZero)))
    }

    /// Runs every job of `graph` and returns one outcome per job in topological order; blocks until all are done.
    ///
    /// Throws (before running anything) when the graph has an unknown dependency or a cycle. `progress` is called
    /// serially, in order, and all its calls have returned when `run` returns. Among ready jobs the one with the
    /// lowest `rank` starts first (unranked jobs last, then by id); under a `memoryBudget`, the first one whose
    /// `memory` estimate (0 when not given) fits beside the running jobs.
    public func run<ID: Hashable & Sendable & Comparable, Value: Sendable>(
        _ graph: JobGraph<ID>,
        rank: [ID: Int] = [:],
        memory: [ID: Int] = [:],
        cancellation: CancellationToken = CancellationToken(),
        progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)? = nil,
        job: @escaping @Sendable (ID, CancellationToken) throws -> Value
    ) throws(SchedulerError<ID>) -> [JobOutcome<ID, Value>] {
        try run(graph, rank: rank, memory: memory, memoryBeside: [:], cancellation: cancellation, progress: progress) {
            id, token, _ in try job(id, token)
        }
    }

    /// Runs every job of `graph` as `run(_:rank:memory:cancellation:progress:job:)` does, for jobs that hold less
    /// when they run beside others: under a `memoryBudget`, a job started while others run must fit at its
    /// `memoryBeside` estimate (its `memory` estimate when missing) and is counted at it, and a job started from idle
    /// is too when another ready job fits beside it at theirs (the two then start together). `job` gets a `JobLease`
    /// saying whether its job starts beside others, so that it keeps as little in flight as it was counted at, and
    /// through which it gives back its place when only its tail is left: the next job may then start beside the tail
    /// (counted at its full estimate when only tails run). A retried job waits for its place like a new one. A job
    /// of `alone` (one that keeps every core busy by itself) starts only when no other job runs, tails aside, and no
    /// job starts beside it until its tail.
    public func run<ID: Hashable & Sendable & Comparable, Value: Sendable>(
        _ graph: JobGraph<ID>,
        rank: [ID: Int] = [:],
        memory: [ID: Int],
        memoryBeside: [ID: Int],
        alone: Set<ID> = [],
        cancellation: CancellationToken = CancellationToken(),
        progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)? = nil,
        job: @escaping @Sendable (_ id: ID, _ cancellation: CancellationToken, _ lease: JobLease) throws -> Value
    ) throws(SchedulerError<ID>) -> [JobOutcome<ID, Value>] {
        let order = try graph.topologicalOrder()
        let run = ScheduleRun(
            graph: graph, order: order, rank: rank, memory: memory, memoryBeside: memoryBeside, alone: alone,
            scheduler: self, cancellation: cancellation, progress: progress, job: job)
        return run.execute()
    }
}
