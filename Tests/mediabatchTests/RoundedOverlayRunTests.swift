import Foundation
import MediaTestSupport
import Testing

/// Overlays with `radius`: rounded corners drawn on SDR and HLG outputs, at rest and turned, read back with the
/// ffmpeg tool's decode.
struct RoundedOverlayRunTests {
    /// What a pixel shows: the white overlay, the black clip, or a mix on the anti-aliased arc.
    enum Seen: Equatable {
        case white, black, edge
    }

    static func seen(_ c: (r: Int, g: Int, b: Int)) -> Seen {
        let level = (c.r + c.g + c.b) / 3
        return level > 225 ? .white : level < 30 ? .black : .edge
    }

    /// A 200x200 white square at (100, 80) on a black 640x360 clip: square, with a 40 px radius, and at 50% (a
    /// circle).
    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 640, height: 360, fps: 10, crf: 0 }, audio: { bitrate: 64k } }
        sources:
          black: { generate: color, color: black, duration: 1s, size: 640x360 }
        outputs:
          - { name: square, clips: [black], overlays: [ { image: media/white.png, region: { x: 100, y: 80, width: 200 } } ] }
          - { name: round, clips: [black], overlays: [ { image: media/white.png, region: { x: 100, y: 80, width: 200 }, radius: 40 } ] }
          - { name: circle, clips: [black], overlays: [ { image: media/white.png, region: { x: 100, y: 80, width: 200 }, radius: 50% } ] }

        """

    /// Pixels and what each output shows there. The 40 px corner's arc is centred at (140, 120): (103, 83) lies
    /// 52 px from it (outside), (115, 95) 35 px (inside); (111, 91) straddles the arc at 40.3 px. The circle is
    /// centred at (200, 180) with radius 100: (125, 105) lies 106 px from its centre, (140, 120) 85 px.
    static let cases: [(x: Int, y: Int, square: Seen, round: Seen, circle: Seen)] = [
        (103, 83, .white, .black, .black),
        (115, 95, .white, .white, .black),
        (111, 91, .white, .edge, .black),
        (296, 276, .white, .black, .black),
        (200, 82, .white, .white, .white),
        (102, 180, .white, .white, .white),
        (200, 180, .white, .white, .white),
        (140, 120, .white, .white, .white),
        (125, 105, .white, .white, .black),
        (98, 180, .black, .black, .black),
    ]

    @Test func roundedCornersCutTheOverlayAlongItsArcs() throws {
        let white = try MediaTool.solidPNG("white", width: 200, height: 200)
        let size = (640, 360)
        let (_, videos) = try RGBVideo.render(Self.manifest, files: ["media/white.png": white],
                                              outputs: ["square": size, "round": size, "circle": size])
        for (x, y, square, round, circle) in Self.cases {
            for (name, expected) in [("square", square), ("round", round), ("circle", circle)] {
                let color = try #require(videos[name]).rgb(5, x, y)
                #expect(Self.seen(color) == expected, "\(name) at \(x),\(y): \(color)")
            }
        }
    }

    /// A white 200x200 square in an explicit timeline's layer with a 40 px radius: the corners of the layer as of the
    /// overlay above. And a layer whose track joins that picture and a 400x400 one, both shown 200 px wide: each
    /// picture's corners are measured in its own pixels, so the second's are as round as the first's, not half as
    /// round ((108, 88) lies 45 px from the 40 px arc's centre, outside, but inside a 20 px arc).
    @Test func layersOfExplicitTimelinesTakeARadiusMeasuredOnEachPicture() throws {
        let files = ["media/white200.png": try MediaTool.solidPNG("white", width: 200, height: 200),
                     "media/white400.png": try MediaTool.solidPNG("white", width: 400, height: 400)]
        let manifest = """
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: draft, video: { width: 640, height: 360, fps: 10, crf: 0, upscale: true }, audio: { bitrate: 64k } }
            sources:
              black: { generate: color, color: black, duration: 2s, size: 640x360 }
            outputs:
              - name: layered
                tracks:
                  - segments: [ { source: media/white200.png, to: 1s } ]
                  - segments: [ { source: black, to: 1s } ]
                layers:
                  - { track: 1, region: { x: 100, y: 80, width: 200, height: 200 }, radius: 40 }
              - name: joined
                tracks:
                  - segments: [ { source: media/white200.png, to: 1s }, { source: media/white400.png, to: 1s, at: 1s } ]
                  - segments: [ { source: black } ]
                layers:
                  - { track: 1, region: { x: 100, y: 80, width: 200, height: 200 }, radius: 40 }

            """
        let (_, videos) = try RGBVideo.render(manifest, files: files,
                                              outputs: ["layered": (640, 360), "joined": (640, 360)])
        let layered = try #require(videos["layered"]), joined = try #require(videos["joined"])
        for (video, name, frame) in [(layered, "layered", 5), (joined, "joined", 5), (joined, "joined", 15)] {
            #expect(Self.seen(video.rgb(frame, 108, 88)) == .black, "\(name) frame \(frame): \(video.rgb(frame, 108, 88))")
            for (x, y, _, round, _) in Self.cases {
                #expect(Self.seen(video.rgb(frame, x, y)) == round,
                        "\(name) frame \(frame) at \(x),\(y): \(video.rgb(frame, x, y))")
            }
        }
    }

    /// A white 320x180 clip contained in a 360x640 story (scaled to 360x202.5, rows 218.75 to 421.25) on a red
    /// fill, its corners rounded by 24 px: the corners show the fill, the rest the clip.
    @Test func clipsTakeARadiusShowingTheirFillInTheCorners() throws {
        let manifest = """
            mediabatch: 1
            defaults: { out: out, preset: story }
            presets:
              story: { base: draft, video: { width: 360, height: 640, fps: 10, crf: 0, upscale: true }, audio: { bitrate: 64k } }
            sources:
              white: { generate: color, color: white, duration: 1s, size: 320x180 }
            outputs:
              - { name: card, clips: [ { source: white, fill: red, radius: 24 } ] }
              - { name: square, clips: [ { source: white, fill: red } ] }

            """
        let (_, videos) = try RGBVideo.render(manifest, outputs: ["card": (360, 640), "square": (360, 640)])
        let card = try #require(videos["card"]), square = try #require(videos["square"])
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 200 && $0.g < 60 && $0.b < 60 }
        let white: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 220 }
        for (x, y) in [(2, 222), (357, 222), (2, 418), (357, 418)] {
            #expect(red(card.rgb(5, x, y)), "card corner \(x),\(y): \(card.rgb(5, x, y))")
            #expect(white(square.rgb(5, x, y)), "square corner \(x),\(y): \(square.rgb(5, x, y))")
        }
        for (x, y) in [(180, 222), (2, 320), (180, 320), (357, 320), (180, 418)] {
            #expect(white(card.rgb(5, x, y)), "card at \(x),\(y): \(card.rgb(5, x, y))")
        }
        #expect(red(card.rgb(5, 180, 100)) && red(card.rgb(5, 180, 560)))
    }

    /// A white 120x120 picture with a 30 px radius on an HLG clip, at rest and turned a quarter: the corners show
    /// the dark clip, the edges' middles the picture, on both.
    @Test func roundedCornersAreDrawnOnHLGOutputsAndTurnWithThePicture() throws {
        let directory = try HDRDrawingTests.folder("hdr-rounded", manifest: HDRDrawingTests.header + """
              - { name: rest, clips: [dark.mp4], overlays: [ { image: white.png, region: { x: 100, y: 30, width: 120 }, radius: 30 } ] }
              - { name: turned, clips: [dark.mp4], overlays: [ { image: white.png, region: { x: 100, y: 30, width: 120 }, radius: 30, motion: [ { at: 0s, rotate: 90 } ] } ] }

            """)
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=white:s=120x120", "-frames:v", "1",
                              directory.appendingPathComponent("m/white.png").path])
        let result = try CommandRunner.run(["run", "m", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for name in ["rest", "turned"] {
            let video = try RGBVideo(path: directory.appendingPathComponent("m/out/\(name).mp4").path, width: 320,
                                     height: 180)
            let bright: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 140 }
            for (x, y) in [(102, 32), (217, 32), (102, 147), (217, 147)] {
                #expect(!bright(video.rgb(5, x, y)), "\(name) corner \(x),\(y): \(video.rgb(5, x, y))")
            }
            for (x, y) in [(160, 32), (102, 90), (217, 90), (160, 147), (160, 90), (112, 42)] {
                #expect(bright(video.rgb(5, x, y)), "\(name) at \(x),\(y): \(video.rgb(5, x, y))")
            }
        }
    }

    @Test(arguments: [
        ("-4", "invalid radius '-4'"),
        ("60%", "invalid radius '60%'"),
    ])
    func badRadiiAreErrorsAtTheirPlace(radius: String, start: String) throws {
        let result = try CommandRunner.validateOneOutput(
            "{ name: a, clips: [black], overlays: [ { image: logo.png, region: { width: 10% }, radius: \(radius) } ] }",
            name: "rounded-bad")
        #expect(result.status == 2)
        #expect(result.stderr.contains("m/batch.yaml:6:95: error: \(start); use pixels (0 or more, such as '24') or "
                                       + "percent of the picture's shorter side up to 50% ('50%' makes a circle or a "
                                       + "pill)"), "\(result.stderr)")
    }
}
