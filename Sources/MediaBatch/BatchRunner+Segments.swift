import Manifest
import MediaCore
import Render
import Scheduler

extension BatchRunner {
    /// The run's shared segment cache, told every planned use; a launch rank that keeps outputs sharing segments
    /// close together (longest first among them); the outputs with fewer frames to encode than their lanes
    /// can share out (`ExportSession.fillsLanes`): the frames of the video segments the cache folder does not hold
    /// count (what a render encodes, unless another output of the run does); and each output's planned keys. Only
    /// `names` (the outputs that render) count.
    func planSharedSegments(_ names: [String], jobs: [String: Job], concurrency: Int, cores: Int)
        -> (cache: SegmentCache, rank: [String: Int], short: Set<String>, keys: [String: [SegmentKey]])
    {
        let cache = SegmentCache(archive: segmentStore)
        var keys: [String: [SegmentKey]] = [:]
        var short: Set<String> = []
        let planned = names.compactMap { jobs[$0] }.parallelMap { job in
            let session = plannedSession(job)
            let segments = session.plannedVideoSegments()
            let frames = segments.filter { segment in segment.key.map { segmentStore?.holds($0) != true } ?? true }
                .reduce(0) { $0 + Int64($1.frames.count) }
            return (name: job.name, keys: segments.compactMap(\.key) + [session.plannedSoundtrackKey()].compactMap { $0 },
                    short: !segments.isEmpty && !session.fillsLanes(cores, encodingFrames: frames))
        }
        for output in planned {
            keys[output.name] = output.keys
            if output.short { short.insert(output.name) }
        }
        cache.expect(names.flatMap { keys[$0] ?? [] })
        // Work, not length, orders the renders: the largest outputs start first, so that small ones are left to run
        // beside them, and the batch does not end on a large render alone.
        let cost = Dictionary(names.map { name in
            let pixels = jobs[name]?.settings.video.map { Double(max(1, $0.width * $0.height)) } ?? 1
            return (name, (jobs[name]?.expectedDuration.seconds ?? 0) * pixels)
        }, uniquingKeysWith: { a, _ in a })
        return (cache, SharedWorkOrder.rank(names, keys: keys, cost: cost, window: concurrency), short, keys)
    }

    /// A session of `job` to ask what its export would encode (its segments and their keys); never exported.
    func plannedSession(_ job: Job) -> ExportSession {
        let session = ExportSession(composition: job.composition, videoComposition: job.videoComposition,
                                    audioMix: job.audioMix, settings: job.settings, outputPath: job.outputPath)
        session.shareableRanges = Self.keyedRanges(of: job)
        session.fileDigests = fileDigests
        return session
    }

    /// The ranges of `job`'s timeline whose stretches get segment keys: all of it. Every stretch under one instruction
    /// (a clip, a transition, a titled stretch) is then a segment of its own, which other outputs of the run (an
    /// intro, a product shot under another language's title) and later runs (the clips and titles of an output whose
    /// outro changed) take instead of encoding it again. The cuts are the output's own
    /// content boundaries, so its bytes do not depend on the batch.
    static func keyedRanges(of job: Job) -> [TimeRange] {
        [TimeRange(start: .zero, duration: job.composition.duration)]
    }

    /// Without `--jobs`, the renders that run alone: those whose encoder lanes fill the cores (and fit the memory
    /// budget) and have enough to encode to keep them busy, outside `excluded` (renders held to one lane, and those
    /// that take most of their video from the cache folder). A second render beside one of them would add its memory
    /// and no speed; the next render starts in its tail instead.
    func rendersAlone(_ names: [String], jobs: [String: Job], excluded: Set<String>, cores: Int) -> Set<String> {
        guard options.jobs == nil else { return [] }
        return Set(names.filter { name in
            guard let job = jobs[name], !excluded.contains(name) else { return false }
            return RenderMemory.lanes(settings: job.settings, composition: job.composition) >= cores
        })
    }
}
