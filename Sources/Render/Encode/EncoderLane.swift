import LibAV
import MediaCore

/// What an encoder lane hands the writer for one planned segment, in order.
enum LaneOutput {
    /// An output frame's packets (after the last frame, the session's remaining ones) of a rendered unshared segment.
    case frame(Int64, [Packet])
    /// The segment's last picture has gone into its encoder: the lane renders nothing more of it.
    case picturesDone
    /// A shared segment's packets, whole; `reused` when they came from the run's cache, `earlier` when an earlier
    /// run encoded them.
    case segment([Packet], reused: Bool, earlier: Bool)
}

/// One of the threads that encode an output's segments side by side (`ExportSettings.Video.encoderLanes`): it takes
/// segment numbers from a shared work queue in order, renders each with its own renderer and sources and encodes it
/// with a fresh encoder session, and hands the packets to that segment's queue, which the writer reads in output
/// order. Each segment's bytes depend only on the segment, never on which lane took it or when.
///
/// `@unchecked Sendable`: the renderer (and the pool it reads) is used by the lane's thread only, from `start()`
/// until `join()` returns; the queues are thread-safe and each packet has one owner at a time.
final class EncoderLane: @unchecked Sendable {
    /// Everything the lanes of one export share: the plan, where its work and results go, and how to encode.
    struct Shared: @unchecked Sendable {
        let session: ExportSession
        let segments: [PlannedSegment]
        /// How many lanes take segments.
        let lanes: Int
        let clock: FrameClock
        let rangeStart: MediaTime
        let work: HandoffQueue<Int>
        let results: [HandoffQueue<Result<LaneOutput, ExportError>>]
        let makeEncoder: () throws(ExportError) -> Encoder
        let stills: StillCapture?
        /// The stream's codec headers (see `SegmentedVideo.encoderHeaders`).
        let headers: [UInt8]
    }

    private let renderer: any PictureRenderer
    private let shared: Shared
    private var thread: WorkerThread?

    /// A lane drawing with `renderer`; nothing runs until `start()`.
    init(renderer: any PictureRenderer, shared: Shared) {
        self.renderer = renderer
        self.shared = shared
    }

    /// Starts the lane's thread, lane `number` of the export.
    func start(number: Int) {
        thread = ExportThread.start(.lane(number)) { [self] in run() }
    }

    /// Waits for the lane's thread to end (the work queue finished or closed).
    func join() {
        thread?.join()
        thread = nil
    }

    /// Takes segments until there are none left or one fails (its queue then carries the error).
    private func run() {
        while let number = shared.work.take() {
            let sink = shared.results[number]
            do throws(ExportError) {
                try encode(shared.segments[number], number: number, into: sink)
                sink.finish()
            } catch {
                sink.put(.failure(error))
                sink.finish()
                return
            }
        }
    }

    /// Renders and encodes `segment`, the plan's segment `number` (or takes a shared one from the run's cache),
    /// handing its output to `sink`; a copied segment is the writer's.
    private func encode(_ segment: PlannedSegment, number: Int,
                        into sink: HandoffQueue<Result<LaneOutput, ExportError>>) throws(ExportError) {
        guard !segment.isCopied else { return }
        let session = shared.session
        func hand(_ output: LaneOutput) throws(ExportError) {
            guard sink.put(.success(output)) else { throw .cancelled }
        }
        func encode(each: (Int64, [Packet]) throws(ExportError) -> Void) throws(ExportError) {
            let frames = pictures(segment.frames, number: number)
            defer { frames.close() }
            try session.encodeFrames(segment.frames, from: frames, clock: shared.clock, total: nil,
                                     encoder: try shared.makeEncoder(), stills: shared.stills,
                                     beforeDrain: { _ = sink.put(.success(.picturesDone)) }, each: each)
        }
        guard let key = segment.key else {
            return try encode { (index, packets) throws(ExportError) in try hand(.frame(index, packets)) }
        }
        let times = SegmentPictureTimes(frames: segment.frames, clock: shared.clock)
        if case .hit(let cached)? = session.segmentCache?.claim(key, extradata: shared.headers, times: times) {
            shared.stills?.accept(cached.stills, from: segment.frames.lowerBound)
            return try hand(.segment(cached.packets, reused: true, earlier: cached.fromEarlierRun))
        }
        let packets = try session.storingShared(key, frames: segment.frames, clock: shared.clock,
                                                headers: shared.headers,
                                                stills: shared.stills) { () throws(ExportError) -> [Packet] in
            var collected: [Packet] = []
            try encode { (_, packets) throws(ExportError) in collected += packets }
            return collected
        }
        try hand(.segment(packets, reused: false, earlier: false))
    }

    /// The pictures of `frames`, segment `number`'s: rendered on the lane's thread as the encoder asks for them,
    /// or, for the last segment of each lane, one ahead on a thread of their own. Once the other lanes have no
    /// segment left their cores would idle while this one's encoder works; with the pictures rendered beside it, the
    /// encoder has its core to itself (B1's last stretch ran on one core for about a second). Earlier segments keep
    /// one thread per lane: with every core busy, a second thread per lane only adds switching.
    private func pictures(_ frames: Range<Int64>, number: Int) -> FramePipeline {
        let (clock, start) = (shared.clock, shared.rangeStart)
        let depth = number >= shared.segments.count - shared.lanes ? 1 : 0
        return FramePipeline(renderer: renderer, frames: frames, depth: depth) { start + clock.time(ofFrame: $0) }
    }
}
