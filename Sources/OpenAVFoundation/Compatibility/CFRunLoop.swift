import Foundation
import Synchronization

/// CoreFoundation's run loop as command-line tools use it around an export (`CFRunLoopRun()` until the completion
/// handler calls `CFRunLoopStop(CFRunLoopGetMain())`), which Foundation on Linux does not expose: Foundation's main
/// `RunLoop` and a stop request.
public final class CFRunLoop: Sendable {
    /// Set by `CFRunLoopStop`, cleared when the next `CFRunLoopRun` returns.
    let stopRequested = Atomic(false)

    private init() {}

    /// The main thread's loop.
    static let main = CFRunLoop()
}

/// The main thread's run loop.
public func CFRunLoopGetMain() -> CFRunLoop { .main }

/// The calling thread's run loop; only the main thread's is kept here, so other threads get it too.
public func CFRunLoopGetCurrent() -> CFRunLoop { .main }

/// Runs the main run loop (timers, the main dispatch queue) until `CFRunLoopStop` is called, checking every 10 ms.
public func CFRunLoopRun() {
    let loop = CFRunLoop.main
    while !loop.stopRequested.load(ordering: .acquiring) {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        if !loop.stopRequested.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.001) }
    }
    loop.stopRequested.store(false, ordering: .releasing)
}

/// Makes `CFRunLoopRun` return; callable from any thread.
public func CFRunLoopStop(_ runLoop: CFRunLoop?) {
    runLoop?.stopRequested.store(true, ordering: .releasing)
}
