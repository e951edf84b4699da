import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Synchronization
import Testing

/// Sources with a display rotation, full-range or BT.601 colour, or a late start time, and layer transforms that
/// flip and turn, rendered and read back with the ffmpeg CLI.
@Suite struct ExportSessionOrientationTests {
    let fixtures: ExportFixtures
    let media: OrientationMedia

    init() throws {
        fixtures = try ExportFixtures.get()
        media = try OrientationMedia.get(in: fixtures)
    }

    /// Every track of `path` over `[start, start + duration)` at composition time zero.
    func composition(of path: String, start: MediaTime = .zero, duration: MediaTime) throws -> MutableComposition {
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: start, duration: duration), of: try fixtures.sourceTracks(path),
                                        at: .invalid)
        return composition
    }

    /// Exports `composition` at `width` x `height` without audio and returns the output path.
    func export(_ composition: MutableComposition, _ videoComposition: VideoComposition?, width: Int, height: Int,
                name: String, audio: Bool = false) throws -> String {
        let output = try fixtures.outputDirectory(name) + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: videoComposition,
                                    settings: TestPresets.mp4(audio: audio, width: width, height: height),
                                    outputPath: output)
        _ = try session.export()
        return output
    }

    @Test func rotatedSourceIsWhatFFprobeSays() throws {
        let probe = try ProbeReport(path: media.rotated)
        let sideData = try #require(probe.video?["side_data_list"] as? [[String: Any]])
        let rotation = sideData.compactMap { $0["rotation"] as? Int }.first
        #expect(rotation == -90)  // ffprobe counts counterclockwise: a quarter turn clockwise
        let stream = try #require(try MediaProbe().probe(path: media.rotated).primaryVideo)
        #expect(stream.rotation == 90)
    }

    @Test func rotatedSourceComesOutUprightWithItsDisplayAspect() throws {
        // Coded 320x240: red top left, green top right, blue bottom left, white bottom right; shown turned a quarter
        // clockwise it is 240x320 with blue top left, red top right, white bottom left, green bottom right. Fitted
        // into 160x160 it is 120x160 with 20-pixel bars left and right.
        let output = try export(try composition(of: media.rotated, duration: seconds(1, 3)), nil, width: 160,
                                height: 160, name: "rotated")
        let picture = try RGBPicture(path: output, frame: 2, width: 160, height: 160)
        let red = (255, 0, 0), green = (0, 255, 0), blue = (0, 0, 255), white = (255, 255, 255), black = (0, 0, 0)
        #expect(Bool(picture.matches(50, 40, blue)), "top left \(picture.rgb(50, 40))")
        #expect(Bool(picture.matches(110, 40, red)), "top right \(picture.rgb(110, 40))")
        #expect(Bool(picture.matches(50, 120, white)), "bottom left \(picture.rgb(50, 120))")
        #expect(Bool(picture.matches(110, 120, green)), "bottom right \(picture.rgb(110, 120))")
        #expect(Bool(picture.matches(8, 80, black)), "left bar \(picture.rgb(8, 80))")
        #expect(Bool(picture.matches(152, 80, black)), "right bar \(picture.rgb(152, 80))")
        #expect(Bool(picture.matches(24, 80, blue)) || picture.matches(24, 80, white), "picture edge \(picture.rgb(24, 80))")
    }

    @Test func cropOfARotatedSourceIsInDisplayCoordinates() throws {
        // The display's top-right quarter (120x160 at 120,0) is red.
        var layer = LayerInstruction(trackID: 1)
        try layer.setCropRectangle(Rect(x: 120, y: 0, width: 120, height: 160), at: .zero)
        // Transforms apply to source coordinates: move the crop's left edge (120 * 4/3) to the canvas's.
        try layer.setTransform(AffineTransform2D(a: 160.0 / 120, b: 0, c: 0, d: 120.0 / 160, tx: -160, ty: 0), at: .zero)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(1, 3)),
                                                       layerInstructions: [layer])])
        let output = try export(try composition(of: media.rotated, duration: seconds(1, 3)), video, width: 160,
                                height: 120, name: "rotated-crop")
        let picture = try RGBPicture(path: output, frame: 1, width: 160, height: 120)
        for (x, y) in [(10, 10), (150, 10), (10, 110), (150, 110), (80, 60)] {
            #expect(Bool(picture.matches(x, y, (255, 0, 0))), "(\(x), \(y)) is \(picture.rgb(x, y))")
        }
    }

    @Test func nonSquarePixelsAreShownAtTheirDisplayWidth() throws {
        // 160x120 coded with 2:1 pixels shows as 320x120 and so fills a 320x120 canvas; read as square it would be
        // fitted with bars 80 pixels wide on either side.
        let output = try export(try composition(of: media.wide, duration: seconds(1, 3)), nil, width: 320, height: 120,
                                name: "sar")
        let picture = try RGBPicture(path: output, frame: 1, width: 320, height: 120)
        #expect(Bool(picture.matches(20, 30, (255, 0, 0))), "left edge \(picture.rgb(20, 30))")
        #expect(Bool(picture.matches(300, 90, (255, 255, 255))), "right edge \(picture.rgb(300, 90))")
        #expect(Bool(picture.matches(100, 30, (255, 0, 0))), "red quarter \(picture.rgb(100, 30))")
        #expect(Bool(picture.matches(220, 30, (0, 255, 0))), "green quarter \(picture.rgb(220, 30))")
    }

    /// Transforms of the 320x240 quadrants clip onto a half-size canvas, and the colours expected in the canvas's
    /// top-left, top-right, bottom-left and bottom-right quarters.
    static let transforms: [(String, AffineTransform2D, Int, Int, [String])] = [
        ("identity", AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0), 160, 120,
         ["red", "green", "blue", "white"]),
        ("horizontal flip", AffineTransform2D(a: -0.5, b: 0, c: 0, d: 0.5, tx: 160, ty: 0), 160, 120,
         ["green", "red", "white", "blue"]),
        ("vertical flip", AffineTransform2D(a: 0.5, b: 0, c: 0, d: -0.5, tx: 0, ty: 120), 160, 120,
         ["blue", "white", "red", "green"]),
        ("half turn", AffineTransform2D(a: -0.5, b: 0, c: 0, d: -0.5, tx: 160, ty: 120), 160, 120,
         ["white", "blue", "green", "red"]),
        ("quarter turn clockwise", AffineTransform2D(a: 0, b: 0.5, c: -0.5, d: 0, tx: 120, ty: 0), 120, 160,
         ["blue", "red", "white", "green"]),
        ("quarter turn counterclockwise", AffineTransform2D(a: 0, b: -0.5, c: 0.5, d: 0, tx: 0, ty: 160), 120, 160,
         ["green", "white", "red", "blue"]),
        ("transpose", AffineTransform2D(a: 0, b: 0.5, c: 0.5, d: 0, tx: 0, ty: 0), 120, 160,
         ["red", "blue", "green", "white"]),
    ]

    @Test(arguments: transforms.indices)
    func layerTransformFlipsAndTurns(_ index: Int) throws {
        let (name, transform, width, height, expected) = Self.transforms[index]
        var layer = LayerInstruction(trackID: 1)
        try layer.setTransform(transform, at: .zero)
        let video = VideoComposition(
            renderSize: Size(width: Double(width), height: Double(height)), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(1, 3)),
                                                       layerInstructions: [layer])])
        let output = try export(try composition(of: fixtures.quadrants, duration: seconds(1, 3)), video, width: width,
                                height: height, name: "transform")
        let picture = try RGBPicture(path: output, frame: 1, width: width, height: height)
        let colours = ["red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255)]
        let points = [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4),
                      (3 * width / 4, 3 * height / 4)]
        for (point, colour) in zip(points, expected) {
            #expect(Bool(picture.matches(point.0, point.1, try #require(colours[colour]))),
                    "\(name): \(point) is \(picture.rgb(point.0, point.1)), expected \(colour)")
        }
    }

    /// Sources of known colours and the BT.709 limited-range luma the output must have.
    static let levels: [(String, Int)] = [
        ("fullRangeDark", 44),  // full-range Y 32 (RGB 32): 16 + 219 * 32/255 = 43.5
        ("fullRangeWhite", 235),  // full-range Y 255: limited white, not clipped 255
        ("sdRed", 63),  // untagged SD, so BT.601: red is BT.709 Y 16 + 219 * 0.2126 = 62.6 (BT.601 would be 82)
    ]

    @Test(arguments: levels)
    func colourRangeAndMatrixBecomeBT709Limited(_ name: String, _ luma: Int) throws {
        let path = try #require(media.levelSources[name])
        let output = try export(try composition(of: path, duration: seconds(1, 5)), nil, width: 64, height: 48,
                                name: "level")
        let data = try ExportFixtures.ffmpeg(["-i", output, "-vf", "select=eq(n\\,2)", "-frames:v", "1",
                                              "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        let lumaPlane = [UInt8](data.prefix(64 * 48))
        try #require(lumaPlane.count == 64 * 48)
        let centre = Int(lumaPlane[24 * 64 + 32])
        #expect(abs(centre - luma) <= 3, "\(name): luma \(centre), expected \(luma)")
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "color_range") == "tv")
        #expect(ProbeReport.string(probe.video, "color_space") == "bt709")
        #expect(ProbeReport.string(probe.video, "color_primaries") == "bt709")
        #expect(ProbeReport.string(probe.video, "color_transfer") == "bt709")
    }

    @Test func sourceWithALateStartTimeIsTrimmedFromItsStart() throws {
        // MPEG-TS shifted by 2 s (plus the muxer's delay): red for 0.5 s, then blue for 0.5 s.
        #expect(try InputFile(path: media.lateStart).startTime.seconds > 2)
        let cases: [(MediaTime, (Int, Int, Int))] = [(.zero, (255, 0, 0)), (seconds(1, 2), (0, 0, 255))]
        for (start, colour) in cases {
            let output = try export(try composition(of: media.lateStart, start: start, duration: seconds(3, 10)), nil,
                                    width: 64, height: 48, name: "late-start", audio: true)
            // The tone (RMS 0.088) plays from the same start; before the fix the audio was silence.
            let rms = try audioRMS(output)
            #expect(rms > 0.06 && rms < 0.12, "from \(start.seconds) s: audio RMS \(rms)")
            for frame in [0, 8] {
                let picture = try RGBPicture(path: output, frame: frame, width: 64, height: 48)
                #expect(Bool(picture.matches(32, 24, colour)), "from \(start.seconds) s, frame \(frame): \(picture.rgb(32, 24))")
            }
        }
    }
}

