import Foundation
@testable import MediaBatch
import MediaTestSupport
import Testing

/// Without `--jobs`, a render whose encoder lanes fill the cores runs alone; once its segments are in the cache
/// folder it has too little left to encode to fill them (less than a shortest chunk per lane), so it runs beside another
/// render.
@Suite struct CachedRunSchedulingTests {
    @Test func aRenderWhoseSegmentsAreCachedNoLongerRunsAlone() throws {
        let folder = try TestScratch.directory("cached-scheduling")
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("m").path,
                                                withIntermediateDirectories: true)
        for name in ["a", "b"] {
            _ = try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=4", "-pix_fmt",
                                      "yuv420p", folder.appendingPathComponent("m/\(name).mp4").path])
        }
        let manifest = folder.appendingPathComponent("m/batch.yaml")
        try """
        mediabatch: 1
        defaults: { out: out }
        presets:
          capped: { base: web-720p, video: { width: 320, height: 180, speed: ultrafast, threads: 2 } }
        outputs:
          - { name: one, preset: capped, clips: [ { source: a.mp4, transition: { type: crossfade, duration: 0.5s } }, b.mp4 ] }
        """.write(to: manifest, atomically: true, encoding: .utf8)
        var options = BatchOptions(paths: [manifest.path], toolVersion: "test")
        options.cacheDirectory = folder.appendingPathComponent("cache").path

        func scheduled() throws -> (short: Bool, alone: Bool) {
            let runner = BatchRunner(options: options)
            let plan = BatchPlan.make(paths: [manifest.path])
            let jobs = Dictionary(uniqueKeysWithValues: plan.jobs.map { ($0.name, $0) })
            try #require(jobs["one"] != nil, "\(plan.diagnostics) \(plan.problems)")
            let shared = runner.planSharedSegments(["one"], jobs: jobs, concurrency: 2, cores: 2)
            let alone = runner.rendersAlone(["one"], jobs: jobs, excluded: shared.short, cores: 2)
            return (shared.short.contains("one"), alone.contains("one"))
        }

        let before = try scheduled()
        #expect(!before.short && before.alone, "\(before)")
        let runner = BatchRunner(options: options)
        let report = runner.run(BatchPlan.make(paths: [manifest.path]))
        #expect(report.outputs.allSatisfy { $0.status == .rendered }, "\(report.outputs)")
        runner.segmentStore?.finishWrites()
        let after = try scheduled()
        #expect(after.short && !after.alone, "\(after)")
    }
}
