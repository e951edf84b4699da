import Foundation
import MediaTestSupport
import Testing

/// HDR (HLG) outputs draw titles and captions as SDR outputs do, and `validate` reports at its line what they do not
/// draw yet; checked through the built binary, ffprobe and the ffmpeg tool's own decode.
@Suite struct HDRDrawingTests {
    /// A dark and a mid-grey 320x180 HLG clip of 2 s (10-bit HEVC tagged BT.2020 / ARIB STD-B67), and a caption file.
    static func folder(_ name: String, manifest: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(manifest, to: "m/batch.yaml", in: directory)
        try CommandRunner.write("1\n00:00:00,000 --> 00:00:02,000\nCAPTION LINE\n", to: "m/subs.srt", in: directory)
        for (file, color) in [("dark.mp4", "0x202020"), ("grey.mp4", "0x808080")] {
            try MediaCheck.make(directory.appendingPathComponent("m/\(file)"), [
                "-f", "lavfi", "-i", "color=c=\(color):s=320x180:r=10:d=2", "-pix_fmt", "yuv420p10le", "-c:v", "libx265",
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
    /// grey clip: the output is tagged HLG, and the ffmpeg tool's decode to RGB sees bright text in the title's band
    /// and in the captions' band, where the same output without text has none, and, halfway through the wipe, the
    /// grey clip at the top-left corner and the dark one at the bottom-right.
    @Test func titlesCaptionsAndShapedWipesAreDrawnOnHLGOutputs() throws {
        let directory = try Self.folder("hdr-text", manifest: Self.header + """
              - name: titled
                clips:
                  - { source: dark.mp4, transition: { type: wipe-down-right, duration: 1s } }
                  - { source: grey.mp4 }
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
    }

    /// What HDR outputs do not draw yet (a zoom, a dip) is a positioned error of `validate`, not a failure
    /// after the render started.
    @Test func whatHDRDoesNotDrawYetIsAValidateErrorAtItsLine() throws {
        let directory = try Self.folder("hdr-validate", manifest: Self.header + """
              - name: moving
                clips:
                  - { source: dark.mp4, zoom: in }
                  - { source: dark.mp4, transition: { type: dip, duration: 0.5s } }
                  - { source: dark.mp4 }

            """)
        let result = try CommandRunner.run(["validate", "m", "--color", "never"], in: directory)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("""
            m/batch.yaml:8:35: error: 'motion' that zooms, moves or turns a picture is not drawn on HDR outputs yet; \
            keep this clip still (crops and pans of the crop are drawn) or render it with an SDR preset
                  - { source: dark.mp4, zoom: in }
                                              ^
            """), "\(result.stderr)")
        #expect(result.stderr.contains("""
            m/batch.yaml:9:19: error: transition 'dip' is not drawn on HDR outputs yet; use crossfade, fade, a wipe, \
            iris, clock or luma, or render this output with an SDR preset
                  - { source: dark.mp4, transition: { type: dip, duration: 0.5s } }
                              ^
            """), "\(result.stderr)")
    }
}
