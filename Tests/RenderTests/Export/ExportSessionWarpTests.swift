import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// Layers drawn through general affine transforms (rotations, moving transforms, shrinking) and the instruction
/// transition effects, rendered with `ExportSession` and read back with the ffmpeg CLI.
@Suite struct ExportSessionWarpTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    static let red = (255, 0, 0), green = (0, 255, 0), blue = (0, 0, 255), white = (255, 255, 255), black = (0, 0, 0)

    /// Exports `track` (the 320x240 quadrants video by default) for `duration` in one instruction holding `layer`,
    /// at 160x120 with a nearly lossless (or, with `crf` 0, lossless) encoding.
    func export(_ layer: LayerInstruction, name: String, track: SourceTrack? = nil,
                duration: MediaTime = seconds(1, 3), crf: Int = 4) throws -> String {
        var composition = MutableComposition()
        let source = try track ?? fixtures.videoTrack(fixtures.quadrants)
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        try composition.modifyTrack(id) { try $0.insertTimeRange(TimeRange(start: .zero, duration: duration), of: source, at: .zero) }
        var layer = layer
        layer.trackID = id
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: duration),
                                                       layerInstructions: [layer])])
        let output = try fixtures.outputDirectory(name) + "/out.mp4"
        var settings = TestPresets.mp4(audio: false)
        settings.video?.crf = crf
        _ = try ExportSession(composition: composition, videoComposition: video, settings: settings,
                              outputPath: output).export()
        return output
    }

    /// A 320x240 PNG made once by ffmpeg from the lavfi `graph`, as a still source track.
    func still(_ name: String, _ graph: String) throws -> SourceTrack {
        let path = fixtures.directory + "/" + name + ".png"
        if !FileManager.default.fileExists(atPath: path) {
            try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", graph, "-frames:v", "1", path])
        }
        return SourceTrack(url: URL(fileURLWithPath: path), trackID: 1, mediaType: .video,
                           timeRange: TimeRange(start: .zero, duration: .positiveInfinity),
                           naturalSize: Size(width: 320, height: 240))
    }

    /// The 320x240 source scaled by `scale`, turned `degrees` clockwise about its centre, centred on a 160x120 canvas.
    static func turned(_ degrees: Double, scale: Double) -> AffineTransform2D {
        let radians = degrees * .pi / 180
        let rotation = AffineTransform2D(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians), tx: 0, ty: 0)
        return AffineTransform2D.translation(x: -160, y: -120).concatenating(.scale(x: scale, y: scale))
            .concatenating(rotation).concatenating(.translation(x: 80, y: 60))
    }

    /// Expects each quadrant's centre (source pixels 80,60 / 240,60 / 80,180 / 240,180) where `transform` puts it.
    static func expectQuadrants(_ picture: RGBPicture, _ transform: AffineTransform2D, _ label: String) {
        for (x, y, color) in [(80.0, 60.0, red), (240, 60, green), (80, 180, blue), (240, 180, white)] {
            let point = transform.apply(x: x, y: y)
            let (px, py) = (Int(point.x), Int(point.y))
            #expect(picture.matches(px, py, color, tolerance: 40), "\(label): \(x),\(y) at \(px),\(py) is \(picture.rgb(px, py))")
        }
    }

    @Test func quarterTurnIsTheSameStillOrMoving() throws {
        // Still: the axis-aligned path (quarter turn by swscale and remap). Moving by a hair: the warped path.
        let still = Self.turned(90, scale: 0.375)
        var aligned = LayerInstruction(trackID: 0)
        try aligned.setTransform(still, at: .zero)
        var moving = LayerInstruction(trackID: 0)
        try moving.setTransformRamp(fromStart: still, toEnd: still.concatenating(.translation(x: 0.001, y: 0)),
                                    timeRange: TimeRange(start: .zero, duration: seconds(1, 3)))
        for (layer, label) in [(aligned, "aligned"), (moving, "warped")] {
            let picture = try RGBPicture(path: try export(layer, name: "quarter-\(label)"), frame: 5, width: 160, height: 120)
            // 120x90 turned clockwise: red goes to the top right, blue to the top left.
            Self.expectQuadrants(picture, still, label)
            #expect(picture.matches(100, 30, Self.red, tolerance: 40), "\(label) \(picture.rgb(100, 30))")
            #expect(picture.matches(60, 30, Self.blue, tolerance: 40), "\(label) \(picture.rgb(60, 30))")
            #expect(picture.matches(20, 60, Self.black, tolerance: 24), "\(label) bar \(picture.rgb(20, 60))")
        }
    }

    @Test func arbitraryAngleTurnsKnownPixelsAndLeavesTheCornersBackground() throws {
        let transform = Self.turned(30, scale: 0.3)
        var layer = LayerInstruction(trackID: 0)
        try layer.setTransform(transform, at: .zero)
        let picture = try RGBPicture(path: try export(layer, name: "thirty"), frame: 3, width: 160, height: 120)
        Self.expectQuadrants(picture, transform, "30 degrees")
        // The turned picture's corners land near (56, 5), (139, 53), (21, 67), (104, 115): outside it, background.
        for (x, y) in [(4, 4), (155, 115), (4, 115), (155, 4), (20, 20), (140, 100)] {
            #expect(picture.matches(x, y, Self.black, tolerance: 16), "outside \(x),\(y) is \(picture.rgb(x, y))")
        }
        // Just inside the turned red corner.
        let inside = transform.apply(x: 16, y: 16)
        #expect(picture.matches(Int(inside.x), Int(inside.y), Self.red, tolerance: 48),
                "inside \(picture.rgb(Int(inside.x), Int(inside.y)))")
    }

    @Test func shrinkingAFineCheckerboardAveragesInsteadOfAliasing() throws {
        let checker = try still("checker", "nullsrc=s=320x240,format=gray,geq=lum='if(mod(X+Y\\,2)\\,255\\,0)'")
        // A quarter size, turned a little so the warped path draws it: 80x60 of 1-pixel checks.
        var layer = LayerInstruction(trackID: 0)
        try layer.setTransform(Self.turned(2, scale: 0.25), at: .zero)
        let picture = try RGBPicture(path: try export(layer, name: "checker", track: checker, duration: seconds(1, 10), crf: 0),
                                     frame: 1, width: 160, height: 120)
        var values: [Int] = []
        for y in stride(from: 40, to: 80, by: 3) {
            for x in stride(from: 60, to: 100, by: 3) { values.append(picture.rgb(x, y).g) }
        }
        // Averaged, every pixel is mid grey; point-sampled, they would be near 0 or 255.
        #expect(values.allSatisfy { abs($0 - 128) < 40 }, "values \(values.min() ?? 0)...\(values.max() ?? 0)")
    }

    @Test func slowPanMovesByFractionsOfAPixel() throws {
        // Black left, white right, at half size: the edge (source x 160) starts at canvas x 80 and slides right
        // 0.25 px a frame; the warped path draws each intermediate position (an even-pixel placement could not).
        let edge = try still("edge", "color=c=black:s=320x240,drawbox=x=160:y=0:w=160:h=240:color=white:t=fill")
        let start = AffineTransform2D.scale(x: 0.5, y: 0.5)
        var layer = LayerInstruction(trackID: 0)
        try layer.setTransformRamp(fromStart: start, toEnd: start.concatenating(.translation(x: 2.5, y: 0)),
                                   timeRange: TimeRange(start: .zero, duration: seconds(1, 3)))
        let output = try export(layer, name: "pan", track: edge, crf: 0)
        for frame in [0, 1, 2, 3, 6, 9] {
            let picture = try RGBPicture(path: output, frame: frame, width: 160, height: 120)
            // Where the row crosses half grey, interpolated between pixel centres (x + 0.5).
            let row = (70..<92).map { Double(picture.rgb($0, 60).g) }
            let low = row.first ?? 0, high = row.last ?? 255, middle = (low + high) / 2
            let index = try #require(row.firstIndex { $0 >= middle })
            let crossing = 70.5 + Double(index) - (row[index] - middle) / max(row[index] - row[max(index - 1, 0)], 1)
            let wanted = 80 + 0.25 * Double(frame)
            #expect(abs(crossing - wanted) < 0.15, "frame \(frame): edge at \(crossing), expected \(wanted); row \(row)")
        }
    }

    @Test func clockEffectRevealsTheIncomingTrackClockwise() throws {
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1))
        var ids: [Int32] = []
        for path in [fixtures.blue, fixtures.red] {
            let added = composition.addMutableTrack(withMediaType: .video)
            let id = try #require(added)
            try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: try fixtures.videoTrack(path), at: .zero) }
            ids.append(id)
        }
        // Blue (incoming) on top of red (outgoing); at half time the clock hand points at six o'clock.
        var layers = ids.map(LayerInstruction.init)
        for index in layers.indices { try layers[index].setTransform(.scale(x: 0.5, y: 0.5), at: .zero) }
        let effect = VideoTransitionEffect(kind: .clock, outgoingTrackID: ids[1], incomingTrackID: ids[0], timeRange: range)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: layers, transitionEffect: effect)])
        let output = try fixtures.outputDirectory("clock") + "/out.mp4"
        _ = try ExportSession(composition: composition, videoComposition: video,
                              settings: TestPresets.mp4(audio: false), outputPath: output).export()
        let half = try RGBPicture(path: output, frame: 15, width: 160, height: 120)
        #expect(half.matches(120, 60, Self.blue), "right \(half.rgb(120, 60))")
        #expect(half.matches(40, 60, Self.red), "left \(half.rgb(40, 60))")
        let quarter = try RGBPicture(path: output, frame: 8, width: 160, height: 120)
        #expect(quarter.matches(110, 20, Self.blue), "top right \(quarter.rgb(110, 20))")
        #expect(quarter.matches(110, 100, Self.red), "bottom right \(quarter.rgb(110, 100))")
        let first = try RGBPicture(path: output, frame: 0, width: 160, height: 120)
        #expect(first.matches(120, 60, Self.red), "start \(first.rgb(120, 60))")
    }
}
