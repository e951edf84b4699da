import Composition
import Foundation
@testable import MediaBatch
import MediaCore
import Testing

/// Frames, contact sheets and poster frames, rendered without encoding the output and checked by decoding the
/// written pictures with ffmpeg.
@Suite struct PictureTests {
    /// One second of red, then one of blue, with a title over the blue.
    static let manifest = """
        mediabatch: 1
        presets:
          tiny: { base: draft, video: { width: 160, height: 96, fps: 10 } }
        defaults: { out: out, preset: tiny }
        outputs:
          - name: colours
            clips:
              - { source: { generate: color, color: red, duration: 1s } }
              - { source: { generate: color, color: blue, duration: 1s } }
            title: { text: "WWWW", at: 1.2s, size: 0.3, color: white, box: black }
          - name: sound
            preset: audio-only
            clips: [ { source: { generate: tone, duration: 1s } } ]

        """

    /// The R'G'B' pixels of a picture file, decoded by ffmpeg, with its size.
    static func pixels(_ path: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let size = try CommandLineTests.shell("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                                                         path.path], in: path.deletingLastPathComponent())
        let parts = size.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        let raw = path.deletingPathExtension().appendingPathExtension("rgb")
        _ = try CommandLineTests.shell("ffmpeg", ["-v", "error", "-y", "-i", path.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path],
                                       in: path.deletingLastPathComponent())
        return (parts[0], parts[1], [UInt8](try Data(contentsOf: raw)))
    }

    static func pixel(_ picture: (width: Int, height: Int, rgb: [UInt8]), _ x: Int, _ y: Int) -> [Int] {
        let index = (y * picture.width + x) * 3
        return picture.rgb[index..<(index + 3)].map(Int.init)
    }

    static func near(_ value: [Int], _ expected: [Int]) -> Bool {
        zip(value, expected).allSatisfy { abs($0 - $1) <= 12 }
    }

    @Test func framesAreRenderedAtTheAskedTimes() throws {
        let directory = try CommandRunner.temporaryDirectory("frames")
        try CommandRunner.write(Self.manifest, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["frames", "colours", "m.yaml", "--at", "0.5s,end", "--out", "look"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "look/colours-0.500s.png\nlook/colours-1.900s.png\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path), "nothing is encoded")
        let red = try Self.pixels(directory.appendingPathComponent("look/colours-0.500s.png"))
        #expect(red.width == 160 && red.height == 96)
        #expect(Self.near(Self.pixel(red, 10, 10), [255, 0, 0]))
        let blue = try Self.pixels(directory.appendingPathComponent("look/colours-1.900s.png"))
        #expect(Self.near(Self.pixel(blue, 10, 10), [0, 0, 255]))
        // The title is drawn: white text on its black box near the bottom middle.
        let bottom = (48..<96).flatMap { y in (40..<120).map { Self.pixel(blue, $0, y) } }
        #expect(bottom.contains { $0.allSatisfy { $0 > 200 } })

        let late = try CommandRunner.run(["frames", "colours", "m.yaml", "--at", "3s"], in: directory)
        #expect(late.status == 64)
        #expect(late.stderr == "mediabatch: error: cannot read time '3s' for '--at': the output is only 2s long; use times such as '1s', '3.5s', '00:00:02.500', '90f' or 'end'\nrun 'mediabatch frames --help' for usage\n")
        let audio = try CommandRunner.run(["sheet", "sound", "m.yaml"], in: directory)
        #expect(audio.status == 1)
        #expect(audio.stderr == "mediabatch: error: output 'sound' has no picture (its preset is audio only)\n")
    }

    @Test func contactSheetIsAGridOfFramesWithTimecodes() throws {
        let directory = try CommandRunner.temporaryDirectory("sheet")
        try CommandRunner.write(Self.manifest, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["sheet", "colours", "m.yaml", "--count", "4", "--columns", "2", "--width", "80"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "./colours-sheet.png\n")
        let sheet = try Self.pixels(directory.appendingPathComponent("colours-sheet.png"))
        // 12-pixel margins, 8-pixel gaps, a 20-pixel heading, 80x48 frames with 14-pixel timecode bands.
        #expect(sheet.width == 12 * 2 + 2 * 80 + 8 && sheet.height == 12 * 2 + 20 + 2 * (48 + 14) + 8)
        let top = 12 + 20, secondRow = top + 48 + 14 + 8
        #expect(Self.near(Self.pixel(sheet, 12 + 40, top + 10), [255, 0, 0]), "frame 1 at 0.25s is red")
        #expect(Self.near(Self.pixel(sheet, 12 + 80 + 8 + 40, top + 10), [255, 0, 0]), "frame 2 at 0.75s is red")
        #expect(Self.near(Self.pixel(sheet, 12 + 40, secondRow + 5), [0, 0, 255]), "frame 3 at 1.25s is blue")
        // Timecodes are drawn in white in the band under each frame.
        let band = (top + 48)..<(top + 48 + 14)
        #expect(band.contains { y in (12..<92).contains { Self.pixel(sheet, $0, y).allSatisfy { $0 > 180 } } })

        let plan = try CommandRunner.run(["plan", "m.yaml", "--sheet", "--out", "sheets"], in: directory)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr == "sheet: sheets/colours-sheet.png\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sheets/colours-sheet.png").path))
    }

    /// Titles fade in at 2.5 s and out at 3.5 s; a crossfade runs from 1 s to 2 s: the calm stretch with the
    /// title fully shown comes first, then the longer calm ones, a third of the way in last.
    @Test func posterCandidatesComeFromTheComposition() throws {
        var layer = LayerInstruction(trackID: 1)
        try layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0,
                                 timeRange: TimeRange(start: MediaTime(value: 1, timescale: 1), duration: MediaTime(value: 1, timescale: 1)))
        let second = MediaTime(value: 1, timescale: 1)
        var video = VideoComposition(renderSize: Size(width: 160, height: 96), frameDuration: MediaTime(value: 1, timescale: 10),
                                     instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: second.multiplied(by: 6, dividedBy: 1)),
                                                                                layerInstructions: [layer])])
        let quarter = MediaTime(value: 1, timescale: 4)
        video.textLayers = [TextLayer(text: "Title", timeRange: TimeRange(start: MediaTime(value: 5, timescale: 2), end: MediaTime(value: 7, timescale: 2)),
                                      animation: .fade(duration: quarter), exit: .fade(duration: quarter))]
        let candidates = PosterChoice.candidates(duration: second.multiplied(by: 6, dividedBy: 1), videoComposition: video)
        // Calm stretches within 0.5 s of the ends: [0.5, 1), [2, 2.5), [2.75, 3.25) with the title, [3.5, 5.5).
        #expect(candidates.map(\.seconds) == [3, 4.5, 0.75, 2.25, 2])
        #expect(!candidates.contains { $0.seconds > 1 && $0.seconds < 2 }, "never during the crossfade")
        #expect(!candidates.contains { ($0.seconds >= 2.5 && $0.seconds < 2.75) || ($0.seconds >= 3.25 && $0.seconds < 3.5) })
    }

    /// A Ken Burns zoom over the whole clip is slow enough for a poster; a 0.5 s slide is not, nor is a shaped
    /// transition: the title shown during the zoom wins.
    @Test func slowMovesAreCalmQuickMovesAndEffectsAreNot() throws {
        let second = MediaTime(value: 1, timescale: 1)
        var zoom = LayerInstruction(trackID: 1)
        try zoom.setTransformRamp(fromStart: .identity, toEnd: .scale(x: 1.3, y: 1.3),
                                  timeRange: TimeRange(start: .zero, duration: second.multiplied(by: 6, dividedBy: 1)))
        var slide = LayerInstruction(trackID: 2)
        try slide.setTransformRamp(fromStart: .translation(x: 160, y: 0), toEnd: .identity,
                                   timeRange: TimeRange(start: second, duration: MediaTime(value: 1, timescale: 2)))
        let whole = TimeRange(start: .zero, duration: second.multiplied(by: 6, dividedBy: 1))
        var video = VideoComposition(
            renderSize: Size(width: 160, height: 96), frameDuration: MediaTime(value: 1, timescale: 10),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: second.multiplied(by: 4, dividedBy: 1)),
                                                       layerInstructions: [slide, zoom]),
                           VideoCompositionInstruction(timeRange: TimeRange(start: second.multiplied(by: 4, dividedBy: 1), end: whole.end),
                                                       layerInstructions: [zoom],
                                                       transitionEffect: VideoTransitionEffect(
                                                           kind: .iris(closing: false), outgoingTrackID: 2, incomingTrackID: 1,
                                                           timeRange: TimeRange(start: second.multiplied(by: 4, dividedBy: 1), end: whole.end)))])
        video.textLayers = [TextLayer(text: "Title", timeRange: TimeRange(start: second.multiplied(by: 2, dividedBy: 1), duration: second),
                                      animation: .none, exit: .none)]
        let stretches = PosterChoice.calmStretches(duration: whole.duration, videoComposition: video)
        #expect(stretches.map(\.range.start.seconds) == [0, 1.5, 2, 3])
        #expect(stretches.map(\.range.end.seconds) == [1, 2, 3, 4])
        #expect(stretches.map(\.textShown) == [0, 0, 1, 0])
        #expect(PosterChoice.candidates(duration: whole.duration, videoComposition: video).first?.seconds == 2.5)
    }

    /// An output that starts black gets a poster from where its title shows, not a black frame.
    @Test func posterShowsTheTitleAndIsNotBlack() throws {
        let directory = try CommandRunner.temporaryDirectory("poster")
        try CommandRunner.write("""
            mediabatch: 1
            presets:
              tiny: { base: draft, video: { width: 160, height: 96, fps: 10 }, audio: { bitrate: 64k } }
            defaults: { out: out, preset: tiny }
            outputs:
              - name: late-title
                clips:
                  - { source: { generate: color, color: black, duration: 2s } }
                  - { source: { generate: testpattern, duration: 2s } }
                title: { text: "WWWW", at: 2.5s, duration: 1s, size: 0.3, box: black }
            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let poster = try Self.pixels(directory.appendingPathComponent("out/posters/late-title.jpg"))
        #expect(poster.width == 160 && poster.height == 96)
        let total = poster.rgb.reduce(0) { $0 + Int($1) }
        #expect(total / poster.rgb.count > 40, "the poster is not the black opening")
        // The title's white letters on their black box sit in the bottom half.
        let bottom = (60..<92).flatMap { y in (30..<130).map { Self.pixel(poster, $0, y) } }
        #expect(bottom.contains { $0.allSatisfy { $0 > 200 } } && bottom.contains { $0.allSatisfy { $0 < 40 } })
    }
}