/// Sources made once per run for the orientation and colour tests.
struct OrientationMedia: Sendable {
    /// The quadrants clip (320x240) with a display matrix turning it a quarter clockwise.
    let rotated: String
    /// 64x48 sources by name: full-range dark grey and white (yuvj420p, color_range pc) and untagged SD red.
    let levelSources: [String: String]
    /// The quadrants clip squeezed to 160x120 with 2:1 pixels (display 320x120).
    let wide: String
    /// 64x48 MPEG-TS at 10 fps starting after 2 s: 0.5 s red, then 0.5 s blue; with a tone.
    let lateStart: String

    static func get(in fixtures: ExportFixtures) throws -> OrientationMedia {
        try shared.withLock { cached in
            if let cached { return try cached.get() }
            let made = Result { () throws(ExportFixtureError) in try make(in: fixtures.directory) }
            cached = made
            return try made.get()
        }
    }

    private static let shared = Mutex<Result<OrientationMedia, ExportFixtureError>?>(nil)

    private static func make(in directory: String) throws(ExportFixtureError) -> OrientationMedia {
        let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "10"]
        let rotated = directory + "/rotated.mp4"
        // FFmpeg 5.1's mov muxer reads the legacy `rotate` tag as counterclockwise degrees: 270 is a clockwise quarter.
        try ExportFixtures.ffmpeg(["-i", directory + "/quadrants.mp4", "-an", "-c", "copy", "-metadata:s:v:0", "rotate=270",
                                   rotated])
        var levels: [String: String] = [:]
        for (name, colour, format) in [("fullRangeDark", "0x202020", "yuvj420p"),
                                       ("fullRangeWhite", "0xFFFFFF", "yuvj420p"), ("sdRed", "0xFF0000", "yuv420p")] {
            let path = directory + "/\(name).mp4"
            try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=\(colour):size=64x48:rate=10:duration=0.5"]
                                      + x264 + ["-pix_fmt", format, path])
            levels[name] = path
        }
        let wide = directory + "/wide.mp4"
        try ExportFixtures.ffmpeg(["-i", directory + "/quadrants.mp4", "-an", "-vf", "scale=160:120,setsar=2"]
                                  + x264 + ["-pix_fmt", "yuv420p", wide])
        let lateStart = directory + "/late-start.ts"
        try ExportFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:size=64x48:rate=10:duration=0.5[a];"
                + "color=c=blue:size=64x48:rate=10:duration=0.5[b];[a][b]concat",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
        ] + x264 + ["-pix_fmt", "yuv420p", "-c:a", "aac", "-output_ts_offset", "2", lateStart])
        return OrientationMedia(rotated: rotated, levelSources: levels, wide: wide, lateStart: lateStart)
    }
}
