/// A progress report from a running schedule, delivered serially in the order it happened.
public enum SchedulerEvent<ID: Hashable & Sendable & Comparable, Value: Sendable>: Sendable {
    /// A job's attempt (1-based) started.
    case started(ID, attempt: Int)
    /// A job's attempt failed with a transient error and will be tried again.
    case retrying(ID, attempt: Int, error: any Error)
    /// A job reached its final status (every job gets exactly one, including skipped and cancelled ones).
    case finished(JobOutcome<ID, Value>)
}
