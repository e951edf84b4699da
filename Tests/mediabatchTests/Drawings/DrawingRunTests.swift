import Foundation
import MediaTestSupport
import Testing

/// Designers' pictures rendered end to end by `mediabatch run` and read back with the ffmpeg CLI: SVG files drawn as
/// vectors at the size they are shown, with `{variables}` written into them.
struct DrawingRunTests {
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: wide }
        presets:
          wide: { base: draft, video: { width: 480, height: 270, fps: 10, crf: 8 }, audio: { bitrate: 64k } }
        sources:
          blue: { generate: color, color: blue, duration: 1s, size: 480x270 }
        outputs:

        """

    /// A disc filling a 10x10 view box, its colour and a caption from variables.
    static let disc = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
          <style>.caption{font-size:1px}</style>
          <circle cx="5" cy="5" r="5" fill="{tint}"/><text class="caption" x="0" y="-1">{label}</text>
        </svg>
        """

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 200 && c.g < 50 && c.b < 50 }
    static func isBlue(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.b > 200 && c.r < 50 && c.g < 50 }

    @Test func svgDiscIsDrawnAtTheSizeShownWithItsVariables() throws {
        // A 10-pixel document shown 200 pixels wide: drawn at 200, its edge is as sharp as the output's pixels (a
        // 10-pixel bitmap scaled 20 times would blur it over 20). The caption's '&' and '<' are escaped before parsing.
        let manifest = Self.header + """
              - name: disc
                vars: { tint: "#ff0000", label: "Fish & <Chips>" }
                clips: [blue]
                overlays: [ { image: disc.svg, region: { x: 120, y: 35, width: 200 } } ]

            """
        let (_, videos) = try RGBVideo.render(manifest, files: ["disc.svg": Data(Self.disc.utf8)],
                                              outputs: ["disc": (480, 270)])
        let video = try #require(videos["disc"])
        let red = video.ink(0) { Self.isRed($0) }
        #expect(abs(red.centerX - 220) <= 1 && abs(Double(red.minY + red.maxY) / 2 - 135) <= 1, "\(red)")
        #expect(abs(red.width - 200) <= 2 && abs(red.height - 200) <= 2, "\(red)")
        // A disc, not its square: 92 px from the centre along a diagonal is inside, 106 px outside, as are the
        // square's corners.
        #expect(Self.isRed(video.rgb(0, 220 + 65, 135 + 65)) && Self.isRed(video.rgb(0, 220 - 65, 135 - 65)))
        for (x, y) in [(220 + 75, 135 + 75), (220 - 75, 135 - 75), (124, 39), (316, 231), (330, 135)] {
            #expect(Self.isBlue(video.rgb(0, x, y)), "(\(x), \(y)): \(video.rgb(0, x, y))")
        }
        // Crisp: along the middle row at most 3 pixels are neither blue nor red at each edge.
        for edge in [100..<140, 300..<340] {
            let blended = edge.filter { !Self.isRed(video.rgb(0, $0, 135)) && !Self.isBlue(video.rgb(0, $0, 135)) }
            #expect(blended.count <= 3, "blended pixels at \(edge): \(blended)")
        }
    }

    @Test func validateReportsABrokenSVGAtTheLineThatNamesIt() throws {
        let directory = try CommandRunner.temporaryDirectory("svg-validate")
        try CommandRunner.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><circle r=\"5\"</svg>\n",
                                to: "m/broken.svg", in: directory)
        try CommandRunner.write(Self.header + """
              - name: broken
                clips: [blue]
                overlays: [ { image: broken.svg, region: { width: 20% } } ]

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        let path = directory.appendingPathComponent("m/broken.svg").path
        #expect(result.stderr == """
            m/test.yaml:10:26: error: source 'broken.svg' cannot be read: cannot read '\(path)' as SVG: XML parse error: Error domain 1 code 73 on line 1 column 77 of data: Couldn't find end of Start Tag circle line 1; used by output 'broken'
                overlays: [ { image: broken.svg, region: { width: 20% } } ]
                                     ^
            m/test.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
    }
}

extension DrawingRunTests {
    @Test func svgLottieAndFillOutputsHaveTheSameBytesWithOneJobOrTwo() throws {
        let directory = try CommandRunner.temporaryDirectory("drawing-jobs")
        try CommandRunner.write(Self.disc, to: "m/disc.svg", in: directory)
        try CommandRunner.write(LottieRunTests.moving, to: "m/media/move.json", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: tall }
            presets:
              tall: { base: draft, video: { width: 270, height: 480, fps: 10, crf: 20 }, audio: { bitrate: 64k } }
            vars: { tint: "#ffcc00", label: "A & B" }
            outputs:
              - name: "story-{n}"
                matrix: { n: [1, 2, 3] }
                fill: blur
                clips: [ { source: { generate: testpattern, duration: 1.5s, size: 480x270 } } ]
                overlays:
                  - { image: disc.svg, anchor: top-left, region: { width: "{n}0%" }, enter: pop }
                  - { lottie: media/move.json, loop: true, anchor: bottom-right, region: { width: "{n}0%" } }

            """, to: "m/test.yaml", in: directory)
        var files: [[Data]] = []
        for jobs in ["1", "2"] {
            let result = try CommandRunner.run(["run", "m", "--out", "out\(jobs)", "--jobs", jobs, "--quiet"], in: directory)
            try #require(result.status == 0, "\(result.stderr)")
            files.append(try (1...3).map { try Data(contentsOf: directory.appendingPathComponent("out\(jobs)/story-\($0).mp4")) })
        }
        #expect(files[0] == files[1])
        #expect(Set(files[0]).count == 3)
    }
}
