import Synchronization

/// Whether a library's abandoned call still runs, for a library whose worker threads the whole process shares:
/// rlottie rasterises every animation's shapes on one pool of threads, and a thread spinning on one file's frame
/// holds the shapes queued behind it, so no Lottie file is drawn until it returns. Calls that find their library
/// stuck fail at once, saying on what, instead of waiting as long.
final class StuckLibrary: Sendable {
    /// The library's name, for messages.
    let name: String
    /// What its abandoned calls were drawing (a file's path), with how many of them still run.
    private let state = Mutex<(what: String?, running: Int)>((nil, 0))

    /// The library called `name`.
    init(name: String) {
        self.name = name
    }

    /// rlottie, whose rasteriser threads every Lottie reader shares.
    static let rlottie = StuckLibrary(name: "rlottie")

    /// What an abandoned call is still drawing; nil while none runs.
    var stuckOn: String? { state.withLock { $0.what } }

    /// Notes that a call drawing `what` was abandoned while it ran.
    func abandoned(drawing what: String) {
        state.withLock { state in
            state.running += 1
            if state.what == nil { state.what = what }
        }
    }

    /// Notes that an abandoned call returned; the library is free again once all have.
    func returned() {
        state.withLock { state in
            state.running -= 1
            if state.running <= 0 { state = (nil, 0) }
        }
    }
}
