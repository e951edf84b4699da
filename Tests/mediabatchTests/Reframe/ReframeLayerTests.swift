import Foundation
import MediaTestSupport
import Testing

/// `reframe` on the layers of a `tracks:` timeline: the disc shot of `ReframeRunTests` played by a track whose layer
/// puts it in the 9:16 box of `ReframeOverlayTests` (or fills the canvas), read back with ffmpeg.
@Suite(.serialized) struct ReframeLayerTests {
    static let box = ReframeOverlayTests.box

    /// An output with the disc on track 1 (`segments`, then `layer` keys added to its layer), over a black track.
    static func output(_ name: String, segments: String = "[ { source: disc.mp4 } ]", layer: String,
                       outputKeys: String = "") -> String {
        """
          - name: \(name)\(outputKeys)
            tracks:
              - { segments: \(segments) }
              - { segments: [ { source: { generate: color, color: black, duration: 4s, size: 180x320 } } ] }
            layers:
              - { track: 1\(layer) }

        """
    }

    static let region = ", region: { x: 45, y: 80, width: 90, height: 160 }"
    /// A centred crop of the box's aspect written by hand: 202.5 of the source's 640 px, from x 218.75.
    static let centreCrop = ", crop: { x: 218.75, y: 0, width: 202.5, height: 360 }"

    static func run(_ outputs: [String], in directory: URL, _ extra: [String] = []) throws -> [String: String] {
        try CommandRunner.write(ReframeRunTests.header + "outputs:\n" + outputs.joined(), to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let run = try CommandRunner.run(["run", "m.yaml"] + extra, in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        return cache
    }

    @Test func eachSegmentsSubjectStaysInTheLayersBoxWhereACentreCropLosesIt() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-layer")
        try ReframeRunTests.makeShot(in: directory)
        let cache = try Self.run([
            Self.output("follow", segments: "[ { source: disc.mp4, to: 2s }, { source: disc.mp4, from: 2s } ]",
                        layer: Self.region + ", reframe: { mode: auto, subject: salient }"),
            Self.output("centre", layer: Self.region + ", fit: cover"),
        ], in: directory)
        let follow = try RGBVideo(path: directory.appendingPathComponent("out/follow.mp4").path, width: 180, height: 320)
        let centre = try RGBVideo(path: directory.appendingPathComponent("out/centre.mp4").path, width: 180, height: 320)
        #expect(follow.frameCount == 100)
        let inView = (0..<follow.frameCount).filter { ReframeOverlayTests.wholeInBox(follow, $0) }.count
        #expect(Double(inView) >= 0.95 * Double(follow.frameCount), "the whole disc in \(inView) of 100 frames")
        let centred = (0..<centre.frameCount).filter { ReframeOverlayTests.wholeInBox(centre, $0) }.count
        #expect(centred < 60, "the centre crop shows the whole disc in \(centred) of 100 frames")
        for frame in stride(from: 0, to: follow.frameCount, by: 5) {
            let above = follow.ink(frame, rows: 0..<Self.box.y).pixels
            let below = follow.ink(frame, rows: (Self.box.y + Self.box.height)..<320).pixels
            #expect(above + below == 0, "frame \(frame): \(above + below) px above or below the box")
        }
        // One entry a segment, each with a path of the box's aspect (360 x 9/16 = 202.5 px); the cut at 2.4 s is in
        // the second segment.
        let text = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(text.stdout.contains("  reframe:  layer 1 file 'disc.mp4' (salient): 1 shot, crop 203 px wide; 0s-2s following x "),
                "\(text.stdout)")
        #expect(text.stdout.contains("  reframe:  layer 1 file 'disc.mp4' (salient): 2 shots, crop 203 px wide; 2s-2.4s still at x "),
                "\(text.stdout)")
        #expect(text.stdout.contains(" | 2.4s-4s still at x "), "\(text.stdout)")
        let plan = try CommandRunner.run(["plan", "m.yaml", "--json"], in: directory, environment: cache)
        let entries = try #require(try ReframeRunTests.paths(plan.stdout)["follow"])
        #expect(entries.map { $0["kind"] as? String } == ["layer", "layer"])
        #expect(entries.map { (($0["path"] as? [String: Any])?["positions"] as? [Double])?.count } == [50, 50])
        let report = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(report.contains("- **follow** layer 1 file 'disc.mp4' (salient): 1 shot"), "\(report)")
        let sheet = try CommandRunner.run(["sheet", "follow", "m.yaml", "--reframe", "--count", "4", "--width", "320"],
                                          in: directory, environment: cache)
        try #require(sheet.status == 0, "\(sheet.stdout)\n\(sheet.stderr)")
        // Its first of 4 cells shows source frame 12 (of the first segment) with the crop's left edge outlined there.
        let first = try #require((entries.first?["path"] as? [String: Any])?["positions"] as? [Double])
        let png = directory.appendingPathComponent("follow-reframe-sheet.png").path
        let page = try RGBVideo(path: png, width: 16 * 2 + 4 * 320 + 3 * 8, height: 16 * 2 + 180)
        let outline = page.ink(0, columns: 16..<336, rows: 100..<101) { $0.r > 200 && $0.g > 150 && $0.b < 80 }
        #expect(abs(Double(outline.minX - 16) - first[12] / 2) <= 2, "outline \(outline), crop at \(first[12])")
    }

