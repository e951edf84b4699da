import Foundation
import MediaTestSupport
import Testing

/// `reframe: auto` through the built binary: a shot made here (a white disc crossing a dark 16:9 frame, then a hard
/// cut to it on the other side) rendered to 9:16, read back with ffmpeg; the crop path read from `plan --json`.
@Suite(.serialized) struct ReframeRunTests {
    /// The disc's radius and its centre in source pixels at source frame `n` (640x360, 25 fps, 100 frames): moving
    /// right 4 px a frame, then at frame 60 a cut to x 560, moving left 2 px a frame.
    static let radius = 30.0, cutFrame = 60
    static func discX(_ n: Int) -> Double { n < cutFrame ? 60 + 4 * Double(n) : 560 - 2 * Double(n - cutFrame) }

    /// Makes the shot with ffmpeg's lavfi in `directory`.
    static func makeShot(in directory: URL) throws {
        let x = "if(lt(N\\,\(cutFrame))\\,60+4*N\\,560-2*(N-\(cutFrame)))"
        _ = try MediaTool.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x101010:s=640x360:r=25:d=4,format=yuv420p,"
                + "geq=lum='if(lt(hypot(X-\(x)\\,Y-180)\\,\(Int(radius)))\\,235\\,16)':cb=128:cr=128",
            // Tagged BT.709, the working space, so the shot is drawn without a colour conversion: the disc's
            // grey levels are the same either way, and debug builds convert slowly.
            "-c:v", "libx264", "-preset", "veryfast", "-g", "250", "-colorspace", "bt709", "-color_primaries", "bt709",
            "-color_trc", "bt709", directory.appendingPathComponent("disc.mp4").path,
        ])
    }

    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: portrait }
        presets:
          portrait: { base: draft, video: { width: 180, height: 320, fps: 25 }, audio: { bitrate: 64k } }

        """

    /// The crop positions of each reframed clip of each job in `plan --json`, by output name.
    static func paths(_ json: String) throws -> [String: [[String: Any]]] {
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var result: [String: [[String: Any]]] = [:]
        for job in plan["jobs"] as? [[String: Any]] ?? [] {
            result[job["name"] as? String ?? ""] = job["reframes"] as? [[String: Any]] ?? []
        }
        return result
    }

    @Test func movingSubjectStaysInViewFollowsSmoothlyAndJumpsAtTheCut() throws {
        let directory = try CommandRunner.temporaryDirectory("reframe-disc")
        try Self.makeShot(in: directory)
        try CommandRunner.write(Self.header + """
            outputs:
              - { name: follow, clips: [ { source: disc.mp4, reframe: { mode: auto, subject: salient } } ] }
              - { name: centre, clips: [ { source: disc.mp4, fit: cover } ] }

            """, to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: cache)
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let follow = try RGBVideo(path: directory.appendingPathComponent("out/follow.mp4").path, width: 180, height: 320)
        let centre = try RGBVideo(path: directory.appendingPathComponent("out/centre.mp4").path, width: 180, height: 320)
        #expect(follow.frameCount == 100)
        // The whole disc is in view: its ink clear of the side edges and (nearly) all of its area there.
        let scale = 320.0 / 360, area = Double.pi * (Self.radius * scale) * (Self.radius * scale)
        func whole(_ video: RGBVideo, _ frame: Int) -> Bool {
            let ink = video.ink(frame)
            return ink.minX > 0 && ink.maxX < 179 && Double(ink.pixels) > 0.9 * area
        }
        let inView = (0..<follow.frameCount).filter { whole(follow, $0) }.count
        #expect(Double(inView) >= 0.95 * Double(follow.frameCount), "the whole disc in \(inView) of 100 frames")
        let centred = (0..<centre.frameCount).filter { whole(centre, $0) }.count
        #expect(centred < 60, "the centre crop shows the whole disc in \(centred) of 100 frames")
        // The crop's left edge measured in source pixels: the disc's known centre less its place in the output.
        let crop = (0..<follow.frameCount).map { Self.discX($0) - follow.ink($0).centerX / scale }
        let steps = crop.indices.dropFirst().map { abs(crop[$0] - crop[$0 - 1]) }
        let jump = try #require(steps.indices.max { steps[$0] < steps[$1] }) + 1
        #expect(abs(jump - Self.cutFrame) <= 2, "the crop jumps at frame \(jump), the cut is at \(Self.cutFrame)")
        #expect(steps[jump - 1] > 150, "the jump at the cut is \(steps[jump - 1]) px")
        // The planned path: within each shot the second difference stays under 0.5% of the crop's width.
        let plan = try CommandRunner.run(["plan", "m.yaml", "--json"], in: directory, environment: cache)
        let clip = try #require(try Self.paths(plan.stdout)["follow"]?.first)
        let path = try #require(clip["path"] as? [String: Any])
        let positions = path["positions"] as? [Double] ?? []
        let extent = path["extent"] as? Double ?? 0
        #expect(positions.count == 100 && abs(extent - 202.5) < 1e-9)
        for shot in path["shots"] as? [[String: Any]] ?? [] {
            let frames = shot["frames"] as? [Int] ?? [0, 0]
            for index in (frames[0] + 1)..<(frames[1] - 1) {
                let acceleration = abs(positions[index + 1] - 2 * positions[index] + positions[index - 1])
                #expect(acceleration <= 0.005 * extent, "frame \(index): \(acceleration) px/frame²")
            }
        }
        let shots = (path["shots"] as? [[String: Any]] ?? []).map { $0["frames"] as? [Int] ?? [] }
        #expect(shots == [[0, 60], [60, 100]])
        // `sheet --reframe`: the first of 4 cells shows source frame 12 with the crop's left edge outlined there.
        let sheet = try CommandRunner.run(["sheet", "follow", "m.yaml", "--reframe", "--count", "4", "--width", "320"],
                                          in: directory, environment: cache)
        try #require(sheet.status == 0, "\(sheet.stdout)\(sheet.stderr)")
        let png = directory.appendingPathComponent("follow-reframe-sheet.png").path
        let page = try RGBVideo(path: png, width: 16 * 2 + 4 * 320 + 3 * 8, height: 16 * 2 + 180)
        let outline = page.ink(0, columns: 16..<336, rows: 100..<101) { $0.r > 200 && $0.g > 150 && $0.b < 80 }
        #expect(abs(Double(outline.minX - 16) - positions[12] / 2) <= 2, "outline \(outline), crop at \(positions[12])")
        let text = try CommandRunner.run(["plan", "m.yaml"], in: directory, environment: cache)
        #expect(text.stdout.contains("  reframe:  clip 1 file 'disc.mp4' (salient): 2 shots, crop 203 px wide; 0s-2.4s following x "),
                "\(text.stdout)")
    }
}
