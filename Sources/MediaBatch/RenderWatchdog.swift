import Dispatch
import MediaCore
import Render
import Report
import Synchronization

/// Stops one render that runs longer than its time limit (`--timeout`, or its manifest's `limits.render_time`): once
/// the limit passes it cancels the export session (which stops between pictures, and abandons a drawing library's
/// call that does not return) and remembers how far the render had come, so the output fails at stage `timeout`
/// instead of as cancelled.
final class RenderWatchdog {
    /// The session's progress when the limit passed; nil while it has not.
    private final class StopRecord: Sendable {
        let progress = Mutex<Double?>(nil)
    }

    /// The limit, as the user gave it.
    let limit: MediaTime
    /// Where it was given, as the failure names it (`--timeout`, `limits.render_time in spring.yaml`).
    let origin: String
    private let timer: DispatchWorkItem
    private let stoppedAt = StopRecord()

    /// Starts the clock of `session` now, for `limit` given at `origin`.
    init(limit: MediaTime, origin: String, session: ExportSession) {
        self.limit = limit
        self.origin = origin
        let stoppedAt = self.stoppedAt
        timer = DispatchWorkItem { [weak session] in
            guard let session else { return }
            stoppedAt.progress.withLock { $0 = session.progress }
            session.cancel()
        }
        let nanoseconds = Int((limit.seconds * 1e9).rounded(.up))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: timer)
    }

    /// Stops the clock: the render ended (or failed) before the limit, or its failure has been read.
    func disarm() {
        timer.cancel()
    }

    /// The output's failure when the limit stopped the render; nil when something else did (a signal).
    var failure: JobFailure? {
        guard let progress = stoppedAt.progress.withLock({ $0 }) else { return nil }
        let percent = Int((min(max(progress, 0), 1) * 100).rounded(.down))
        return JobFailure(stage: .timeout, reason: "the render ran longer than the time limit of "
                          + "\(TimeSyntax.humanReadable(limit)) (\(origin)) and was stopped, \(percent)% done")
    }
}
