import Foundation
import MediaTestSupport
import Testing

/// `fill`: the bars around a 16:9 clip contained in a 9:16 output, filled with the clip's own picture blurred, or a
/// colour, checked in the decoded pictures.
struct FillRunTests {
    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: tall }
        presets:
          tall: { base: draft, video: { width: 270, height: 480, fps: 10, crf: 8 }, audio: { bitrate: 64k } }
        templates:
          social: { fill: blur }
        outputs:
          - { name: blurred, template: social, clips: [ { source: bars.png, duration: 1s } ] }
          - { name: red, fill: "#ff0000", clips: [ { source: bars.png, duration: 1s } ] }
          - { name: plain, clips: [ { source: bars.png, duration: 1s } ] }

        """

    /// SMPTE colour bars, 480x270: sharp edges between saturated colours.
    static func bars() throws -> Data {
        let path = try TestScratch.directory("fill-bars").appendingPathComponent("bars.png").path
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "smptebars=size=480x270", "-frames:v", "1", path])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 230 && c.g < 30 && c.b < 30 }

    /// The largest change of any colour component between neighbouring pixels of row `y`.
    static func steepestStep(_ video: RGBVideo, y: Int) -> Int {
        (1..<video.width).map { x in
            let (a, b) = (video.rgb(0, x - 1, y), video.rgb(0, x, y))
            return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
        }.max() ?? 0
    }

    @Test func barsAroundAContainedClipAreItsBlurredPictureOrAColour() throws {
        let (_, videos) = try RGBVideo.render(Self.manifest, files: ["bars.png": try Self.bars()],
                                              outputs: ["blurred": (270, 480), "red": (270, 480), "plain": (270, 480)])
        let blurred = try #require(videos["blurred"]), red = try #require(videos["red"]), plain = try #require(videos["plain"])
        // The picture is 270x152 in the middle (y 164...315); the bands above and below are 164 px tall.
        for y in [20, 80, 140] {
            let row = (0..<270).map { blurred.rgb(0, $0, y) }
            let mean = row.map { Double($0.r + $0.g + $0.b) / 3 }.reduce(0, +) / 270
            // Not black, and blurred: no step between neighbours like the bars' edges, yet not one flat colour.
            #expect(mean > 60, "row \(y) mean \(mean)")
            #expect(Self.steepestStep(blurred, y: y) < 16, "row \(y) step \(Self.steepestStep(blurred, y: y))")
            let greens = row.map(\.g)
            #expect((greens.max() ?? 0) - (greens.min() ?? 0) > 60, "row \(y) greens \(greens.min() ?? 0)...\(greens.max() ?? 0)")
            let unfilled = plain.rgb(0, 135, y)
            #expect(max(unfilled.r, unfilled.g, unfilled.b) < 20, "plain row \(y): \(unfilled)")
            #expect(Self.isRed(red.rgb(0, 10, y)) && Self.isRed(red.rgb(0, 260, y)), "red row \(y): \(red.rgb(0, 10, y))")
            #expect(Self.isRed(red.rgb(0, 135, 479 - y)), "red row \(479 - y): \(red.rgb(0, 135, 479 - y))")
        }
        // The picture itself stays sharp over its fill.
        #expect(Self.steepestStep(blurred, y: 200) > 100)
        #expect(Self.steepestStep(red, y: 200) > 100)
    }
}

extension FillRunTests {
    /// An unknown colour is an error at its line; a fill on an HDR output is drawn (see `HDRDrawingTests`), so no
    /// error.
    @Test func validateReportsAnUnknownFillButNotAFillOnAnHDROutput() throws {
        let directory = try CommandRunner.temporaryDirectory("fill-validate")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            presets:
              hdr: { base: draft, video: { codec: hevc, dynamic_range: hdr, pixel_format: yuv420p10le } }
            outputs:
              - { name: a, fill: blu, clips: [ { source: { generate: color, duration: 1s } } ] }
              - { name: b, preset: hdr, fill: blur, clips: [ { source: { generate: color, duration: 1s } } ] }

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("""
            m/test.yaml:6:22: error: unknown colour 'blu'; did you mean 'blue'?
              - { name: a, fill: blu, clips: [ { source: { generate: color, duration: 1s } } ] }
                                 ^

            """), "\(result.stderr)")
        #expect(!result.stderr.contains("m/test.yaml:7:"), "\(result.stderr)")
    }
}
