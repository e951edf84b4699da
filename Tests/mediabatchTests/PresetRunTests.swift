import Composition
import Foundation
import Testing

/// Presets and pictures rendered end to end and read back with the ffmpeg tools: the frame size presets choose,
/// explicit tracks framed per segment, every colour name, animated GIF and WebP.
@Suite(.serialized)
struct PresetRunTests {
    /// A directory holding `m/batch.yaml` with `manifest` and `m/clip.mp4` made by `ffmpeg clip`.
    static func batch(_ name: String, _ manifest: String, clips: [String: [String]] = [:]) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(manifest, to: "m/batch.yaml", in: directory)
        for (file, arguments) in clips { try MediaCheck.make(directory.appendingPathComponent("m/\(file)"), arguments) }
        return directory
    }

    static func solid(_ color: String, _ size: String, seconds: String = "0.5") -> [String] {
        ["-f", "lavfi", "-i", "color=c=\(color):size=\(size):rate=10:duration=\(seconds)", "-c:v", "libx264",
         "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
    }

    @Test func aPresetNeverUpscalesUnlessAsked() throws {
        let directory = try Self.batch("upscale", """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - name: native
                preset: { base: web-1080p, video: { fps: 10, speed: ultrafast } }
                clips: [ clip.mp4 ]
              - name: upscaled
                preset: { base: web-1080p, video: { fps: 10, speed: ultrafast, upscale: true } }
                clips: [ clip.mp4 ]

            """, clips: ["clip.mp4": Self.solid("orange", "1280x720")])
        let plan = try CommandRunner.run(["plan", "m"], in: directory)
        #expect(plan.stdout.contains("native  0.5s  web-1080p (mp4: h264 1280x720 10fps crf 21"), "\(plan.stdout)")
        #expect(plan.stdout.contains("upscaled  0.5s  web-1080p (mp4: h264 1920x1080 10fps crf 21"), "\(plan.stdout)")
        let json = try CommandRunner.run(["plan", "m", "--json"], in: directory)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let sizes = (document?["jobs"] as? [[String: Any]] ?? []).map { job -> [Int] in
            let video = (job["settings"] as? [String: Any])?["video"] as? [String: Any]
            return [video?["width"] as? Int ?? 0, video?["height"] as? Int ?? 0]
        }
        #expect(sizes == [[1280, 720], [1920, 1080]])
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let native = try MediaCheck.video(directory.appendingPathComponent("m/out/native.mp4"))
        let upscaled = try MediaCheck.video(directory.appendingPathComponent("m/out/upscaled.mp4"))
        #expect((native.width, native.height) == (1280, 720))
        #expect((upscaled.width, upscaled.height) == (1920, 1080))
        let report = try String(contentsOf: directory.appendingPathComponent("m/out/report.json"), encoding: .utf8)
        #expect(report.contains("\"width\" : 1280"), "the report's resolution follows the frame")
    }

    @Test func eachSegmentOfATrackIsFramedWithItsOwnSource() throws {
        // Segment 1: 320x240, red left half, blue right half. Segment 2: a 120x240 green strip. Contained in 320x240,
        // the first fills the frame and the second is pillarboxed on black.
        let halves = ["-f", "lavfi", "-i", "color=c=red:size=320x240:rate=10:duration=0.5,drawbox=x=160:y=0:w=160:h=240:color=blue:t=fill",
                      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        let directory = try Self.batch("tracks", """
            mediabatch: 1
            defaults: { out: out, preset: { base: draft, video: { width: 320, height: 240, fps: 10, crf: 12 } } }
            outputs:
              - name: framed
                tracks:
                  - segments: [ { source: halves.mp4 }, { source: strip.mp4 } ]

            """, clips: ["halves.mp4": halves, "strip.mp4": Self.solid("lime", "120x240")])
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try MediaCheck.rgbFrames(directory.appendingPathComponent("m/out/framed.mp4"), width: 320, height: 240)
        try #require(frames.count == 10)
        let first = frames[2], second = frames[7]
        for (x, expected) in [(20, [255, 0, 0]), (140, [255, 0, 0]), (180, [0, 0, 255]), (300, [0, 0, 255])] {
            let seen = MediaCheck.pixel(first, x, 120, width: 320)
            #expect(MediaCheck.near(seen, expected, tolerance: 30), "first segment at x \(x): \(seen)")
        }
        for (x, expected) in [(20, [0, 0, 0]), (160, [0, 255, 0]), (300, [0, 0, 0])] {
            let seen = MediaCheck.pixel(second, x, 120, width: 320)
            #expect(MediaCheck.near(seen, expected, tolerance: 30), "second segment at x \(x): \(seen)")
        }
    }

    @Test func everyColourNameValidateAcceptsRendersThatColour() throws {
        let names = Color.names
        let clips = names.map { "      - { source: { generate: color, color: \($0), duration: 1f } }" }
        let directory = try Self.batch("colours", """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - name: names
                preset: { base: draft, video: { width: 16, height: 16, fps: 10, crf: 0, pixel_format: yuv444p } }
                clips:
            \(clips.joined(separator: "\n"))

            """)
        let validate = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(validate.status == 0, "\(validate.stderr)")
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try MediaCheck.rgbFrames(directory.appendingPathComponent("m/out/names.mp4"), width: 16, height: 16)
        try #require(frames.count == names.count)
        for (name, frame) in zip(names, frames) {
            let expected = try #require(Self.css[name], "no expected value for '\(name)'")
            let seen = MediaCheck.pixel(frame, 8, 8, width: 16)
            #expect(MediaCheck.near(seen, [expected >> 16 & 0xff, expected >> 8 & 0xff, expected & 0xff], tolerance: 3),
                    "'\(name)' rendered as \(seen)")
        }
        #expect(Set(Self.css.keys) == Set(names))
    }

    @Test func animatedGIFDecodesWithItsFramesSizeLoopAndColours() throws {
        let directory = try Self.batch("gif", """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - name: forever
                preset: gif
                clips: [ { source: halves.mp4 }, { source: { generate: color, color: tomato, duration: 0.6s } } ]
              - name: once
                preset: { base: gif, video: { width: 160, height: 90, fps: 10 }, loop: false }
                clips: [ { source: halves.mp4 } ]

            """, clips: ["halves.mp4": ["-f", "lavfi", "-i",
                                        "color=c=0x2060E0:size=640x360:rate=10:duration=1,drawbox=x=320:y=0:w=320:h=360:color=0xF0C020:t=fill",
                                        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p"]])
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let forever = directory.appendingPathComponent("m/out/forever.gif")
        let video = try MediaCheck.video(forever)
        #expect(video.width == 480 && video.height == 270 && video.frames == 24, "\(video)")
        let frames = try MediaCheck.rgbFrames(forever, width: 480, height: 270)
        #expect(MediaCheck.near(MediaCheck.pixel(frames[5], 100, 135, width: 480), [0x20, 0x60, 0xE0], tolerance: 24))
        #expect(MediaCheck.near(MediaCheck.pixel(frames[5], 380, 135, width: 480), [0xF0, 0xC0, 0x20], tolerance: 24))
        #expect(MediaCheck.near(MediaCheck.pixel(frames[20], 240, 135, width: 480), [0xFF, 0x63, 0x47], tolerance: 24))
        let loops = try Data(contentsOf: forever)
        #expect(Self.netscapeLoopCount(loops) == 0, "loops forever")
        let once = directory.appendingPathComponent("m/out/once.gif")
        #expect(try MediaCheck.video(once).frames == 10)
        #expect(Self.netscapeLoopCount(try Data(contentsOf: once)) == nil, "plays once: no loop extension")
    }

    @Test func animatedWebPHasItsCanvasLoopLengthAndColours() throws {
        let directory = try Self.batch("webp", """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - name: anim
                preset: webp
                clips: [ { source: blue.mp4 }, { source: { generate: color, color: gold, duration: 0.5s } } ]

            """, clips: ["blue.mp4": Self.solid("0x2060E0", "640x360")])
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let path = directory.appendingPathComponent("m/out/anim.webp").path
        let info = String(decoding: try MediaCheck.run("webpmux", ["-info", path]), as: UTF8.self)
        #expect(info.contains("Canvas size: 480 x 270"), "\(info)")
        #expect(info.contains("Loop Count : 0"), "\(info)")
        // libwebp merges repeated frames into longer ones: the durations add up to the output's second (FFmpeg's
        // wrapper ends the last frame a millisecond early).
        let durations = info.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            guard fields.first?.hasSuffix(":") == true, Int(fields[0].dropLast()) != nil, fields.count > 6 else { return nil }
            return Int(fields[6])
        }
        #expect((999...1000).contains(durations.reduce(0, +)), "\(info)")
        let first = directory.appendingPathComponent("first.webp").path, picture = directory.appendingPathComponent("first.ppm").path
        try MediaCheck.run("webpmux", ["-get", "frame", "1", path, "-o", first])
        try MediaCheck.run("dwebp", [first, "-ppm", "-o", picture])
        let ppm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: picture)))
        let pixels = Array(ppm.suffix(480 * 270 * 3))
        #expect(MediaCheck.near(MediaCheck.pixel(pixels, 240, 135, width: 480), [0x20, 0x60, 0xE0], tolerance: 24))
    }

    @Test func aJPEGPostersCrfIsItsQuantiser() throws {
        let directory = try Self.batch("jpeg-q", """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - { name: fine, preset: { base: poster-jpeg, poster_at: 0.2s, video: { crf: 2 } }, clips: [ clip.mp4 ] }
              - { name: coarse, preset: { base: poster-jpeg, poster_at: 0.2s, video: { crf: 31 } }, clips: [ clip.mp4 ] }

            """, clips: ["clip.mp4": ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=10:duration=0.5", "-c:v", "libx264",
                                      "-preset", "ultrafast", "-pix_fmt", "yuv420p"]])
        let run = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let size = { (name: String) in
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("m/out/\(name).jpg").path))?[.size] as? Int ?? 0
        }
        #expect(size("coarse") > 0 && size("coarse") * 2 < size("fine"), "fine \(size("fine")), coarse \(size("coarse"))")
        // A picture's report line has no duration to expect, no frame rate and no speed.
        let report = try String(contentsOf: directory.appendingPathComponent("m/out/report.json"), encoding: .utf8)
        let outputs = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])["outputs"]
        for output in try #require(outputs as? [[String: Any]]) {
            #expect(output["status"] as? String == "rendered")
            #expect((output["expectedDuration"] as? [String: Any])?["seconds"] as? Double == 0, "\(output)")
            #expect(output["frameRate"] == nil && output["speed"] == nil, "\(output)")
        }
    }

    /// The loop count of a GIF's NETSCAPE2.0 extension, nil when it has none (it plays once).
    static func netscapeLoopCount(_ data: Data) -> Int? {
        let bytes = [UInt8](data), tag = [UInt8]("NETSCAPE2.0".utf8)
        guard let start = (0...(bytes.count - tag.count)).first(where: { Array(bytes[$0..<$0 + tag.count]) == tag }),
              bytes.count > start + tag.count + 3 else { return nil }
        return Int(bytes[start + tag.count + 2]) | Int(bytes[start + tag.count + 3]) << 8
    }
}
