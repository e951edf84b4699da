import Manifest
import Render
import Scheduler

extension BatchRunner {
    /// The run's shared segment cache, told every planned use, and a launch rank that keeps outputs sharing
    /// segments close together (longest first among them). Only `names` (the outputs that render) count.
    func planSharedSegments(_ names: [String], jobs: [String: Job], concurrency: Int)
        -> (cache: SegmentCache, rank: [String: Int])
    {
        let cache = SegmentCache(archive: segmentStore)
        var keys: [String: [SegmentKey]] = [:]
        for name in names {
            guard let job = jobs[name] else { continue }
            let session = ExportSession(composition: job.composition, videoComposition: job.videoComposition,
                                        audioMix: job.audioMix, settings: job.settings, outputPath: job.outputPath)
            session.shareableRanges = job.shareableRanges
            keys[name] = session.plannedSegmentKeys() + [session.plannedSoundtrackKey()].compactMap { $0 }
        }
        cache.expect(names.flatMap { keys[$0] ?? [] })
        let cost = Dictionary(names.map { ($0, jobs[$0]?.expectedDuration.seconds ?? 0) }, uniquingKeysWith: { a, _ in a })
        return (cache, SharedWorkOrder.rank(names, keys: keys, cost: cost, window: concurrency))
    }
}
