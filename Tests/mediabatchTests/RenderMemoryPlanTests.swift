import Foundation
@testable import MediaBatch
import MediaTestSupport
import Render
import Testing

/// How a batch of a large output and smaller ones shares the cores and the memory budget (B2's three aspects of
/// web-720p, capped, so each render may run two encoder lanes): without flags the large render runs in one lane beside
/// a smaller one under the pair's budget; under a `--max-memory` its lanes do not fit, it pairs the same way within
/// the user's budget instead of running in one lane with the other core idle; under a budget its lanes fit, renders
/// run their lanes alone.
@Suite struct RenderMemoryPlanTests {
    /// The plan of the batch under `maxMemory` (nil: no flag).
    static func plan(maxMemory: MemoryBudget?, in folder: URL) throws -> RenderMemoryPlan {
        let manifest = folder.appendingPathComponent("m/batch.yaml")
        var options = BatchOptions(paths: [manifest.path], toolVersion: "test")
        options.maxMemory = maxMemory
        let runner = BatchRunner(options: options)
        let plan = BatchPlan.make(paths: [manifest.path])
        let jobs = Dictionary(uniqueKeysWithValues: plan.jobs.map { ($0.name, $0) })
        try #require(jobs.count == 3, "\(plan.diagnostics) \(plan.problems)")
        return runner.memoryPlan(Array(jobs.keys).sorted(), jobs: jobs, streams: plan.videoStreams, decoderThreads: 1,
                                 concurrency: 2, short: [])
    }

    @Test func aLargeRenderPairsWithASmallerOneByDefaultAndWithinAGivenBudget() throws {
        let folder = try TestScratch.directory("memory-plan")
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("m").path,
                                                withIntermediateDirectories: true)
        _ = try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=1", "-pix_fmt",
                                  "yuv420p", folder.appendingPathComponent("m/clip.mp4").path])
        try """
        mediabatch: 1
        defaults: { out: out }
        presets:
          bench: { base: web-720p, video: { speed: veryfast, crf: 23 } }
        outputs:
          - name: "promo-{aspect}"
            matrix: { aspect: [16x9, 9x16, 1x1] }
            preset: { base: bench, aspect: "{aspect}" }
            clips: [ { source: clip.mp4, fit: cover } ]
        """.write(to: folder.appendingPathComponent("m/batch.yaml"), atomically: true, encoding: .utf8)

        let free = try Self.plan(maxMemory: nil, in: folder)
        #expect(free.pairs && free.singleLane == ["promo-1x1"], "\(free)")
        #expect(free.budget < MemoryBudget.machineDefault.bytes - RenderMemory.processBytes)

        let given = try Self.plan(maxMemory: MemoryBudget(bytes: 350 << 20), in: folder)
        #expect(given.pairs && given.singleLane == ["promo-1x1"], "\(given)")
        #expect(given.budget == (350 << 20) - RenderMemory.processBytes)
        #expect(given.budget >= free.budget, "the pair fits the given budget")

        let ample = try Self.plan(maxMemory: MemoryBudget(bytes: 8 << 30), in: folder)
        #expect(!ample.pairs && ample.singleLane.isEmpty, "\(ample)")
    }
}
