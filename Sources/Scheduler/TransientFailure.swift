/// An error that may go away on a second try (a busy network share, a full temporary disk); the scheduler retries
/// only these when `retries` > 0.
public protocol TransientFailure: Error {
    /// Whether this particular failure is worth retrying; true by default.
    var isTransient: Bool { get }
}

extension TransientFailure {
    /// True: conforming means transient unless the type says otherwise.
    public var isTransient: Bool { true }
}
