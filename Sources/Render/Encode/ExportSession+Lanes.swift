import LibAV
import MediaCore

/// Encoding an output's segments in lanes side by side (`ExportSettings.Video.encoderLanes`).
extension ExportSession {
    /// Whether this export encodes `video`'s segments in lanes: its preset asks for them, it renders ahead and has
    /// the cores to itself. Otherwise the same segments are encoded one after another, into the same bytes.
    func encodesInLanes(_ video: SegmentedVideo, depth: Int) -> Bool {
        lanes(of: video) > 1 && depth > 0 && !sharesCores
    }

    /// The lanes run at once for `video`: its preset's (one for 4K sources, see `lanes(rendering:)`), at most
    /// `maximumLanes` and one per segment.
    private func lanes(of video: SegmentedVideo) -> Int {
        min(video.lanes, maximumLanes, video.plan.segments.count)
    }

    /// Writes every segment of `video` as `exportSegments` does, byte for byte, but rendered and encoded by
    /// `lanes(of:)` threads, each with its own renderer and sources: at most `lanes` segments are in flight beyond
    /// the one being written, whose packets are written (and `audio` pumped) as they come. `tail` runs once
    /// the last segment's pictures are all encoded.
    func exportLanes(_ video: inout SegmentedVideo, range: TimeRange, output: OutputFile, audio: (any AudioFeed)?,
                     tail: () -> Void) throws(ExportError) -> (frames: Int64, reused: [SegmentReuse]) {
        let segments = video.plan.segments
        let lanes = lanes(of: video)
        // One segment beyond a chunk per lane: a lane that finished the chunk after the one being written goes on.
        let window = min(segments.count, lanes + 1)
        // The stream's first session is unused yet: the lane that encodes first takes it, as the serial loop does.
        let spare = SpareEncoder(video.spareEncoder, making: video.makeEncoder)
        video.spareEncoder = nil
        let shared = EncoderLane.Shared(
            session: self, segments: segments, lanes: lanes, clock: video.clock, rangeStart: range.start,
            work: HandoffQueue(capacity: segments.count),
            results: segments.map { HandoffQueue(capacity: $0.frames.count + 2) },
            makeEncoder: spare.next, stills: video.stills, headers: video.encoderHeaders)
        let workers = try laneWorkers(lanes, for: &video, shared: shared)
        for number in 0..<window { shared.work.put(number) }
        if window == segments.count { shared.work.finish() }
        for (number, worker) in workers.enumerated() { worker.start(number: number) }
        defer {
            shared.work.close()
            for queue in shared.results { queue.close() }
            for worker in workers { worker.join() }
            for pool in video.lanePools { pool.closeAllVideo() }
        }
        var reused: [SegmentReuse] = []
        var tailed = false
        let lanePools = video.lanePools
        for (number, segment) in segments.enumerated() {
            let isLast = number == segments.count - 1
            // Every picture is encoded once the last segment's are: no lane reads its sources any more.
            reused += try writeLaneOutput(of: segment, from: shared.results[number], video: &video, output: output,
                                          audio: audio, picturesDone: {
                guard isLast, !tailed else { return }
                tailed = true
                for pool in lanePools { pool.closeAllVideo() }
                tail()
            })
            if number + window < segments.count {
                shared.work.put(number + window)
                if number + window == segments.count - 1 { shared.work.finish() }
            }
            report(progress: Double(segment.frames.upperBound) / Double(max(1, video.frameCount)))
        }
        if !tailed { tail() }
        try video.splicer?.finish(to: output)
        return (video.frameCount, reused)
    }

    /// The `count` lanes of `video`: the first renders with the export's own renderer and sources, each other with a
    /// renderer over sources of its own (kept in `video.lanePools`, closed when the lanes are done).
    private func laneWorkers(_ count: Int, for video: inout SegmentedVideo,
                             shared: EncoderLane.Shared) throws(ExportError) -> [EncoderLane] {
        var workers = [EncoderLane(renderer: video.renderer, shared: shared)]
        for _ in 1..<count {
            let pool = sourcePool(damageTally: damageTally)
            pool.planReleases(for: composition)
            video.lanePools.append(pool)
            workers.append(EncoderLane(renderer: try video.makeRenderer(pool), shared: shared))
        }
        return workers
    }

    /// Writes what a lane hands over for `segment` from `queue` until it ends, with `exportSegments`' writers: an
    /// unshared segment frame by frame with its sound, a shared one whole and then its sound; a copied one is copied
    /// here, its lane doing nothing. Returns the reuse of a shared segment taken from the cache.
    private func writeLaneOutput(of segment: PlannedSegment, from queue: HandoffQueue<Result<LaneOutput, ExportError>>,
                                 video: inout SegmentedVideo, output: OutputFile, audio: (any AudioFeed)?,
                                 picturesDone: () -> Void) throws(ExportError) -> [SegmentReuse] {
        let start = video.clock.time(ofFrame: segment.frames.lowerBound)
        var reused: [SegmentReuse] = []
        if segment.isCopied, let stretch = video.copies[segment.frames.lowerBound] {
            try writeCopied(stretch, frames: segment.frames, video: &video, output: output, audio: audio)
        } else if segment.key != nil, let audio {
            try encodeSound(of: segment.frames, ahead: audio)
        }
        while let item = queue.take() {
            switch try item.get() {
            case let .frame(index, packets):
                try write(packets, shiftedBy: start, to: output, video: &video)
                try audio?.pump(throughFrame: index)
            case .picturesDone:
                picturesDone()
            case let .segment(packets, wasReused, earlier):
                if wasReused, let key = segment.key {
                    reused.append(reuse(of: key, frames: segment.frames, clock: video.clock, fromEarlierRun: earlier))
                }
                try writeShared(packets, frames: segment.frames, video: &video, output: output, audio: audio)
            }
        }
        try checkCancelled()
        return reused
    }

    /// Encodes the sound of a shared segment's `frames` while its lane renders it, holding the packets for
    /// `writeShared` to mux after the segment's: the order the serial loop writes, and the sound of the last segment
    /// is not left to encode on its own once every lane is done.
    private func encodeSound(of frames: Range<Int64>, ahead audio: any AudioFeed) throws(ExportError) {
        audio.holdsPackets = true
        defer { audio.holdsPackets = false }
        for index in frames { try audio.pump(throughFrame: index) }
    }
}
