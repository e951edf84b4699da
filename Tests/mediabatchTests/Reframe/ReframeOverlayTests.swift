import Foundation
import MediaTestSupport
import Testing

/// `reframe: auto` on a `video:` overlay: the disc shot of `ReframeRunTests` drawn in a 9:16 box of a 9:16 canvas
/// over a black clip, read back with ffmpeg; the crop follows the disc with the box's aspect.
@Suite(.serialized) struct ReframeOverlayTests {
    /// The box on the 180x320 canvas: 90x160 at (45, 80).
    static let box = (x: 45, y: 80, width: 90, height: 160)
    /// A centred crop of the box's aspect written by hand: 202.5 of the source's 640 px, from x 218.75.
    static let centreCrop = "motion: [ { at: 0%, crop: { x: 218.75, y: 0, width: 202.5, height: 360 } } ]"

    static func manifest(_ overlays: [String: String]) -> String {
        ReframeRunTests.header + "outputs:\n" + overlays.keys.sorted().map { name in
            """
              - name: \(name)
                clips: [ { source: { generate: color, color: black, duration: 4s, size: 180x320 } } ]
                overlays:
                  - { video: disc.mp4, region: { x: 45, y: 80, width: 90, height: 160 }\(overlays[name]!) }

            """
        }.joined()
    }

    /// Whether the whole disc shows inside the box at `frame`: its ink clear of the box's sides and (nearly) all of
    /// its area there.
    static func wholeInBox(_ video: RGBVideo, _ frame: Int) -> Bool {
        let area = Double.pi * pow(ReframeRunTests.radius * Double(box.height) / 360, 2)
        let ink = video.ink(frame, columns: box.x..<(box.x + box.width), rows: box.y..<(box.y + box.height))
        return ink.minX > box.x && ink.maxX < box.x + box.width - 1 && Double(ink.pixels) > 0.9 * area
    }

    @Test func subjectStaysInTheOverlaysBoxWhereACentreCropLosesIt() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-overlay")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(Self.manifest([
            "follow": ", reframe: { mode: auto, subject: salient }",
            "centre": ", \(Self.centreCrop)",
        ]), to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let follow = try RGBVideo(path: directory.appendingPathComponent("out/follow.mp4").path, width: 180, height: 320)
        let centre = try RGBVideo(path: directory.appendingPathComponent("out/centre.mp4").path, width: 180, height: 320)
        #expect(follow.frameCount == 100)
        let inView = (0..<follow.frameCount).filter { Self.wholeInBox(follow, $0) }.count
        #expect(Double(inView) >= 0.95 * Double(follow.frameCount), "the whole disc in \(inView) of 100 frames")
        let centred = (0..<centre.frameCount).filter { Self.wholeInBox(centre, $0) }.count
        #expect(centred < 60, "the centre crop shows the whole disc in \(centred) of 100 frames")
        // Nothing of the overlay is drawn outside its box.
        for frame in stride(from: 0, to: follow.frameCount, by: 5) {
            let outside = follow.ink(frame, rows: 0..<Self.box.y).pixels
                + follow.ink(frame, rows: (Self.box.y + Self.box.height)..<320).pixels
                + follow.ink(frame, columns: 0..<Self.box.x, rows: Self.box.y..<(Self.box.y + Self.box.height)).pixels
                + follow.ink(frame, columns: (Self.box.x + Self.box.width)..<180,
                             rows: Self.box.y..<(Self.box.y + Self.box.height)).pixels
            #expect(outside == 0, "frame \(frame): \(outside) px outside the box")
        }
        // The plan lists the overlay with a path of the box's aspect: 360 x 9/16 = 202.5 px wide, two shots.
        let text = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(text.stdout.contains("  reframe:  overlay 1 file 'disc.mp4' (salient): 2 shots, crop 203 px wide; 0s-2.4s following x "),
                "\(text.stdout)")
        let plan = try CommandRunner.run(["plan", "m.yaml", "--json"], in: directory, environment: cache)
        let overlay = try #require(try ReframeRunTests.paths(plan.stdout)["follow"]?.first)
        #expect(overlay["kind"] as? String == "overlay")
        let path = try #require(overlay["path"] as? [String: Any])
        #expect((path["positions"] as? [Double])?.count == 100 && path["extent"] as? Double == 202.5)
        let report = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(report.contains("- **follow** overlay 1 file 'disc.mp4' (salient): 2 shots"), "\(report)")
    }

    @Test func handWrittenCropOnTheOverlayWinsAndThePlanSaysSo() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-overlay-crop")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(Self.manifest([
            "both": ", reframe: auto, \(Self.centreCrop)",
            "crop": ", \(Self.centreCrop)",
        ]), to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let plan = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(plan.stdout.contains(
            "  reframe:  overlay 1 file 'disc.mp4' (any): the hand-written 'motion' wins over 'reframe: auto'\n"),
                "\(plan.stdout)")
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let both = try Data(contentsOf: directory.appendingPathComponent("out/both.mp4"))
        let crop = try Data(contentsOf: directory.appendingPathComponent("out/crop.mp4"))
        #expect(both == crop)
    }

    @Test func reframeOnAPictureOverlayIsAPositionedError() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-overlay-image")
        try CommandRunner.write("""
            mediabatch: 1
            outputs:
              - name: bad
                clips: [ { source: { generate: color, color: black, duration: 1s, size: 160x90 } } ]
                overlays: [ { image: logo.png, region: { x: 0, y: 0, width: 10% }, reframe: auto } ]

            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m.yaml"], in: directory)
        #expect(result.status != 0)
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(lines.contains("m.yaml:5:81: error: 'reframe' follows a filmed subject; it applies to a 'video:' "
                               + "overlay, not to a picture or an animation"), "\(result.stdout)\(result.stderr)")
    }

    @Test func sameBytesWithOneOrTwoJobs() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-overlay-jobs")
        try ReframeRunTests.makeShot(in: directory)
        try CommandRunner.write(Self.manifest([
            "a": ", reframe: { subject: salient, smoothing: 0.3 }, fade: 0.5s",
            "b": ", reframe: auto, from: 1s",
        ]), to: "m.yaml", in: directory)
        func render(_ out: String, jobs: String) throws -> [Data] {
            let environment = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache-\(out)").path]
            let run = try CommandRunner.run(["run", "m.yaml", "--jobs", jobs, "--out", out], in: directory,
                                            environment: environment)
            try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            return try ["a", "b"].map { try Data(contentsOf: directory.appendingPathComponent("\(out)/\($0).mp4")) }
        }
        let serial = try render("one", jobs: "1")
        #expect(try render("two", jobs: "2") == serial)
        #expect(serial[0] != serial[1])
    }
}
