import Foundation
import MediaBatch
import MediaTestSupport
import Testing

/// `--max-memory` sizes: powers of 1024 with or without a unit's B or iB, bare numbers are bytes.
@Suite struct MemoryBudgetTests {
    @Test(arguments: [
        ("350M", 350 << 20), ("350MB", 350 << 20), ("350MiB", 350 << 20), ("2G", 2 << 30), ("2gb", 2 << 30),
        ("512k", 512 << 10), ("1048576", 1 << 20), (" 1T ", 1 << 40),
    ])
    func readsSizes(text: String, bytes: Int) {
        #expect(MemoryBudget(parsing: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "M", "0", "0G", "-5M", "1.5G", "12 MB", "3X", "99999999999999999999", "9000000000000T"])
    func refusesWhatIsNotASize(text: String) {
        #expect(MemoryBudget(parsing: text) == nil)
    }

    /// The memory estimate counts a source's real pictures (bit depth, colour: primaries, transfer, matrix) from the
    /// plan's probes: they are keyed by the paths the jobs' segments read, however the manifest wrote them.
    @Test func planKeepsTheProbedVideoStreamOfEverySourceByThePathItsSegmentsRead() throws {
        let folder = try TestScratch.directory("memory-probes")
        let clip = folder.appendingPathComponent("clips/hlg.mp4").path
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("clips").path,
                                                withIntermediateDirectories: true)
        _ = try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x36:rate=10:duration=0.5", "-pix_fmt",
                                  "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
                                  "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", clip])
        let manifest = folder.appendingPathComponent("m/batch.yaml")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
        mediabatch: 1
        outputs:
          - { name: phone, preset: web-720p, clips: [ { source: ../clips/./hlg.mp4 } ] }
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let plan = BatchPlan.make(paths: [manifest.path])
        let job = try #require(plan.jobs.first, "\(plan.diagnostics) \(plan.problems)")
        let urls = job.composition.tracks(withMediaType: .video).flatMap(\.segments).compactMap(\.sourceURL)
        #expect(!urls.isEmpty)
        for url in urls {
            let stream = plan.videoStreams[url.path]
            #expect(stream?.pixelFormat == "yuv420p10le" && stream?.colorPrimaries == "bt2020"
                    && stream?.colorTransfer == "arib-std-b67" && stream?.colorMatrix == "bt2020nc",
                    "\(url.path): \(plan.videoStreams)")
        }
    }

    @Test func defaultIsBelowTheMachinesMemory() {
        let budget = MemoryBudget.machineDefault
        #expect(budget.bytes > 0)
        #expect(UInt64(budget.bytes) < ProcessInfo.processInfo.physicalMemory)
    }
}
