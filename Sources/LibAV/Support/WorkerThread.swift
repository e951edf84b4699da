import Foundation

/// A thread of its own running one closure, which `join()` waits for.
public final class WorkerThread: Sendable {
    /// Signalled when the closure has returned.
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread named `name` (at most 15 bytes reach `top` and `perf`), with an 8 MB stack like
    /// the main thread's (decoders and libass run on it).
    public init(name: String, body: @escaping @Sendable () -> Void) {
        let thread = Thread { [done] in
            ThreadName.setCurrent(name)
            body()
            done.signal()
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits until the closure has returned; call once.
    public func join() {
        done.wait()
    }
}