    @Test func theOutputsReframeAppliesToATrackWithoutALayer() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-layer-default")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(ReframeRunTests.header + """
            outputs:
              - name: whole
                reframe: { subject: salient }
                tracks: [ { segments: [ { source: disc.mp4 } ] } ]

            """, to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let whole = try RGBVideo(path: directory.appendingPathComponent("out/whole.mp4").path, width: 180, height: 320)
        let area = Double.pi * pow(ReframeRunTests.radius * 320 / 360, 2)
        let inView = (0..<whole.frameCount).filter { frame in
            let ink = whole.ink(frame)
            return ink.minX > 0 && ink.maxX < 179 && Double(ink.pixels) > 0.9 * area
        }.count
        #expect(whole.frameCount == 100 && Double(inView) >= 95, "the whole disc in \(inView) of \(whole.frameCount) frames")
    }

    @Test func handWrittenCropOnTheLayerWinsAndThePlanSaysSo() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-layer-crop")
        try ReframeRunTests.makeShot(in: directory)
        let cache = try Self.run([
            Self.output("both", layer: Self.region + Self.centreCrop + ", reframe: auto"),
            Self.output("crop", layer: Self.region + Self.centreCrop),
        ], in: directory)
        let plan = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(plan.stdout.contains(
            "  reframe:  layer 1 file 'disc.mp4' (any): the hand-written 'crop' wins over 'reframe: auto'\n"),
                "\(plan.stdout)")
        let both = try Data(contentsOf: directory.appendingPathComponent("out/both.mp4"))
        let crop = try Data(contentsOf: directory.appendingPathComponent("out/crop.mp4"))
        #expect(both == crop)
    }

    @Test(arguments: [
        ("reframe: sideways", "m.yaml:11:30: error: unknown reframe 'sideways'; expected one of 'off', 'auto'"),
        ("reframe: { subject: cats }", "m.yaml:11:41: error: unknown reframe subject 'cats'; expected one of 'faces', 'people', 'salient', 'any'"),
    ])
    func aWrongReframeOnALayerIsAPositionedError(layer: String, message: String) throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-layer-error")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(ReframeRunTests.header + "outputs:\n" + Self.output("bad", layer: ", " + layer),
                                to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m.yaml"], in: directory)
        #expect(result.status != 0)
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(": error: ") } == [message], "\(result.stdout)\(result.stderr)")
    }

    @Test func sameBytesWithOneOrTwoJobs() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-layer-jobs")
        try ReframeRunTests.makeShot(in: directory)
        let outputs = [
            Self.output("a", layer: Self.region + ", reframe: { subject: salient, smoothing: 0.3 }, enter: fade, opacity: 0.8"),
            Self.output("b", segments: "[ { source: disc.mp4, from: 1s } ]", layer: ", reframe: auto, exit: slide-left"),
        ]
        func render(_ out: String, jobs: String) throws -> [Data] {
            _ = try Self.run(outputs, in: directory, ["--jobs", jobs, "--out", out])
            return try ["a", "b"].map { try Data(contentsOf: directory.appendingPathComponent("\(out)/\($0).mp4")) }
        }
        let serial = try render("one", jobs: "1")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("cache"))
        #expect(try render("two", jobs: "2") == serial)
        #expect(serial[0] != serial[1])
    }
}
