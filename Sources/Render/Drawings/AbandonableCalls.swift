import Dispatch
import Synchronization

/// Runs calls into a drawing library that may not return for minutes (rlottie spins on some malformed geometry) on a
/// queue of their own, while the caller waits and looks at `stopped` every 50 ms: once its export is stopped, the
/// caller stops waiting and the call is abandoned. What an abandoned call uses stays alive, captured by the call,
/// until the library returns; the caller must not touch it again, and every later `run` returns nil at once.
final class AbandonableCalls {
    /// Holds a call's result until the caller takes it (written before the semaphore is signalled, read after).
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Abandoned calls of the whole process that have not returned yet.
    static let unfinished = Atomic<Int>(0)

    private let queue: DispatchQueue
    private let stopped: @Sendable () -> Bool
    /// A call was abandoned: the library may still be running it.
    private(set) var abandoned = false

    /// Calls labelled `label` (for debuggers), stopped when `stopped` turns true.
    init(label: String, stopped: @escaping @Sendable () -> Bool) {
        queue = DispatchQueue(label: label)
        self.stopped = stopped
    }

    /// `work`'s result, or nil when the export was stopped before or while it ran.
    func run<Value>(_ work: @escaping @Sendable () -> Value) -> Value? {
        guard !abandoned, !stopped() else { return nil }
        let outcome = Outcome<Value>(), done = DispatchSemaphore(value: 0)
        queue.async {
            outcome.value = work()
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if stopped() {
                abandoned = true
                Self.unfinished.add(1, ordering: .relaxed)
                queue.async { Self.unfinished.subtract(1, ordering: .relaxed) }
                return nil
            }
        }
        return outcome.value
    }
}
