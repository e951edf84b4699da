import Foundation
import MediaTestSupport
import Testing

/// `border` and `border_width` on overlays, clips and layers: bands of colour inside the pictures' edges and around
/// their rounded corners, on SDR and HLG outputs, read back with the ffmpeg tool's decode.
struct BorderRunTests {
    /// What a pixel shows: the red band, the blue picture, the black clip, or the band half over the picture.
    enum Seen: Equatable {
        case band, picture, clip, halfBand, other
    }

    static func seen(_ c: (r: Int, g: Int, b: Int)) -> Seen {
        switch (c.r, c.g, c.b) {
        case (200..., ..<60, ..<60): .band
        case (..<40, ..<40, 200...): .picture
        case (..<30, ..<30, ..<30): .clip
        case (100...160, ..<40, 100...160): .halfBand
        default: .other
        }
    }

    /// The suite's 640x360 lossless preset and 1 s black clip, up to `outputs:`.
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 640, height: 360, fps: 10, crf: 0 }, audio: { bitrate: 64k } }
        sources:
          black: { generate: color, color: black, duration: 1s, size: 640x360 }
        outputs:

        """

    /// A 200x200 blue square at (100, 80) on a black 640x360 clip, with a 10 px red band: square corners, 40 px
    /// corners, a band of half-transparent red, and a band of 50% (the whole picture).
    static let manifest = header + """
          - { name: square, clips: [black], overlays: [ { image: media/blue.png, region: { x: 100, y: 80, width: 200 }, border: red, border_width: 10 } ] }
          - { name: round, clips: [black], overlays: [ { image: media/blue.png, region: { x: 100, y: 80, width: 200 }, radius: 40, border: "#ff0000", border_width: 10 } ] }
          - { name: clear, clips: [black], overlays: [ { image: media/blue.png, region: { x: 100, y: 80, width: 200 }, border: "#ff000080", border_width: 10 } ] }
          - { name: whole, clips: [black], overlays: [ { image: media/blue.png, region: { x: 100, y: 80, width: 200 }, border: red, border_width: 50% } ] }

        """

    /// Pixels and what each output shows there. The band runs 10 px inside the square (100...110 and 290...300
    /// across, 80...90 and 270...280 down). With 40 px corners the outer arc and the band's inner arc (40 - 10 = 30
    /// px) share the centre (140, 120): (115, 95) lies 35 px from it (in the band), (122, 102) 25 px (the picture),
    /// (106, 86) 48 px (outside).
    static let cases: [(x: Int, y: Int, square: Seen, round: Seen, clear: Seen, whole: Seen)] = [
        (105, 180, .band, .band, .halfBand, .band),
        (200, 84, .band, .band, .halfBand, .band),
        (295, 180, .band, .band, .halfBand, .band),
        (200, 276, .band, .band, .halfBand, .band),
        (200, 180, .picture, .picture, .picture, .band),
        (115, 180, .picture, .picture, .picture, .band),
        (115, 95, .picture, .band, .picture, .band),
        (122, 102, .picture, .picture, .picture, .band),
        (106, 86, .band, .clip, .halfBand, .band),
        (94, 180, .clip, .clip, .clip, .clip),
        (200, 306, .clip, .clip, .clip, .clip),
    ]

    @Test func bordersLineOverlaysInsideTheirEdgesAndCorners() throws {
        let blue = try MediaTool.solidPNG("0x0000ff", width: 200, height: 200)
        let size = (640, 360)
        let (_, videos) = try RGBVideo.render(Self.manifest, files: ["media/blue.png": blue],
                                              outputs: ["square": size, "round": size, "clear": size, "whole": size])
        for (x, y, square, round, clear, whole) in Self.cases {
            for (name, expected) in [("square", square), ("round", round), ("clear", clear), ("whole", whole)] {
                let color = try #require(videos[name]).rgb(5, x, y)
                #expect(Self.seen(color) == expected, "\(name) at \(x),\(y): \(color)")
            }
        }
    }

    /// A blue 320x180 clip contained in a 360x640 story (rows 218.75 to 421.25) on a white fill with a 24 px radius
    /// and an 8 px red band, and the blue square in an explicit timeline's layer with the overlay's band.
    @Test func clipsAndLayersTakeBordersToo() throws {
        let blue = try MediaTool.solidPNG("0x0000ff", width: 200, height: 200)
        let manifest = """
            mediabatch: 1
            defaults: { out: out }
            presets:
              story: { base: draft, video: { width: 360, height: 640, fps: 10, crf: 0, upscale: true }, audio: { bitrate: 64k } }
              wide: { base: draft, video: { width: 640, height: 360, fps: 10, crf: 0, upscale: true }, audio: { bitrate: 64k } }
            sources:
              blue: { generate: color, color: "#0000ff", duration: 1s, size: 320x180 }
              black: { generate: color, color: black, duration: 1s, size: 640x360 }
            outputs:
              - { name: card, preset: story, clips: [ { source: blue, fill: white, radius: 24, border: red, border_width: 8 } ] }
              - name: layered
                preset: wide
                tracks:
                  - segments: [ { source: media/blue.png, to: 1s } ]
                  - segments: [ { source: black } ]
                layers:
                  - { track: 1, region: { x: 100, y: 80, width: 200, height: 200 }, radius: 40, border: red, border_width: 10 }

            """
        let (_, videos) = try RGBVideo.render(manifest, files: ["media/blue.png": blue],
                                              outputs: ["card": (360, 640), "layered": (640, 360)])
        let card = try #require(videos["card"]), layered = try #require(videos["layered"])
        let white: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 220 }
        for (x, y) in [(1, 220), (358, 220), (1, 420), (358, 420)] {
            #expect(white(card.rgb(5, x, y)), "card corner \(x),\(y): \(card.rgb(5, x, y))")
        }
        for (x, y, expected) in [(180, 223, Seen.band), (3, 320, .band), (356, 320, .band), (180, 417, .band),
                                 (180, 320, .picture), (14, 320, .picture), (180, 232, .picture)] {
            #expect(Self.seen(card.rgb(5, x, y)) == expected, "card at \(x),\(y): \(card.rgb(5, x, y))")
        }
        for (x, y, _, round, _, _) in Self.cases {
            #expect(Self.seen(layered.rgb(5, x, y)) == round, "layered at \(x),\(y): \(layered.rgb(5, x, y))")
        }
    }

    /// A 200x200 picture whose right half is clear (green with no alpha) on a black clip, with a 10 px red band: on
    /// the right, the band's inner edge falls inside a 2x2 colour block, which the band covers in part. Over the clear
    /// half the band is a shade of red there (dimmer where it covers less), never tinted by the clear pixels' green.
    @Test func aBandOverClearPixelsKeepsItsColour() throws {
        let directory = try CommandRunner.temporaryDirectory("border-clear")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0x00ff00:s=200x200,format=rgba,"
                                + "geq=r='0':g='if(lt(X,100),0,255)':b='if(lt(X,100),255,0)':a='if(lt(X,100),255,0)'",
                              "-frames:v", "1", directory.appendingPathComponent("half.png").path])
        let half = try Data(contentsOf: directory.appendingPathComponent("half.png"))
        let (_, videos) = try RGBVideo.render(Self.header + """
              - { name: clear, clips: [black], overlays: [ { image: media/half.png, region: { x: 101, y: 80, width: 200 }, border: red, border_width: 10 } ] }

            """, files: ["media/half.png": half], outputs: ["clear": (640, 360)])
        let video = try #require(videos["clear"])
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > $0.g + 40 && abs($0.g - $0.b) <= 12 }
        for y in [100, 180, 260] {
            // The band's inner edge (partly covered) and its middle; the clip inside it.
            for x in [290, 291, 295] {
                #expect(red(video.rgb(5, x, y)), "at \(x),\(y): \(video.rgb(5, x, y))")
            }
            #expect(Self.seen(video.rgb(5, 286, y)) == .clip, "at 286,\(y): \(video.rgb(5, 286, y))")
        }
    }

    /// A white 120x120 picture with a 10 px red band on an HLG clip, at rest and turned a quarter: the band is red
    /// on both, the middle white.
    @Test func bordersAreDrawnOnHLGOutputsAndTurnWithThePicture() throws {
        let directory = try HDRDrawingTests.folder("hdr-border", manifest: HDRDrawingTests.header + """
              - { name: rest, clips: [dark.mp4], overlays: [ { image: white.png, region: { x: 100, y: 30, width: 120 }, radius: 20, border: red, border_width: 10 } ] }
              - { name: turned, clips: [dark.mp4], overlays: [ { image: white.png, region: { x: 100, y: 30, width: 120 }, radius: 20, border: red, border_width: 10, motion: [ { at: 0s, rotate: 90 } ] } ] }

            """)
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=white:s=120x120", "-frames:v", "1",
                              directory.appendingPathComponent("m/white.png").path])
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for name in ["rest", "turned"] {
            let video = try RGBVideo(path: directory.appendingPathComponent("m/out/\(name).mp4").path, width: 320,
                                     height: 180)
            let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 120 && $0.r > 2 * $0.g && $0.r > 2 * $0.b }
            let bright: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 140 }
            for (x, y) in [(160, 34), (104, 90), (215, 90), (160, 145)] {
                #expect(red(video.rgb(5, x, y)), "\(name) band at \(x),\(y): \(video.rgb(5, x, y))")
            }
            for (x, y) in [(160, 90), (125, 90), (160, 55)] {
                #expect(bright(video.rgb(5, x, y)), "\(name) at \(x),\(y): \(video.rgb(5, x, y))")
            }
        }
    }

    @Test(arguments: [
        ("border: red, border_width: -3", "6:114", "invalid border_width '-3'; use pixels (0 or more, such as '6') or "
            + "percent of the picture's shorter side up to 50%"),
        ("border: red, border_width: 70%", "6:114", "invalid border_width '70%'; use pixels (0 or more, such as '6') or "
            + "percent of the picture's shorter side up to 50%"),
        ("border_width: 6", "6:101", "'border_width' needs 'border', the border's colour (such as 'border: white')"),
        ("border: redd", "6:95", "unknown colour 'redd'; did you mean 'red'?"),
    ])
    func badBordersAreErrorsAtTheirPlace(keys: String, place: String, message: String) throws {
        let result = try CommandRunner.validateOneOutput(
            "{ name: a, clips: [black], overlays: [ { image: logo.png, region: { width: 10% }, \(keys) } ] }",
            name: "border-bad")
        #expect(result.status == 2)
        #expect(result.stderr.contains("m/batch.yaml:\(place): error: \(message)"), "\(result.stderr)")
    }
}
