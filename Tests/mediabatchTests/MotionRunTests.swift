import Foundation
import Testing

/// Keyframed motion and every transition style, rendered end to end by `mediabatch run` from one manifest of tiny
/// outputs (160x96 at 20 fps, lossless), and read back pixel by pixel with the ffmpeg CLI.
@Suite(.serialized) struct MotionRunTests {
    /// Every frame of a rendered output as packed RGB.
    struct Frames {
        static let width = 160, height = 96
        var bytes: [UInt8]

        init(path: String) throws {
            bytes = [UInt8](try MotionRunTests.tool("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        }

        var count: Int { bytes.count / (Self.width * Self.height * 3) }

        /// The colour of pixel (`x`, `y`) of frame `frame`.
        func rgb(_ frame: Int, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let offset = ((frame * Self.height + y) * Self.width + x) * 3
            return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
        }

        /// Whether the pixel is within `tolerance` of `expected` on every component.
        func matches(_ frame: Int, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), tolerance: Int = 24) -> Bool {
            let c = rgb(frame, x, y)
            return abs(c.r - expected.0) <= tolerance && abs(c.g - expected.1) <= tolerance && abs(c.b - expected.2) <= tolerance
        }

        /// Where row `y` of `frame` first crosses from dark to bright (half way between its darkest and brightest
        /// values), to a fraction of a pixel, scanning `range`.
        func risingEdge(_ frame: Int, y: Int, in range: Range<Int>) -> Double? {
            let row = range.map { Double(rgb(frame, $0, y).g) }
            guard let low = row.min(), let high = row.max(), high - low > 64 else { return nil }
            let middle = (low + high) / 2
            guard let index = row.indices.dropFirst().first(where: { row[$0] >= middle && row[$0 - 1] < middle }) else { return nil }
            let fraction = (middle - row[index - 1]) / (row[index] - row[index - 1])
            return Double(range.lowerBound + index - 1) + 0.5 + fraction
        }
    }

    static let red = (255, 0, 0), green = (0, 255, 0), blue = (0, 0, 255), white = (255, 255, 255), black = (0, 0, 0)

    /// The directory of the rendered batch, rendered once for the whole suite.
    static let rendered: Result<URL, RunFailure> = Result { () throws(RunFailure) in try render() }

    struct RunFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RunFailure(description: "\(name) \(arguments) failed") }
        return data
    }

    /// Two 1.5 s clips joined by `transition`: the 1 s overlap runs from 0.5 s (frame 10) to 1.5 s (frame 30), so
    /// 25, 50 and 75 % fall on frames 15, 20 and 25.
    static let styles: [(name: String, transition: String, from: String, to: String)] = [
        ("cut", "cut", "red", "blue"), ("crossfade", "crossfade", "red", "blue"), ("fade", "fade", "red", "blue"),
        ("wipe-left", "wipe-left", "red", "blue"), ("wipe-right", "wipe-right", "red", "blue"),
        ("wipe-up", "wipe-up", "red", "blue"), ("wipe-down", "wipe-down", "red", "blue"),
        ("wipe-down-right", "wipe-down-right", "red", "blue"), ("wipe-up-left", "wipe-up-left", "red", "blue"),
        ("wipe-up-right", "wipe-up-right", "red", "blue"), ("wipe-down-left", "wipe-down-left", "red", "blue"),
        ("slide-left", "slide-left", "red", "blue"), ("slide-right", "slide-right", "red", "blue"),
        ("slide-up", "slide-up", "red", "blue"), ("slide-down", "slide-down", "red", "blue"),
        ("push-left", "push-left", "red", "blue"), ("push-right", "push-right", "red", "blue"),
        ("push-up", "push-up", "red", "blue"), ("push-down", "push-down", "red", "blue"),
        ("iris", "iris", "red", "blue"), ("iris-close", "iris-close", "red", "blue"), ("clock", "clock", "red", "blue"),
        ("dip", "{ type: dip, color: white }", "red", "blue"),
        ("luma", "{ type: luma, image: gradient.png }", "red", "blue"),
        ("zoom-in", "zoom-in", "stripe", "black"), ("zoom-out", "zoom-out", "black", "stripe"),
        ("blur", "blur", "stripe", "black"),
    ]

    static func clip(_ source: String, _ seconds: String) -> String {
        switch source {
        case "stripe", "quadrants", "edge": "{ source: \(source).png, duration: \(seconds) }"
        // CSS 'green' is #008000: the pure green these pictures are checked for is 'lime'.
        default: "{ source: { generate: color, color: \(source == "green" ? "lime" : source), duration: \(seconds), size: 160x96 } }"
        }
    }

