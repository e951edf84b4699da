import Foundation
import MediaTestSupport
import Testing

/// HDR (HLG) outputs draw what SDR outputs draw (titles, captions, motion, every transition, fills); checked through
/// the built binary, ffprobe and the ffmpeg tool's own decode.
@Suite struct HDRDrawingTests {
    /// A dark and a mid-grey 320x180 HLG clip of 2 s (10-bit HEVC tagged BT.2020 / ARIB STD-B67), the dark one with
    /// a centred 80x60 grey box, and a caption file.
    static func folder(_ name: String, manifest: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(manifest, to: "m/batch.yaml", in: directory)
        try CommandRunner.write("1\n00:00:00,000 --> 00:00:02,000\nCAPTION LINE\n", to: "m/subs.srt", in: directory)
        let box = "color=c=0x202020:s=320x180:r=10:d=2,drawbox=x=120:y=60:w=80:h=60:color=0x808080:t=fill"
        for (file, picture) in [("dark.mp4", "color=c=0x202020:s=320x180:r=10:d=2"),
                                ("grey.mp4", "color=c=0x808080:s=320x180:r=10:d=2"), ("box.mp4", box)] {
            try MediaCheck.make(directory.appendingPathComponent("m/\(file)"), [
                "-f", "lavfi", "-i", picture, "-pix_fmt", "yuv420p10le", "-c:v", "libx265",
                "-preset", "ultrafast", "-x265-params", "log-level=error", "-color_primaries", "bt2020",
                "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"])
        }
        return directory
    }

    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: hlg }
        presets:
          hlg: { base: web-720p, video: { codec: hevc, dynamic_range: hdr, width: 320, height: 180, fps: 10, speed: ultrafast } }
        outputs:

        """

    /// A title at the top and captions at the bottom of an HLG output, then a shaped wipe (`wipe-down-right`) into a
    /// grey clip, then the boxed clip zooming from 1x to 2x: the output is tagged HLG, and the ffmpeg tool's decode
    /// to RGB sees bright text in the title's band and in the captions' band, where the same output without text has
    /// none; halfway through the wipe, the grey clip at the top-left corner and the dark one at the bottom-right; and
    /// the box about the centre, twice as wide and high on the zoom's last picture as on its first.
    @Test func titlesCaptionsZoomsAndShapedWipesAreDrawnOnHLGOutputs() throws {
        let directory = try Self.folder("hdr-text", manifest: Self.header + """
              - name: titled
                clips:
                  - { source: dark.mp4, transition: { type: wipe-down-right, duration: 1s } }
                  - { source: grey.mp4 }
                  - { source: box.mp4, zoom: { from: 1, to: 2 } }
                title: { text: "HDR TITLE", at: 0s, duration: 2s, position: top, size: 15%, color: white }
                captions: { file: subs.srt, box: false, outline: false, size: 10% }
              - { name: plain, clips: [ { source: dark.mp4 } ] }

            """)
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let out = directory.appendingPathComponent("m/out")
        let titled = out.appendingPathComponent("titled.mp4").path
        let probe = try ProbeReport(path: titled)
        #expect(ProbeReport.string(probe.video, "color_transfer") == "arib-std-b67")
        #expect(ProbeReport.string(probe.video, "color_primaries") == "bt2020")
        #expect(ProbeReport.string(probe.video, "pix_fmt") == "yuv420p10le")
        let text = try RGBVideo(path: titled, width: 320, height: 180)
        let plain = try RGBVideo(path: out.appendingPathComponent("plain.mp4").path, width: 320, height: 180)
        let bright: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 140 }
        let title = text.ink(5, rows: 0..<60, bright)
        let captions = text.ink(5, rows: 120..<180, bright)
        #expect(title.pixels > 100 && title.minX > 20 && title.maxX < 300, "title: \(title)")
        #expect(captions.pixels > 100, "captions: \(captions)")
        #expect(plain.ink(5, bright).isEmpty, "the output without text: \(plain.ink(5, bright))")
        // The dark picture stays dark beside the text.
        #expect(text.ink(5, rows: 70..<110, bright).isEmpty)
        // Halfway through the wipe (1 s to 2 s): grey at the top-left, dark at the bottom-right.
        let grey: ((r: Int, g: Int, b: Int)) -> Bool = { $0.g > 70 && $0.g < 160 }
        let corner = 0..<40
        #expect(text.ink(15, columns: corner, rows: corner, grey).pixels == 1600, "\(text.rgb(15, 10, 10))")
        #expect(text.ink(15, columns: 280..<320, rows: 140..<180, grey).isEmpty, "\(text.rgb(15, 310, 170))")
        #expect(text.ink(5, columns: corner, rows: corner, grey).isEmpty, "\(text.rgb(5, 10, 10))")
        // The box clip is the last 2 s (20 pictures): 80x60 at first, 160x120 at the end, about the centre.
        #expect(text.frameCount == 50)
        let first = text.ink(text.frameCount - 20, grey), last = text.ink(text.frameCount - 1, grey)
        #expect(abs(first.width - 80) <= 4 && abs(first.height - 60) <= 4, "first: \(first)")
        #expect(abs(last.width - 160) <= 8 && abs(last.height - 120) <= 8, "last: \(last)")
        #expect(abs(first.centerX - 160) <= 2 && abs(last.centerX - 160) <= 2, "\(first), \(last)")
    }

    /// A white dip, a blur transition, and a 16:9 clip contained in a 9:16 HLG output over a blurred and over a red
    /// fill: `validate` accepts them all, and the ffmpeg tool's decode sees, in the middle of the dip, the white
    /// (placed at HLG reference white); in the middle of the blur, the box's sharp edge spread over many pixels; and
    /// bars of the blurred grey picture and of red where the same output without a fill has black ones.
    @Test func dipsBlursAndFillsAreDrawnOnHLGOutputs() throws {
        let portrait = "{ base: hlg, video: { width: 180, height: 320 } }"
        let directory = try Self.folder("hdr-effects", manifest: Self.header + """
              - name: dipped
                clips:
                  - { source: dark.mp4, transition: { type: dip, color: white, duration: 1s } }
                  - { source: dark.mp4 }
              - name: blurred
                clips:
                  - { source: box.mp4, transition: { type: blur, duration: 1s } }
                  - { source: box.mp4 }
              - { name: blurred-fill, preset: \(portrait), fill: blur, clips: [ { source: grey.mp4 } ] }
              - { name: red-fill, preset: \(portrait), clips: [ { source: grey.mp4, fill: "#ff0000" } ] }
              - { name: no-fill, preset: \(portrait), clips: [ { source: grey.mp4 } ] }

            """)
        let validation = try CommandRunner.run(["validate", "m", "--color", "never"], in: directory)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let out = directory.appendingPathComponent("m/out")
        for name in ["dipped", "blurred", "blurred-fill", "red-fill"] {
            let probe = try ProbeReport(path: out.appendingPathComponent("\(name).mp4").path)
            #expect(ProbeReport.string(probe.video, "color_transfer") == "arib-std-b67", "\(name)")
        }
        // The dip is 1 s to 2 s: white at its middle (picture 15), the dark clip before and after.
        let dipped = try RGBVideo(path: out.appendingPathComponent("dipped.mp4").path, width: 320, height: 180)
        let white: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 150 }
        #expect(dipped.ink(15, white).pixels == 320 * 180, "\(dipped.rgb(15, 160, 90))")
        #expect(dipped.ink(5, white).isEmpty && dipped.ink(25, white).isEmpty, "\(dipped.rgb(5, 160, 90))")
        // Across the box's left edge (x = 120) on the middle row: one steep step before the blur, a ramp at its middle.
        let blurred = try RGBVideo(path: out.appendingPathComponent("blurred.mp4").path, width: 320, height: 180)
        func steepestShare(_ frame: Int) -> Double {
            let values = (100..<140).map { blurred.rgb(frame, $0, 90).g }
            let steps = zip(values, values.dropFirst()).map { abs($1 - $0) }
            return Double(steps.max() ?? 0) / Double(max(1, (values.max() ?? 0) - (values.min() ?? 0)))
        }
        #expect(steepestShare(5) > 0.5, "before: \((100..<140).map { blurred.rgb(5, $0, 90).g })")
        #expect(steepestShare(15) < 0.25, "middle: \((100..<140).map { blurred.rgb(15, $0, 90).g })")
        // The 320x180 picture is contained in 180x320: about 101 rows in the middle, bars above and below.
        let bars = 0..<100
        let grey: ((r: Int, g: Int, b: Int)) -> Bool = { $0.g > 70 && $0.g < 160 && abs($0.r - $0.g) < 20 }
        // Decoded without BT.2020's matrix, red comes out orange-red; it is the bars' only strong hue.
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 120 && $0.r > $0.g + 60 && $0.r > $0.b + 60 }
        let blurredFill = try RGBVideo(path: out.appendingPathComponent("blurred-fill.mp4").path, width: 180, height: 320)
        let redFill = try RGBVideo(path: out.appendingPathComponent("red-fill.mp4").path, width: 180, height: 320)
        let noFill = try RGBVideo(path: out.appendingPathComponent("no-fill.mp4").path, width: 180, height: 320)
        #expect(blurredFill.ink(5, rows: bars, grey).pixels == 180 * 100, "\(blurredFill.rgb(5, 90, 50))")
        #expect(redFill.ink(5, rows: bars, red).pixels == 180 * 100, "\(redFill.rgb(5, 90, 50))")
        #expect(noFill.ink(5, rows: bars, grey).isEmpty && noFill.ink(5, rows: bars, red).isEmpty,
                "\(noFill.rgb(5, 90, 50))")
    }
}
