import Dispatch
import Synchronization

/// Runs calls into a drawing library that may not return for minutes (rlottie spins on some malformed geometry) on a
/// queue of their own, while the caller waits and looks at `stopped` every 50 ms: once its export is stopped, the
/// caller stops waiting and the call is abandoned. What an abandoned call uses stays alive, captured by the call,
/// until the library returns; the caller must not touch it again, and every later `run` ends at once. A library
/// whose threads the process shares is marked stuck meanwhile (`StuckLibrary`), and calls into it end at once too.
final class AbandonableCalls {
    /// How a call ended.
    enum Ending<Value> {
        /// It returned `Value`.
        case returned(Value)
        /// The export was stopped before or while it ran.
        case stopped
        /// The library is still running an abandoned call drawing the path given, and would not get to this one.
        case libraryStuck(on: String)
    }

    /// Holds a call's result until the caller takes it (written before the semaphore is signalled, read after).
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Abandoned calls of the whole process that have not returned yet.
    static let unfinished = Atomic<Int>(0)

    private let queue: DispatchQueue
    private let stopped: @Sendable () -> Bool
    private let library: StuckLibrary?
    /// What the calls draw (a file's path), for other calls' messages when one is abandoned.
    private let subject: String
    /// A call was abandoned: the library may still be running it.
    private(set) var abandoned = false

    /// Calls labelled `label` (for debuggers) drawing `subject` with `library`, stopped when `stopped` turns true.
    init(label: String, subject: String = "", library: StuckLibrary? = nil, stopped: @escaping @Sendable () -> Bool) {
        queue = DispatchQueue(label: label)
        self.subject = subject
        self.library = library
        self.stopped = stopped
    }

    /// How `work` ended: what it returned, or why it was not waited for.
    func run<Value>(_ work: @escaping @Sendable () -> Value) -> Ending<Value> {
        if let stuck = library?.stuckOn { return .libraryStuck(on: stuck) }
        guard !abandoned, !stopped() else { return .stopped }
        let outcome = Outcome<Value>(), done = DispatchSemaphore(value: 0)
        queue.async {
            outcome.value = work()
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            let stuck = library?.stuckOn
            guard stopped() || stuck != nil else { continue }
            abandon()
            return stuck.map { .libraryStuck(on: $0) } ?? .stopped
        }
        return outcome.value.map { .returned($0) } ?? .stopped
    }

    /// Gives up on the call running on the queue: counted, and its library marked stuck, until it returns.
    private func abandon() {
        abandoned = true
        Self.unfinished.add(1, ordering: .relaxed)
        library?.abandoned(drawing: subject)
        queue.async { [library] in
            Self.unfinished.subtract(1, ordering: .relaxed)
            library?.returned()
        }
    }
}

extension AbandonableCalls.Ending: Equatable where Value: Equatable {}