    /// The manifest: one output per transition style, one with a different transition at each cut, and the motion
    /// outputs.
    static func manifest() -> String {
        var text = """
            mediabatch: 1
            defaults: { out: out, preset: tiny }
            presets:
              tiny: { base: draft, video: { width: 160, height: 96, fps: 20, crf: 0, speed: ultrafast }, audio: { bitrate: 64k } }
            outputs:

            """
        for style in styles {
            let transition = style.transition.hasPrefix("{")
                ? style.transition.replacingOccurrences(of: " }", with: ", duration: 1s }")
                : "{ type: \(style.transition), duration: \(style.transition == "cut" ? "0s" : "1s") }"
            text += "  - { name: \(style.name), transition: \(transition), clips: [ \(clip(style.from, "1.5s")), \(clip(style.to, "1.5s")) ] }\n"
        }
        text += """
              - name: per-cut
                clips:
                  - { source: { generate: color, color: red, duration: 1s, size: 160x96 }, transition: { type: wipe-right, duration: 0.5s } }
                  - { source: { generate: color, color: blue, duration: 1s, size: 160x96 }, transition: { type: iris, duration: 0.5s } }
                  - \(clip("green", "1s"))
              - { name: zoom-corner, clips: [ { source: quadrants.png, duration: 1s, motion: [ { at: start, scale: 1, anchor: top-left }, { at: end, scale: 2 } ] } ] }
              - { name: turn-90, clips: [ { source: quadrants.png, duration: 0.5s, motion: [ { at: start, scale: 0.5, rotate: 90 } ] } ] }
              - { name: turn-30, clips: [ { source: quadrants.png, duration: 0.5s, motion: [ { at: start, scale: 0.5, rotate: 30 } ] } ] }
              - { name: ken-burns, clips: [ { source: edge.png, duration: 1s, pan: { from: left, to: right } } ] }
              - { name: eased, clips: [ { source: edge.png, duration: 1s, motion: [ { at: start, x: 25% }, { at: end, x: 75%, ease: ease-in-out } ] } ] }

            """
        return text
    }

    /// Writes the pictures and the manifest, and runs the batch.
    static func render() throws(RunFailure) -> URL {
        do {
            let directory = try CommandRunner.temporaryDirectory("motion")
            let m = directory.appendingPathComponent("m").path
            try FileManager.default.createDirectory(atPath: m, withIntermediateDirectories: true)
            let pictures = [
                ("stripe", "color=c=black:s=160x96,drawbox=x=100:y=0:w=20:h=96:color=white:t=fill"),
                ("edge", "color=c=black:s=160x96,drawbox=x=80:y=0:w=80:h=96:color=white:t=fill"),
                ("quadrants", "color=c=red:s=160x96,drawbox=x=80:y=0:w=80:h=48:color=0x00FF00:t=fill,"
                    + "drawbox=x=0:y=48:w=80:h=48:color=blue:t=fill,drawbox=x=80:y=48:w=80:h=48:color=white:t=fill"),
                ("gradient", "nullsrc=s=160x96,format=gray,geq=lum='X*255/159'"),
            ]
            for (name, graph) in pictures {
                _ = try tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", graph, "-frames:v", "1", "\(m)/\(name).png"])
            }
            try CommandRunner.write(manifest(), to: "m/motion.yaml", in: directory)
            let result = try CommandRunner.run(["run", "m", "--out", "out", "--quiet"], in: directory)
            guard result.status == 0 else { throw RunFailure(description: "run failed: \(result.stderr)") }
            return directory
        } catch let failure as RunFailure {
            throw failure
        } catch {
            throw RunFailure(description: "\(error)")
        }
    }

    static func frames(_ name: String) throws -> Frames {
        let directory = try rendered.get()
        return try Frames(path: directory.appendingPathComponent("out/\(name).mp4").path)
    }

