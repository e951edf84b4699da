import Foundation

/// What happened to one job: status, attempts, its value or error, and when it ran.
public struct JobOutcome<ID: Hashable & Sendable & Comparable, Value: Sendable>: Sendable {
    /// The job.
    public var id: ID
    /// How it ended.
    public var status: JobStatus
    /// How many times it was started (0 when it never ran).
    public var attempts: Int
    /// The job's result when it succeeded.
    public var value: Value?
    /// The error of the last attempt when it failed (or was cancelled by throwing).
    public var error: (any Error)?
    /// Why it was skipped or cancelled, e.g. `dependency 'a' failed`.
    public var reason: String?
    /// When the first attempt started.
    public var started: Date?
    /// When the last attempt ended.
    public var finished: Date?

    /// Creates an outcome.
    public init(
        id: ID, status: JobStatus, attempts: Int = 0, value: Value? = nil, error: (any Error)? = nil,
        reason: String? = nil, started: Date? = nil, finished: Date? = nil
    ) {
        self.id = id
        self.status = status
        self.attempts = attempts
        self.value = value
        self.error = error
        self.reason = reason
        self.started = started
        self.finished = finished
    }

    /// The error's text, when there is an error.
    public var errorDescription: String? { error.map { String(describing: $0) } }

    /// Wall time between first start and last end, when the job ran.
    public var duration: TimeInterval? {
        guard let started, let finished else { return nil }
        return finished.timeIntervalSince(started)
    }
}
