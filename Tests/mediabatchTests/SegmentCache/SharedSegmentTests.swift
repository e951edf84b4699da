import Foundation
import Testing

/// Outputs of a batch that share an intro and an outro reuse their encoded segments, and every output has the bytes it
/// has when rendered alone; the joined segments decode cleanly, on time, with the right pictures at the joins.
@Suite(.serialized)
struct SharedSegmentTests {
    static let names = ["promo-red", "promo-blue", "promo-green"]
    static let frameRate = 12
    /// 1.5 s intro + 1.5 s clip + 1.5 s outro, two 0.25 s crossfades: 4 s.
    static let frameCount = 48

    /// A folder with the intro and outro files and a manifest of three outputs that share them (and, the clips being
    /// muted, all their sound), with a `loudness` target when given. With `passthrough` the preset copies what it can
    /// from the sources, which are then made for it (x264 High, tagged BT.709, like the output).
    static func makeBatch(loudness: Int? = nil, passthrough: Bool = false, crossfades: Bool = true) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory("shared-segments")
        let encoding = passthrough
            ? ["-preset", "veryfast", "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"]
            : ["-preset", "ultrafast"]
        for (name, pattern) in [("intro", "testsrc2"), ("outro", "smptebars")] {
            try MediaCheck.make(directory.appendingPathComponent("m/\(name).mp4"), [
                "-f", "lavfi", "-i", "\(pattern)=size=320x180:rate=12:duration=1.5", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=1.5", "-c:v", "libx264"] + encoding + [
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"])
        }
        let transition = crossfades ? ", transition: { type: crossfade, duration: 0.25s }" : ""
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out }
            presets:
              small: { base: draft, passthrough: \(passthrough), video: { width: 320, height: 180, fps: 12, speed: veryfast }, audio: { bitrate: 64k\(loudness.map { ", loudness: \($0)" } ?? "") } }
            outputs:
              - name: "promo-{color}"
                matrix: { color: [red, blue, green] }
                preset: small
                intro: { source: intro.mp4\(transition) }
                outro: { source: outro.mp4\(transition) }
                clips: [ { source: { generate: color, color: "{color}", duration: 1.5s }, mute: true } ]

            """, to: "m/batch.yaml", in: directory)
        return directory
    }

    /// The bytes of every output after `mediabatch run m arguments` into an empty output folder, and the report. The
    /// run starts with no segments kept from earlier runs, so the reuse it reports is its own.
    static func render(_ arguments: [String], in directory: URL) throws -> (files: [String: Data], report: [String: Any]) {
        let out = directory.appendingPathComponent("m/out")
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(".cache/segments"))
        let result = try CommandRunner.run(["run", "m", "--quiet"] + arguments, in: directory)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        var files: [String: Data] = [:]
        for name in names {
            files[name] = FileManager.default.contents(atPath: out.appendingPathComponent("\(name).mp4").path)
        }
        let json = try Data(contentsOf: out.appendingPathComponent("report.json"))
        return (files, try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:])
    }

    /// The outputs of a report that copied their sound from another.
    static func soundtrackReuse(in report: [String: Any]) -> [String] {
        (report["outputs"] as? [[String: Any]] ?? []).compactMap { output in
            output["reusedSoundtrack"] != nil ? output["name"] as? String : nil
        }
    }

    /// Each output's reused segment labels in a report.
    static func reuse(in report: [String: Any]) -> [String: [String]] {
        segments("reusedSegments", in: report)
    }

    /// Each output's segment labels under `field` (`reusedSegments`, `cachedSegments`) in a report.
    static func segments(_ field: String, in report: [String: Any]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for output in report["outputs"] as? [[String: Any]] ?? [] {
            if let name = output["name"] as? String, let segments = output[field] as? [String] {
                found[name] = segments
            }
        }
        return found
    }

    @Test func sharedSegmentsGiveTheBytesOfOutputsRenderedAlone() throws {
        let directory = try Self.makeBatch()
        let serial = try Self.render(["--jobs", "1"], in: directory)
        let parallel = try Self.render(["--jobs", "2"], in: directory)
        var alone: [String: Data] = [:]
        for name in Self.names {
            alone[name] = try Self.render(["--only", name], in: directory).files[name]
        }
        for name in Self.names {
            let bytes = try #require(alone[name], "\(name) was not rendered alone")
            #expect(serial.files[name] == bytes, "\(name): --jobs 1 batch differs from the output alone")
            #expect(parallel.files[name] == bytes, "\(name): --jobs 2 batch differs from the output alone")
        }
        // With one job, the first output renders the intro and outro and the two after it take them from the cache.
        let reuse = Self.reuse(in: serial.report)
        #expect(reuse.count == 2, "\(reuse)")
        for segments in reuse.values {
            #expect(segments.contains { $0.hasPrefix("intro.mp4") } && segments.contains { $0.hasPrefix("outro.mp4") },
                    "\(segments)")
        }
        // The sound is the same for all three: the first output encodes it, the other two copy its packets.
        #expect(Self.soundtrackReuse(in: serial.report).count == 2, "\(serial.report)")
        // Two at a time, the second output waits for the first one's intro instead of rendering it again.
        #expect(!Self.reuse(in: parallel.report).isEmpty)
        #expect(Self.reuse(in: try Self.render(["--only", "promo-blue"], in: directory).report).isEmpty)
    }

    /// An intro and an outro joined to the clip by plain cuts (one instruction over the whole output) are segments of
    /// their own too: the second and third outputs take both from the first, with the bytes each has alone.
    @Test func anIntroAndOutroJoinedWithoutTransitionsAreSharedToo() throws {
        let directory = try Self.makeBatch(crossfades: false)
        let serial = try Self.render(["--jobs", "1"], in: directory)
        for name in Self.names {
            let alone = try Self.render(["--only", name], in: directory).files[name]
            #expect(alone != nil && serial.files[name] == alone, "\(name): --jobs 1 batch differs from the output alone")
        }
        let reuse = Self.reuse(in: serial.report)
        #expect(reuse.values.sorted { $0.joined() < $1.joined() } == [
            ["intro.mp4 from 0.00 s", "outro.mp4 from 0.00 s"], ["intro.mp4 from 0.00 s", "outro.mp4 from 0.00 s"],
        ], "\(reuse)")
        let file = directory.appendingPathComponent("m/out/promo-green.mp4")
        #expect(try MediaCheck.video(file).frames == 54)
    }

    /// With passthrough, each output copies the start of the intro from its file (and encodes the rest), with the
    /// bytes it has alone, whatever the number of jobs; the report counts the copied pictures.
    @Test func copiedStretchesGiveTheBytesOfOutputsRenderedAlone() throws {
        let directory = try Self.makeBatch(passthrough: true)
        let serial = try Self.render(["--jobs", "1"], in: directory)
        let parallel = try Self.render(["--jobs", "2"], in: directory)
        for name in Self.names {
            let alone = try Self.render(["--only", name], in: directory).files[name]
            #expect(alone != nil && serial.files[name] == alone, "\(name): --jobs 1 batch differs from the output alone")
            #expect(parallel.files[name] == alone, "\(name): --jobs 2 batch differs from the output alone")
            let file = directory.appendingPathComponent("m/out/\(name).mp4")
            // -xerror: any decode error fails the command, and the test.
            try MediaCheck.run("ffmpeg", ["-v", "error", "-xerror", "-i", file.path, "-f", "null", "-"])
            #expect(try MediaCheck.video(file).frames == Self.frameCount)
        }
        let outputs = serial.report["outputs"] as? [[String: Any]] ?? []
        let copied = outputs.compactMap { $0["copiedFrames"] as? Int }
        let reasons = Set(outputs.compactMap { $0["passthroughReason"] as? String })
        #expect(reasons == ["passthrough: the composition has 2 video tracks; exactly one can be copied"], "\(reasons)")
        // The intro shows alone for 1.25 s (15 frames); the copy ends with the last whole mini-GOP in it.
        #expect(copied.count == 3 && copied.allSatisfy { $0 >= 8 && $0 <= 15 }, "\(copied)")
    }

    /// With a loudness target (a measuring pass, gain and limiter before the encoder) a copied soundtrack still gives
    /// each output the bytes and the reported loudness it has alone.
    @Test func copiedSoundtracksKeepBytesAndLoudnessUnderALoudnessTarget() throws {
        let directory = try Self.makeBatch(loudness: -16)
        let batch = try Self.render(["--jobs", "1"], in: directory)
        #expect(Self.soundtrackReuse(in: batch.report).count == 2)
        let loudness = (batch.report["outputs"] as? [[String: Any]] ?? []).compactMap { $0["loudnessLUFS"] as? Double }
        #expect(loudness.count == 3 && Set(loudness).count == 1, "\(loudness)")
        for name in Self.names {
            let alone = try Self.render(["--only", name], in: directory)
            #expect(Self.soundtrackReuse(in: alone.report).isEmpty)
            #expect(batch.files[name] == alone.files[name], "\(name) differs from the output alone")
        }
    }

    /// A memory budget too small for two renders makes `--jobs 2` start one at a time (each `started` event follows
    /// the previous output's `finished`), with the bytes of the serial run.
    @Test func aMemoryBudgetRunsRendersOneAtATimeWithTheSameBytes() throws {
        let directory = try Self.makeBatch()
        let serial = try Self.render(["--jobs", "1"], in: directory)
        let budgeted = try Self.render(["--jobs", "2", "--max-memory", "100M"], in: directory)
        #expect(budgeted.files == serial.files)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("m/out"))
        let result = try CommandRunner.run(["run", "m", "--jobs", "2", "--max-memory", "100M", "--progress", "json"],
                                           in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").compactMap { line -> String? in
            let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (event?["event"] as? String).flatMap { ["started", "finished"].contains($0) ? $0 : nil }
        }
        #expect(events == Array(repeating: ["started", "finished"], count: Self.names.count).flatMap { $0 }, "\(events)")
        // Without the budget the two jobs overlap.
        let free = try CommandRunner.run(["run", "m", "--force", "--jobs", "2", "--progress", "json"], in: directory)
        #expect(free.stdout.split(separator: "\n").prefix(3).allSatisfy { !$0.contains("\"finished\"") })
    }

    /// One render at a time (`--jobs 1`), the next output starts as soon as the one before has handed its last
    /// picture to the encoder (its tail: the encoder's drain, the file's end and its check), so every `started` but
    /// the first comes before the previous output's `finished`; the bytes are those of outputs rendered alone.
    @Test func theNextRenderStartsDuringTheTailOfTheOneBefore() throws {
        let directory = try Self.makeBatch()
        let result = try CommandRunner.run(["run", "m", "--jobs", "1", "--progress", "json"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").compactMap { line -> String? in
            let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (event?["event"] as? String).flatMap { ["started", "finished"].contains($0) ? $0 : nil }
        }
        #expect(events == ["started", "started", "finished", "started", "finished", "finished"], "\(events)")
        let batch = Self.names.map { FileManager.default.contents(atPath: directory.appendingPathComponent("m/out/\($0).mp4").path) }
        for (name, bytes) in zip(Self.names, batch) {
            let alone = try Self.render(["--only", name], in: directory).files[name]
            #expect(bytes != nil && alone == bytes, "\(name)")
        }
    }

    @Test func joinedSegmentsDecodeOnTimeWithTheRightPicturesAtTheJoins() throws {
        let directory = try Self.makeBatch()
        _ = try Self.render(["--jobs", "1"], in: directory)
        let name = "promo-green"
        let file = directory.appendingPathComponent("m/out/\(name).mp4")
        // Decodes without a single error (any corrupt join makes the decoder fail here).
        try MediaCheck.run("ffmpeg", ["-v", "error", "-xerror", "-err_detect", "explode", "-i", file.path, "-f", "null", "-"])
        let text = String(decoding: try MediaCheck.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time,key_frame", "-of", "csv=p=0",
            file.path]), as: UTF8.self)
        let frames = text.split(separator: "\n").map { $0.split(separator: ",") }
        try #require(frames.count == Self.frameCount, "\(frames.count) frames")
        var joins: [Int] = []
        for (index, fields) in frames.enumerated() {
            let time = try #require(Double(fields[1]))
            #expect(abs(time - Double(index) / Double(Self.frameRate)) < 0.001, "frame \(index) at \(time) s")
            if fields[0] == "1", index > 0 { joins.append(index) }
        }
        // Intro | crossfade | clip | crossfade | outro: the intro, the clip shown alone and the outro are still
        // stretches, each a session of its own; each crossfade is one session between them.
        #expect(joins.contains(15) && joins.contains(18) && joins.contains(30) && joins.contains(33),
                "keyframes at \(joins)")
        let decoded = try MediaCheck.rgbFrames(file, width: 320, height: 180)
        for index in joins.flatMap({ [$0 - 1, $0] }) {
            let look = directory.appendingPathComponent("look\(index)")
            let result = try CommandRunner.run(["frames", name, "m", "--at", "\(index)f", "--out", look.path], in: directory)
            try #require(result.status == 0, "\(result.stderr)")
            let png = try #require(try FileManager.default.contentsOfDirectory(atPath: look.path).first)
            let reference = try MediaCheck.rgbFrames(look.appendingPathComponent(png), width: 320, height: 180)
            let difference = zip(reference[0], decoded[index]).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let mean = Double(difference) / Double(reference[0].count)
            #expect(mean < 6, "frame \(index): mean difference \(mean) from the unencoded picture")
        }
    }
}