    /// What the pixel (`x`, `y`) shows at progress `p` of a red-to-blue transition: red, blue, or a blend.
    static func expected(_ style: String, p: Double, x: Double, y: Double) -> (Int, Int, Int)? {
        let (w, h) = (160.0, 96.0)
        let incoming: Bool
        switch style {
        case "cut": incoming = false  // no overlap: the cut is at 1.5 s, after the frames checked
        case "crossfade": return (Int(255 * (1 - p)), 0, Int(255 * p))
        case "fade": return p < 0.5 ? (Int(255 * (1 - 2 * p)), 0, 0) : (0, 0, Int(255 * (2 * p - 1)))
        case "dip":
            let weight = 1 - abs(2 * p - 1)
            let base = p < 0.5 ? (255.0, 0.0, 0.0) : (0.0, 0.0, 255.0)
            return (Int(base.0 + (255 - base.0) * weight), Int(base.1 + (255 - base.1) * weight), Int(base.2 + (255 - base.2) * weight))
        case "wipe-left", "slide-left", "push-left": incoming = x > w * (1 - p)
        case "wipe-right", "slide-right", "push-right", "luma": incoming = x < w * p
        case "wipe-up", "slide-up", "push-up": incoming = y > h * (1 - p)
        case "wipe-down", "slide-down", "push-down": incoming = y < h * p
        case "wipe-down-right": incoming = x + y < (w + h) * p
        case "wipe-up-left": incoming = (w - x) + (h - y) < (w + h) * p
        case "wipe-up-right": incoming = x + (h - y) < (w + h) * p
        case "wipe-down-left": incoming = (w - x) + y < (w + h) * p
        case "iris", "iris-close":
            let distance = ((x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2)).squareRoot() / ((w * w + h * h).squareRoot() / 2)
            incoming = style == "iris" ? distance < p : distance > 1 - p
        case "clock":
            var angle = atan2(x - w / 2, h / 2 - y) / (2 * .pi)
            if angle < 0 { angle += 1 }
            incoming = angle < p
        default: return nil
        }
        return incoming ? blue : red
    }

