import Foundation

/// A thread-safe flag that asks running work to stop; jobs poll it, and a signal handler or the caller trips it.
public final class CancellationToken: Sendable {
    private let state = Locked<(cancelled: Bool, handlers: [@Sendable () -> Void])>((false, []))

    /// A token that is not cancelled.
    public init() {}

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Trips the token (once; later calls do nothing) and runs the registered handlers on the calling thread.
    public func cancel() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the token is cancelled, or right away if it already is.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Throws `CancellationError` once the token is cancelled.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }
}
