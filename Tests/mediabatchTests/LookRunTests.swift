import Foundation
import MediaTestSupport
import Testing

/// `look` (brightness, contrast, saturation) on clips, overlays, layers and as an output's default, read back with
/// the ffmpeg tool's decode and compared with what the controls do to the unchanged picture's colour.
struct LookRunTests {
    /// Controls as the manifest writes them and as numbers.
    struct Controls {
        var brightness = 0.0, contrast = 1.0, saturation = 1.0
    }

    /// `plain` (an RGB colour as decoded) under `controls`: every component moved by the brightness, scaled about
    /// the middle grey by the contrast, its distance from the BT.709 luma scaled by the saturation, then held to 0...255.
    static func expected(_ plain: (r: Int, g: Int, b: Int), _ controls: Controls) -> (r: Int, g: Int, b: Int) {
        let (r, g, b) = (Double(plain.r) / 255, Double(plain.g) / 255, Double(plain.b) / 255)
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let changed = (luma - 0.5) * controls.contrast + 0.5 + controls.brightness
        func component(_ value: Double) -> Int {
            let out = changed + (value - luma) * controls.contrast * controls.saturation
            return Int((min(1, max(0, out)) * 255).rounded())
        }
        return (component(r), component(g), component(b))
    }

    static func near(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int), within: Int = 4) -> Bool {
        abs(a.r - b.r) <= within && abs(a.g - b.g) <= within && abs(a.b - b.b) <= within
    }

    /// Outputs of one 1 s clip of `#c83232` and the controls each `look` means.
    static let clipLooks: [(name: String, keys: String, controls: Controls)] = [
        ("grey", "clips: [ { source: red, look: greyscale } ]", Controls(saturation: 0)),
        ("bright", "clips: [ { source: red, look: { brightness: 20% } } ]", Controls(brightness: 0.2)),
        ("darker", "clips: [ { source: red, look: { brightness: -0.15, contrast: 1.2 } } ]",
         Controls(brightness: -0.15, contrast: 1.2)),
        ("soft", "look: { contrast: 0.5 }, clips: [red]", Controls(contrast: 0.5)),
        ("vivid", "look: { saturation: 140% }, clips: [red]", Controls(saturation: 1.4)),
        ("muted", "look: greyscale, clips: [ { source: red, look: { saturation: 0.5 } } ]", Controls(saturation: 0.5)),
        ("overridden", "look: greyscale, clips: [ { source: red, look: none } ]", Controls()),
    ]

    @Test func looksChangeClipsAsTheControlsSay() throws {
        let outputs = Self.clipLooks.map { "  - { name: \($0.name), \($0.keys) }" }.joined(separator: "\n")
        let manifest = """
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: draft, video: { width: 320, height: 180, fps: 10, crf: 0 }, audio: { bitrate: 64k } }
            sources:
              red: { generate: color, color: "#c83232", duration: 1s, size: 320x180 }
            outputs:
              - { name: plain, clips: [red] }
            \(outputs)

            """
        var sizes = ["plain": (320, 180)]
        for look in Self.clipLooks { sizes[look.name] = (320, 180) }
        let (_, videos) = try RGBVideo.render(manifest, outputs: sizes)
        let plain = try #require(videos["plain"]).rgb(5, 160, 90)
        #expect(plain.r > 150 && plain.g < 80, "\(plain)")
        for look in Self.clipLooks {
            let seen = try #require(videos[look.name]).rgb(5, 160, 90), want = Self.expected(plain, look.controls)
            #expect(Self.near(seen, want), "\(look.name): \(seen), expected \(want) from \(plain)")
        }
    }

    /// An overlay's look changes the overlay only; an output's look changes its clips and not its overlays; clips
    /// joined by a cut each keep their own; an explicit timeline's layer takes its own look and a track without a
    /// layer the output's.
    @Test func looksBelongToTheirPictures() throws {
        let red = try MediaTool.solidPNG("0xc83232", width: 100, height: 100)
        let manifest = """
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: draft, video: { width: 320, height: 180, fps: 10, crf: 0, upscale: true }, audio: { bitrate: 64k } }
            sources:
              red: { generate: color, color: "#c83232", duration: 1s, size: 320x180 }
              blue: { generate: color, color: "#3232c8", duration: 1s, size: 320x180 }
            outputs:
              - name: logo
                clips: [blue]
                overlays: [ { image: media/red.png, region: { x: 20, y: 20, width: 100 }, look: greyscale } ]
              - name: branded
                look: greyscale
                clips: [blue]
                overlays: [ { image: media/red.png, region: { x: 20, y: 20, width: 100 } } ]
              - name: cut
                look: greyscale
                clips: [ red, { source: red, look: none } ]
              - name: layered
                look: greyscale
                tracks:
                  - segments: [ { source: media/red.png, to: 1s } ]
                  - segments: [ { source: red } ]
                layers:
                  - { track: 1, region: { x: 20, y: 20, width: 100, height: 100 }, look: { brightness: 0.1 } }

            """
        let size = (320, 180)
        let (_, videos) = try RGBVideo.render(manifest, files: ["media/red.png": red],
                                              outputs: ["logo": size, "branded": size, "cut": size, "layered": size])
        let logo = try #require(videos["logo"]), branded = try #require(videos["branded"])
        let cut = try #require(videos["cut"]), layered = try #require(videos["layered"])
        let grey: ((r: Int, g: Int, b: Int)) -> Bool = { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) <= 4 }
        let reddish: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > $0.g + 100 && $0.r > $0.b + 100 }
        let bluish: ((r: Int, g: Int, b: Int)) -> Bool = { $0.b > $0.r + 100 && $0.b > $0.g + 100 }
        let checks: [(String, Bool, (r: Int, g: Int, b: Int))] = [
            ("logo's overlay is grey", grey(logo.rgb(5, 70, 70)), logo.rgb(5, 70, 70)),
            ("logo's clip is blue", bluish(logo.rgb(5, 250, 140)), logo.rgb(5, 250, 140)),
            ("branded's overlay is red", reddish(branded.rgb(5, 70, 70)), branded.rgb(5, 70, 70)),
            ("branded's clip is grey", grey(branded.rgb(5, 250, 140)), branded.rgb(5, 250, 140)),
            ("cut's first clip is grey", grey(cut.rgb(5, 160, 90)), cut.rgb(5, 160, 90)),
            ("cut's second clip is red", reddish(cut.rgb(15, 160, 90)), cut.rgb(15, 160, 90)),
            ("layered's layer is red", reddish(layered.rgb(5, 70, 70)), layered.rgb(5, 70, 70)),
            ("layered's other track is grey", grey(layered.rgb(5, 250, 140)), layered.rgb(5, 250, 140)),
        ]
        for (what, holds, color) in checks { #expect(holds, "\(what): \(color)") }
        // The layer's own look: brighter by a tenth, not the output's greyscale.
        let plainRed = branded.rgb(5, 70, 70)
        #expect(Self.near(layered.rgb(5, 70, 70), Self.expected(plainRed, Controls(brightness: 0.1))),
                "layered's layer: \(layered.rgb(5, 70, 70)) from \(plainRed)")
    }

    /// On an HLG output a greyscale look leaves the red clip without colour; the same clip without it keeps it.
    @Test func looksAreDrawnOnHLGOutputs() throws {
        let directory = try HDRDrawingTests.folder("hdr-look", manifest: HDRDrawingTests.header + """
              - { name: colour, clips: [ { source: { generate: color, color: "#c83232", duration: 1s } } ] }
              - { name: grey, look: greyscale, clips: [ { source: { generate: color, color: "#c83232", duration: 1s } } ] }

            """)
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let colour = try RGBVideo(path: directory.appendingPathComponent("m/out/colour.mp4").path, width: 320, height: 180)
        let grey = try RGBVideo(path: directory.appendingPathComponent("m/out/grey.mp4").path, width: 320, height: 180)
        let (c, g) = (colour.rgb(5, 160, 90), grey.rgb(5, 160, 90))
        #expect(c.r > c.g + 60, "colour: \(c)")
        #expect(max(g.r, g.g, g.b) - min(g.r, g.g, g.b) <= 6 && g.g > 20, "grey: \(g)")
    }

    /// `passthrough: true` copies a source of the output's size and rate that plays untouched; a look changes it, so
    /// the looked output is encoded grey where the plain one keeps the source's red.
    @Test func aLookedClipIsNeverCopied() throws {
        let directory = try CommandRunner.temporaryDirectory("look-copy")
        try MediaCheck.make(directory.appendingPathComponent("m/red.mp4"), [
            "-f", "lavfi", "-i", "color=c=0xc83232:s=320x180:r=10:d=1", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-g", "10", "-c:a", "aac", "-ac", "2", "-shortest"])
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: copy }
            presets:
              copy: { base: draft, video: { width: 320, height: 180, fps: 10 }, passthrough: true }
            outputs:
              - { name: plain, clips: [red.mp4] }
              - { name: grey, clips: [ { source: red.mp4, look: greyscale } ] }

            """, to: "m/batch.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try String(contentsOf: directory.appendingPathComponent("m/out/report.json"), encoding: .utf8)
        #expect(report.contains("the video composition changes the picture (layers, opacity, transform, crop, corners, "
                                + "border or colour)"), "\(report)")
        let plain = try RGBVideo(path: directory.appendingPathComponent("m/out/plain.mp4").path, width: 320, height: 180)
        let grey = try RGBVideo(path: directory.appendingPathComponent("m/out/grey.mp4").path, width: 320, height: 180)
        let (p, g) = (plain.rgb(5, 160, 90), grey.rgb(5, 160, 90))
        #expect(p.r > p.g + 100, "plain: \(p)")
        #expect(max(g.r, g.g, g.b) - min(g.r, g.g, g.b) <= 4, "grey: \(g)")
    }

    @Test(arguments: [
        ("look: sepia", "6:48", "unknown look 'sepia'; write 'none', 'greyscale' or { brightness, contrast, saturation }"),
        ("look: { contrast: -1 }", "6:60", "'contrast' must be a number from 0 to 10 or a percentage (0% to 1000%), not '-1'"),
        ("look: { brightness: 150% }", "6:62",
         "'brightness' must be a number from -1 to 1 or a percentage (-100% to 100%), not '150%'"),
        ("look: { saturation: lots }", "6:62",
         "'saturation' must be a number from 0 to 10 or a percentage (0% to 1000%), not 'lots'"),
    ])
    func badLooksAreErrorsAtTheirPlace(keys: String, place: String, message: String) throws {
        let result = try CommandRunner.validateOneOutput("{ name: a, clips: [ { source: black, \(keys) } ] }",
                                                         name: "look-bad")
        #expect(result.status == 2)
        #expect(result.stderr.contains("m/batch.yaml:\(place): error: \(message)"), "\(result.stderr)")
    }
}
