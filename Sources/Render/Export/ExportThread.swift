import LibAV

/// Every thread an export runs besides its caller's, started here and nowhere else. One export, as threads:
///
/// ```
///  warm-up (0..n)              render                         audio
///  SourceWarmUp               FramePipeline                  AudioPump
///  a later source decoded  ──▶ decode ▶ normalise ▶ layers    mix ▶ master ▶ encode AAC/Opus
///  up to its first picture     ▶ composite ▶ text             (a few chunks ahead)
///                              (a few frames ahead)                  │
///                                     │ pictures                     │ packets
///                                     ▼                              ▼
///  caller (ExportSession.export) ── encode the segment plan's sessions ▶ mux ▶ verify ──▶ file
///         │
///         └── capped video: lane 0..n (EncoderLane): each renders and encodes whole chunks with its own
///             renderer and sources; the caller muxes the chunks in order
/// ```
///
/// Each thread belongs to the object that starts it (the role's owner below) and is joined by that object's
/// `close()` (or `join()`), which `exportEncoded` reaches on every path, error or cancellation included: warm-ups
/// through `SourcePool.finishWarmUps()`, the audio thread through `AudioFeed.close()`, the render thread and the lanes
/// before the segment loop returns. No thread outlives the export, and none changes what is written: with no render
/// thread, no audio thread and one lane the export writes the same bytes.
enum ExportThread {
    /// What a thread does for the export.
    enum Role: Hashable, Sendable {
        /// `FramePipeline`: output pictures rendered ahead of the encoder.
        case render
        /// `AudioPump`: sound mixed, mastered and encoded ahead of the muxer.
        case audio
        /// `SourceWarmUp`: a source decoded up to its first picture before the timeline reaches it.
        case warmUp
        /// `EncoderLane` number `n`: chunks of a capped video rendered and encoded side by side.
        case lane(Int)

        /// The thread's name, as `top -H` and `perf` show it (at most 15 bytes reach them).
        var name: String {
            switch self {
            case .render: "mb render"
            case .audio: "mb audio"
            case .warmUp: "mb warm-up"
            case let .lane(number): "mb lane \(number)"
            }
        }
    }

    /// Starts `body` on a thread of its own for `role`; the caller owns the thread and joins it.
    static func start(_ role: Role, body: @escaping @Sendable () -> Void) -> WorkerThread {
        WorkerThread(name: role.name, body: body)
    }
}