    @Test(arguments: styles.map(\.name).filter { !["zoom-in", "zoom-out", "blur"].contains($0) })
    func transitionAtAQuarterHalfAndThreeQuarters(style: String) throws {
        let frames = try Self.frames(style)
        #expect(frames.count == (style == "cut" ? 60 : 40), "\(style): \(frames.count) frames")
        for (frame, p) in [(15, 0.25), (20, 0.5), (25, 0.75)] {
            // A grid of points, skipping those within 4 pixels of the shape's edge (anti-aliased, 4:2:0 chroma).
            for y in stride(from: 6, to: 96, by: 12) {
                for x in stride(from: 6, to: 160, by: 12) {
                    guard let wanted = Self.expected(style, p: p, x: Double(x) + 0.5, y: Double(y) + 0.5) else { continue }
                    let near = [(-4.0, 0.0), (4, 0), (0, -4), (0, 4)].contains { dx, dy in
                        Self.expected(style, p: p, x: Double(x) + 0.5 + dx, y: Double(y) + 0.5 + dy).map { $0 != wanted } ?? false
                    }
                    if near { continue }
                    #expect(frames.matches(frame, x, y, wanted, tolerance: 30),
                            "\(style) at \(Int(p * 100))%: (\(x), \(y)) is \(frames.rgb(frame, x, y)), expected \(wanted)")
                }
            }
        }
        // Before the overlap the outgoing clip, after it the incoming one.
        #expect(frames.matches(5, 80, 48, Self.red) && frames.matches(35, 80, 48, Self.blue), "\(style) ends")
    }

    @Test func zoomsScaleTheirPictureAboutTheCentre() throws {
        // A white stripe at x 100...120 of black, scaled 1.5x about x 80 at half way: 110...140, at half opacity.
        for style in ["zoom-in", "zoom-out"] {
            let frames = try Self.frames(style)
            #expect(frames.rgb(20, 125, 48).g > 100 && frames.rgb(20, 125, 48).g < 160, "\(style) \(frames.rgb(20, 125, 48))")
            #expect(frames.rgb(20, 104, 48).g < 24, "\(style) \(frames.rgb(20, 104, 48))")
        }
    }

    @Test func blurSoftensBothPicturesTowardsTheMiddle() throws {
        let frames = try Self.frames("blur")
        // Outside the stripe (x 96) is black before the overlap and lit by the blur at half way; the stripe's middle
        // stays near white, faded to half by the incoming black.
        #expect(frames.rgb(9, 96, 48).g < 12)
        #expect(frames.rgb(20, 96, 48).g > 12, "\(frames.rgb(20, 96, 48))")
        #expect(frames.rgb(20, 110, 48).g > 90 && frames.rgb(20, 110, 48).g < 150, "\(frames.rgb(20, 110, 48))")
        #expect(frames.rgb(15, 96, 48).g < frames.rgb(20, 96, 48).g)
    }

    @Test func eachCutOfOneOutputHasItsOwnTransition() throws {
        let frames = try Self.frames("per-cut")
        // 1 + 1 + 1 s less two 0.5 s overlaps: 2 s. Red -> blue by a wipe to the right over [0.5, 1) s, then blue ->
        // green through an iris over [1, 1.5) s.
        #expect(frames.count == 40)
        #expect(frames.matches(15, 20, 48, Self.blue) && frames.matches(15, 140, 48, Self.red), "wipe")
        #expect(frames.matches(25, 80, 48, Self.green) && frames.matches(25, 4, 4, Self.blue), "iris")
        let directory = try Self.rendered.get()
        let plan = try CommandRunner.run(["plan", "m", "--only", "per-cut"], in: directory)
        #expect(plan.stdout.split(separator: "\n").contains("  cuts:     0.5s wipe-right 0.5s | 1s iris 0.5s"), "\(plan.stdout)")
    }

    @Test func zoomAboutACornerShowsTheQuadrantsThenTheCorner() throws {
        let frames = try Self.frames("zoom-corner")
        #expect(frames.matches(0, 40, 24, Self.red) && frames.matches(0, 120, 24, Self.green))
        #expect(frames.matches(0, 40, 72, Self.blue) && frames.matches(0, 120, 72, Self.white))
        // Almost twice the size about the top-left corner: the red quadrant fills the frame.
        for (x, y) in [(40, 24), (120, 24), (40, 72), (150, 88)] {
            #expect(frames.matches(19, x, y, Self.red), "end (\(x), \(y)) is \(frames.rgb(19, x, y))")
        }
    }

    /// Where a source point of the 160x96 quadrants goes when the picture is halved and turned `degrees` clockwise
    /// about the centre.
    static func turned(_ x: Double, _ y: Double, degrees: Double) -> (Int, Int) {
        let r = degrees * .pi / 180, dx = (x - 80) * 0.5, dy = (y - 48) * 0.5
        return (Int((80 + cos(r) * dx - sin(r) * dy).rounded()), Int((48 + sin(r) * dx + cos(r) * dy).rounded()))
    }

    @Test(arguments: [90.0, 30.0])
    func turnPutsTheQuadrantsWhereTheAngleSays(degrees: Double) throws {
        let frames = try Self.frames("turn-\(Int(degrees))")
        for (x, y, color) in [(40.0, 24.0, Self.red), (120, 24, Self.green), (40, 72, Self.blue), (120, 72, Self.white)] {
            let (px, py) = Self.turned(x, y, degrees: degrees)
            #expect(frames.matches(4, px, py, color, tolerance: 32), "\(degrees): (\(x), \(y)) at (\(px), \(py)) is \(frames.rgb(4, px, py))")
        }
        #expect(frames.matches(4, 4, 4, Self.black) && frames.matches(4, 155, 91, Self.black))
    }

    @Test func kenBurnsPanMovesByTheExpectedPixelsPerFrame() throws {
        // The edge (source x 80) of a 1.2x picture panned from its left side to its right: 96 - 32 t, 1.6 px a frame.
        let frames = try Self.frames("ken-burns")
        for frame in [0, 3, 5, 10, 15] {
            let edge = try #require(frames.risingEdge(frame, y: 48, in: 60..<110))
            #expect(abs(edge - (96 - 1.6 * Double(frame))) < 0.3, "frame \(frame): edge at \(edge)")
        }
    }

    @Test func easeInOutIsAtItsMidpointAtHalfTimeAndSlowerThanLinearNearTheEnds() throws {
        // The picture's centre (its black-to-white edge) eased from x 40 to x 120 over 20 frames.
        let frames = try Self.frames("eased")
        let middle = try #require(frames.risingEdge(10, y: 48, in: 20..<150))
        #expect(abs(middle - 80) < 0.3, "half way: \(middle)")
        let early = try #require(frames.risingEdge(2, y: 48, in: 20..<150))
        let late = try #require(frames.risingEdge(18, y: 48, in: 20..<150))
        #expect(early < 40 + 80 * 0.1 - 4, "early: \(early)")
        #expect(late > 40 + 80 * 0.9 + 4, "late: \(late)")
        #expect(abs((early - 40) - (120 - late)) < 0.3, "symmetric: \(early), \(late)")
    }
}
