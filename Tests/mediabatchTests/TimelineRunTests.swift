import Foundation
import MediaTestSupport
import Testing

/// `timeline: cut.otio` and `plan --otio` end to end: timelines written by PyPI's `opentimelineio` (installed by
/// scripts/setup.sh) are rendered by the built binary and checked with the ffmpeg CLI against OpenTimelineIO's own
/// `duration()`; exported timelines are read back with the same library.
@Suite(.serialized) struct TimelineRunTests {
    static let width = 160, height = 96, fps = 20

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a Python script in `directory` and returns what it prints; OpenTimelineIO must be importable.
    static func python(_ script: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import opentimelineio as otio\n" + script]
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let problem = String(decoding: stderr, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            if problem.contains("No module named 'opentimelineio'") {
                throw Failure(description: "PyPI's opentimelineio is not installed: run scripts/setup.sh (pip install opentimelineio)")
            }
            throw Failure(description: "python failed: \(problem)")
        }
        return String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Python lines shared by the scripts: short names and a clip maker with the media's available range.
    static let prelude = """
        RT = otio.opentime.RationalTime
        TR = otio.opentime.TimeRange
        def clip(name, url, start, duration, available=60):
            reference = otio.schema.ExternalReference(target_url=url, available_range=TR(RT(0, 20), RT(available, 20)))
            return otio.schema.Clip(name=name, media_reference=reference, source_range=TR(RT(start, 20), RT(duration, 20)))

        """

    /// The cut (rate 20, so frame n is at n/20 s): on V1 red (0.5-2.5 s of its media) dissolves for 1 s into blue,
    /// a 1 s gap, then 1 s of `steps` at 2x (its red first second and lime second second); on V2 above, lime from
    /// 1 s to 1.5 s and nothing else; on A1, 3 s of the tone in `blue`. Prints OTIO's duration in seconds.
    static let cutScript = prelude + """
        timeline = otio.schema.Timeline(name="cut", global_start_time=RT(72000, 20))
        v1 = otio.schema.Track(name="V1", kind=otio.schema.TrackKind.Video)
        v1.append(clip("A", "media/red.mp4", 10, 40))
        v1.append(otio.schema.Transition(transition_type="SMPTE_Dissolve", in_offset=RT(10, 20), out_offset=RT(10, 20)))
        v1.append(clip("B", "media/blue.mp4", 10, 40))
        v1.append(otio.schema.Gap(source_range=TR(RT(0, 20), RT(20, 20))))
        fast = clip("C", "media/steps.mp4", 0, 20)
        fast.effects.append(otio.schema.LinearTimeWarp(time_scalar=2.0))
        fast.markers.append(otio.schema.Marker(name="fast", marked_range=TR(RT(5, 20), RT(0, 20)), color="BLUE"))
        v1.append(fast)
        v2 = otio.schema.Track(name="V2", kind=otio.schema.TrackKind.Video)
        v2.append(otio.schema.Gap(source_range=TR(RT(0, 20), RT(20, 20))))
        v2.append(clip("top", "media/lime.mp4", 0, 10))
        audio = otio.schema.Track(name="A1", kind=otio.schema.TrackKind.Audio)
        audio.append(clip("tone", "media/blue.mp4", 0, 60))
        timeline.tracks.extend([v1, v2, audio])
        otio.adapters.write_to_file(timeline, "m/cut.otio")
        held = clip("held", "media/steps.mp4", 30, 20)
        held.effects.append(otio.schema.FreezeFrame())
        frozen = otio.schema.Timeline(name="frozen")
        frozen.tracks.append(otio.schema.Track(children=[held, clip("after", "media/steps.mp4", 0, 10)]))
        otio.adapters.write_to_file(frozen, "m/frozen.otio")
        print(timeline.duration().to_seconds())
        """

    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 160, height: 96, fps: 20, crf: 0, speed: ultrafast }, audio: { bitrate: 64k } }
        outputs:
          - { name: frozen, timeline: frozen.otio }
          - { name: cut, timeline: cut.otio, title: { text: Hello, at: 0s, duration: 1s, position: bottom } }
          - name: clips
            transition: { type: crossfade, duration: 0.5s }
            clips:
              - { source: media/red.mp4, from: 0s, to: 2s }
              - { source: media/blue.mp4, from: 0s, to: 2s, transition: cut }
              - { source: media/steps.mp4, from: 0s, to: 2s, speed: 2 }

        """

    /// The rendered batch and OTIO's duration of the cut, made once for the suite.
    static let rendered: Result<(URL, Double), Failure> = Result { () throws(Failure) in try render() }

    static func render() throws(Failure) -> (URL, Double) {
        do {
            let directory = try CommandRunner.temporaryDirectory("timeline")
            let media = directory.appendingPathComponent("m/media")
            let size = "s=\(width)x\(height):r=\(fps)"
            for (name, color, tone) in [("red", "red", 440), ("blue", "blue", 660), ("lime", "0x00FF00", 880)] {
                try MediaCheck.make(media.appendingPathComponent("\(name).mp4"), [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):\(size):d=3", "-f", "lavfi",
                    "-i", "sine=f=\(tone):d=3", "-shortest", "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv444p",
                    "-c:a", "aac"])
            }
            // Red for its first second, lime for its second, white for its third.
            try MediaCheck.make(media.appendingPathComponent("steps.mp4"), [
                "-v", "error", "-y", "-f", "lavfi", "-i",
                "color=c=red:\(size):d=1[a];color=c=0x00FF00:\(size):d=1[b];color=c=white:\(size):d=1[c];[a][b][c]concat=n=3",
                "-c:v", "libx264", "-crf", "0", "-pix_fmt", "yuv444p"])
            try CommandRunner.write(manifest, to: "m/edit.yaml", in: directory)
            guard let duration = Double(try python(cutScript, in: directory)) else { throw Failure(description: "no duration") }
            let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
            guard result.status == 0 else { throw Failure(description: "run failed: \(result.stderr)") }
            return (directory, duration)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    static func output(_ name: String) throws -> String {
        try rendered.get().0.appendingPathComponent("m/out/\(name).mp4").path
    }

    /// The colour in the middle of frame `frame` of the cut.
    static func color(_ video: RGBVideo, _ frame: Int) -> (r: Int, g: Int, b: Int) {
        video.rgb(frame, width / 2, height / 2)
    }

    static func near(_ color: (r: Int, g: Int, b: Int), _ expected: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        abs(color.r - expected.0) <= tolerance && abs(color.g - expected.1) <= tolerance && abs(color.b - expected.2) <= tolerance
    }

    @Test func theCutLastsWhatOpenTimelineIOSays() throws {
        let (_, duration) = try Self.rendered.get()
        #expect(duration == 6.0)
        let video = try RGBVideo(path: try Self.output("cut"), width: Self.width, height: Self.height)
        #expect(video.frameCount == Int(duration * Double(Self.fps)))
        let probed = try MediaCheck.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                                    try Self.output("cut")])
        let seconds = try #require(Double(String(decoding: probed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(seconds - duration) < 0.03, "rendered \(seconds) s, OTIO says \(duration) s")
        // global_start_time (72000 frames at 20 fps) is the file's start timecode.
        let timecode = try MediaCheck.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                      "stream_tags=timecode", "-of", "csv=p=0", try Self.output("cut")])
        #expect(String(decoding: timecode, as: UTF8.self) == "01:00:00:00\n")
    }

    /// The dissolve reaches 0.5 s into each clip's handles around the cut at 2 s: red at 1.5 s (when V2's clip
    /// above ends), half and half at the cut, blue from 2.5 s.
    @Test func theDissolveIsCentredOnTheCut() throws {
        let video = try RGBVideo(path: try Self.output("cut"), width: Self.width, height: Self.height)
        #expect(Self.near(Self.color(video, 30), (255, 0, 0)), "\(Self.color(video, 30))")
        let middle = Self.color(video, 40)
        #expect(Self.near(middle, (128, 0, 128), tolerance: 10), "at the cut: \(middle)")
        let quarter = Self.color(video, 35)
        #expect(Self.near(quarter, (191, 0, 64), tolerance: 12), "a quarter through: \(quarter)")
        #expect(Self.near(Self.color(video, 51), (0, 0, 255)), "\(Self.color(video, 51))")
    }

    /// V2's clip covers V1 from 1 s to 1.5 s; elsewhere V2's gaps show V1; where both have gaps the frame is black.
    @Test func theUpperTrackCoversTheLowerAndGapsShowWhatIsBelow() throws {
        let video = try RGBVideo(path: try Self.output("cut"), width: Self.width, height: Self.height)
        #expect(Self.near(Self.color(video, 10), (255, 0, 0)), "\(Self.color(video, 10))")
        #expect(Self.near(Self.color(video, 25), (0, 255, 0)), "\(Self.color(video, 25))")
        #expect(Self.near(Self.color(video, 90), (0, 0, 0)), "in the gap: \(Self.color(video, 90))")
    }

    /// The last second plays two seconds of `steps` (red, then lime): at 1x its second half would still be red.
    @Test func aClipAtTwiceTheSpeedTakesTwiceTheMedia() throws {
        let video = try RGBVideo(path: try Self.output("cut"), width: Self.width, height: Self.height)
        #expect(Self.near(Self.color(video, 104), (255, 0, 0)), "\(Self.color(video, 104))")
        #expect(Self.near(Self.color(video, 116), (0, 255, 0)), "\(Self.color(video, 116))")
    }

    /// A FreezeFrame holds the frame at its clip's start (1.5 s of `steps`: lime) for the clip's second; the red
    /// start of `steps` follows.
    @Test func aFreezeFrameHoldsItsFirstFrame() throws {
        let video = try RGBVideo(path: try Self.output("frozen"), width: Self.width, height: Self.height)
        #expect(video.frameCount == 30)
        for frame in [0, 10, 19] { #expect(Self.near(Self.color(video, frame), (0, 255, 0)), "frame \(frame): \(Self.color(video, frame))") }
        #expect(Self.near(Self.color(video, 21), (255, 0, 0)), "\(Self.color(video, 21))")
    }

    /// Only the audio track sounds (the video tracks' clips carry tones too): 3 s of tone (lavfi's sine, amplitude
    /// 1/8, RMS 0.088), then silence.
    @Test func theAudioTrackIsTheOnlySound() throws {
        let path = try Self.output("cut")
        #expect(try audioRMS(path, from: 0.2, duration: 2.6) > 0.06)
        #expect(try audioRMS(path, from: 3.3, duration: 2.5) < 0.001)
    }

    /// The plan names the timeline, its start timecode (global_start_time 72000 at 20 fps is one hour) and the
    /// marker on the fast clip (frame 5 of the clip's media time, 5.25 s on the output).
    @Test func thePlanShowsTheTimelineAndItsMarkers() throws {
        let (directory, _) = try Self.rendered.get()
        let result = try CommandRunner.run(["plan", "m", "--only", "cut"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  timeline: m/cut.otio 'cut', starts at 01:00:00:00\n  marker:   5.25s 'fast' blue\n"),
                "\(result.stdout)")
    }

    /// The report keeps the timeline's markers, on the output's timeline.
    @Test func theReportKeepsTheMarkers() throws {
        let (directory, _) = try Self.rendered.get()
        let data = try Data(contentsOf: directory.appendingPathComponent("m/out/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = try #require(report["outputs"] as? [[String: Any]])
        let cut = try #require(outputs.first { $0["name"] as? String == "cut" })
        let markers = try #require(cut["markers"] as? [[String: Any]])
        #expect(markers.map { $0["name"] as? String } == ["fast"])
        #expect(markers.map { ($0["at"] as? [String: Any])?["exact"] as? String } == ["21/4"])
        #expect(outputs.first { $0["name"] as? String == "clips" }?["markers"] == nil)
    }

    /// Every output written back as a timeline reads in OpenTimelineIO with the output's duration, its clips and
    /// their source ranges: the crossfade's cut in the middle of the overlap, the 2x clip as a LinearTimeWarp.
    @Test func exportedTimelinesReadBackInOpenTimelineIO() throws {
        let (directory, _) = try Self.rendered.get()
        let result = try CommandRunner.run(["plan", "m", "--otio", "cuts"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let script = """
            import json
            report = {}
            for name in ["cut", "clips"]:
                timeline = otio.adapters.read_from_file("cuts/%s.otio" % name)
                tracks = []
                for track in timeline.tracks:
                    items = []
                    for item in track:
                        if isinstance(item, otio.schema.Clip):
                            scalars = [e.time_scalar for e in item.effects]
                            items.append("%s %g+%g%s" % (item.name, item.source_range.start_time.to_seconds(),
                                item.source_range.duration.to_seconds(), "".join(" x%g" % s for s in scalars)))
                        elif isinstance(item, otio.schema.Transition):
                            items.append("dissolve %g/%g" % (item.in_offset.to_seconds(), item.out_offset.to_seconds()))
                        else:
                            items.append("gap %g" % item.duration().to_seconds())
                    tracks.append("%s: %s" % (track.kind, ", ".join(items)))
                markers = ["%s %s %g" % (m.name, m.metadata["mediabatch"]["kind"], m.marked_range.start_time.to_seconds())
                           for m in timeline.tracks.markers]
                report[name] = {"duration": timeline.duration().to_seconds(), "clips": len(list(timeline.find_clips())),
                                "tracks": tracks, "markers": markers,
                                "start": timeline.global_start_time.to_seconds() if timeline.global_start_time else None}
            print(json.dumps(report, sort_keys=True))
            """
        let printed = try Self.python(script, in: directory)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [String: Any]])
        let clips = try #require(report["clips"]), cut = try #require(report["cut"])
        // red 2 s + blue 2 s - 0.5 s crossfade + 2 s of steps at 2x = 4.5 s.
        #expect(clips["duration"] as? Double == 4.5)
        #expect(clips["clips"] as? Int == 5)
        #expect(clips["tracks"] as? [String] == [
            "Video: red.mp4 0+1.75, dissolve 0.25/0.25, blue.mp4 0.25+1.75, steps.mp4 0+1 x2",
            "Audio: red.mp4 0+1.75, dissolve 0.25/0.25, blue.mp4 0.25+1.75",
        ])
        #expect(cut["duration"] as? Double == 6.0)
        // The template's title comes along as a marker, with the timeline's own marker and start time.
        #expect(cut["markers"] as? [String] == ["fast marker 5.25", "Hello title 0"])
        #expect(cut["start"] as? Double == 3600)
        #expect(clips["markers"] as? [String] == [])
        #expect(cut["tracks"] as? [String] == [
            "Video: red.mp4 0.5+2, dissolve 0.5/0.5, blue.mp4 0.5+2, gap 1, steps.mp4 0+1 x2",
            "Video: gap 1, lime.mp4 0+0.5",
            "Audio: blue.mp4 0+3",
        ], "\(printed)")
        for name in ["cut", "clips"] {
            let probed = try MediaCheck.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                                        try Self.output(name)])
            let seconds = try #require(Double(String(decoding: probed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(abs(seconds - (report[name]?["duration"] as? Double ?? 0)) < 0.03, "\(name): \(seconds) s")
        }
    }

    /// What cannot be rendered is reported by `validate` at its place in the .otio file: the generator reference,
    /// the unknown schema (a gap renamed by hand) and the media file that is not there, each message whole.
    @Test func validateReportsWhatCannotBeRenderedAtItsPlaceInTheFile() throws {
        let directory = try CommandRunner.temporaryDirectory("timeline-errors")
        try CommandRunner.write("mediabatch: 1\ndefaults: { out: out, preset: draft }\noutputs:\n  - { name: bad, timeline: bad.otio }\n",
                                to: "m/bad.yaml", in: directory)
        _ = try Self.python(Self.prelude + """
            timeline = otio.schema.Timeline(name="bad")
            track = otio.schema.Track(name="V1")
            bars = otio.schema.Clip(name="bars", media_reference=otio.schema.GeneratorReference(generator_kind="SolidColor"),
                                    source_range=TR(RT(0, 20), RT(20, 20)))
            track.extend([bars, otio.schema.Gap(source_range=TR(RT(0, 20), RT(20, 20))), clip("lost", "media/lost.mp4", 0, 20)])
            timeline.tracks.append(track)
            otio.adapters.write_to_file(timeline, "m/bad.otio")
            """, in: directory)
        let file = directory.appendingPathComponent("m/bad.otio")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"Gap.1\"", with: "\"Slug.1\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        /// The whole diagnostic for `message` at the first line holding `needle`, its caret under `needle`.
        func diagnostic(_ needle: String, _ message: String) throws -> String {
            let index = try #require(lines.firstIndex { $0.contains(needle) }, "no '\(needle)' in the file")
            let column = lines[index].distance(from: lines[index].startIndex, to: lines[index].range(of: needle)!.lowerBound) + 1
            return "m/bad.otio:\(index + 1):\(column): error: \(message)\n\(lines[index])\n"
                + String(repeating: " ", count: column - 1) + "^\n"
        }
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        let expected = try diagnostic("\"GeneratorReference.1\"", "clip 'bars' uses a generator reference 'SolidColor', "
                                      + "which mediabatch cannot render; replace it with a media file")
            + diagnostic("\"Slug.1\"", "unknown OpenTimelineIO schema 'Slug.1'")
            + diagnostic("\"media/lost.mp4\"", "source 'media/lost.mp4' not found (resolved to '"
                         + directory.appendingPathComponent("m/media/lost.mp4").standardizedFileURL.path
                         + "'); used by output 'bad'")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
}
