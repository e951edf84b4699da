import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into one call of `handler` (on a Dispatch queue, not in a signal handler), so a batch
/// can stop its renders, remove temporary files and still write its report. A second signal exits at once.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "mediabatch.signals")
        let fired = Atomic(false)
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if fired.exchange(true, ordering: .relaxed) { exit(130) }
                FileHandle.standardError.write(Data("\nmediabatch: stopping (signal \(number)); press again to quit at once\n".utf8))
                handler()
            }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
    }
}
