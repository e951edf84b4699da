import Foundation
import MediaTestSupport
import Testing

/// What wins over `reframe`, how its values are checked, and that its renders never depend on `--jobs` or the cache.
@Suite(.serialized) struct ReframeRulesTests {
    @Test func handWrittenCropWinsAndThePlanSaysSo() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-crop")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(ReframeRunTests.header + """
            outputs:
              - name: both
                reframe: auto
                clips: [ { source: disc.mp4, crop: { x: 0%, width: 50% }, fit: cover } ]
              - { name: crop, clips: [ { source: disc.mp4, crop: { x: 0%, width: 50% }, fit: cover } ] }

            """, to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let plan = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(plan.stdout.contains(
            "  reframe:  clip 1 file 'disc.mp4' (any): the hand-written 'crop' wins over 'reframe: auto'\n"), "\(plan.stdout)")
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let both = try RGBVideo(path: directory.appendingPathComponent("out/both.mp4").path, width: 180, height: 320)
        let crop = try RGBVideo(path: directory.appendingPathComponent("out/crop.mp4").path, width: 180, height: 320)
        #expect(both.frameCount == crop.frameCount)
        for frame in stride(from: 0, to: both.frameCount, by: 9) {
            let differing = stride(from: 0, to: 320, by: 4).flatMap { y in
                stride(from: 0, to: 180, by: 4).filter { x in both.rgb(frame, x, y) != crop.rgb(frame, x, y) }
            }
            #expect(differing.isEmpty, "frame \(frame): \(differing.count) pixels differ")
        }
        let report = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(report.contains("- **both** clip 1 file 'disc.mp4' (any): the hand-written 'crop' wins"), "\(report)")
    }

    @Test(arguments: [
        ("{ subject: cats }", "m.yaml:4:54: error: unknown reframe subject 'cats'; expected one of 'faces', 'people', 'salient', 'any'"),
        ("maybe", "m.yaml:4:43: error: unknown reframe 'maybe'; expected one of 'off', 'auto'"),
        ("{ padding: 60% }", "m.yaml:4:54: error: reframe 'padding' is a percentage of the crop from 0% to 40%, such as '10%', not '60%'"),
        ("{ smoothing: 2 }", "m.yaml:4:56: error: 'smoothing' must be from 0 to 1, not 2"),
        ("{ mode: on }", "m.yaml:4:51: error: unknown reframe mode 'on'; expected one of 'off', 'auto'"),
        ("{ mode: auto, speed: 2 }", "m.yaml:4:57: error: unknown key 'speed' in 'reframe'"),
    ])
    func unknownValuesArePositionedErrors(value: String, expected: String) throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-errors")
        try CommandRunner.write("""
            mediabatch: 1
            outputs:
              - name: bad
                clips: [ { source: disc.mp4, reframe: \(value) } ]

            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m.yaml"], in: directory)
        #expect(result.status != 0)
        // The source is missing too (an error of its own): the reframe error is one of the lines, whole.
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(lines.contains(expected), "\(result.stdout)\(result.stderr)")
    }

    @Test func sameBytesWithOneOrTwoJobsAndWithOrWithoutTheCache() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-jobs")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(ReframeRunTests.header + """
            outputs:
              - name: "disc-{aspect}"
                matrix: { aspect: [9x16, 1x1, 4x5] }
                preset: { base: portrait, aspect: "{aspect}" }
                reframe: { subject: salient, smoothing: 0.3 }
                clips: [ { source: disc.mp4, from: 1s } ]

            """, to: "m.yaml", in: directory)
        func render(_ out: String, jobs: String, cache: String) throws -> [Data] {
            let environment = ["MEDIABATCH_CACHE": directory.appendingPathComponent(cache).path]
            let run = try CommandRunner.run(["run", "m.yaml", "--jobs", jobs, "--out", out], in: directory,
                                            environment: environment)
            try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            return try ["9x16", "1x1", "4x5"].map { aspect in
                try Data(contentsOf: directory.appendingPathComponent("\(out)/disc-\(aspect).mp4"))
            }
        }
        let serial = try render("one", jobs: "1", cache: "cache-a")
        let entries = FileManager.default.subpaths(atPath: directory.appendingPathComponent("cache-a/reframe").path) ?? []
        #expect(entries.filter { $0.hasSuffix(".json") }.count == 1, "one analysis for three aspects: \(entries)")
        #expect(try render("two", jobs: "2", cache: "cache-a") == serial)
        #expect(try render("fresh", jobs: "2", cache: "cache-b") == serial)
        #expect(Set(serial).count == 3)
    }
}
