import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// Titles, captions and ASS overlays rendered by real exports on a black 640x360 background, read back as RGB.
@Suite struct ExportSessionTextTests {
    let fixtures: ExportFixtures
    static let width = 640, height = 360

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Exports `duration` of black with `text` on top, returning the file's path.
    func export(_ name: String, duration: MediaTime, text: [TextLayer], overlays: [ASSOverlay] = []) throws -> String {
        let output = try fixtures.outputDirectory("text-" + name) + "/out.mp4"
        let background = GeneratedSource(kind: .color, duration: duration, width: Self.width, height: Self.height,
                                         color: "#000000")
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: duration)
        try composition.insertTimeRange(range, of: [
            SourceTrack(url: background.url, trackID: 1, mediaType: .video, timeRange: range,
                        naturalSize: Size(width: Double(Self.width), height: Double(Self.height)),
                        frameRate: FrameRate(30)),
        ], at: .invalid)
        var video = VideoComposition.make(propertiesOf: composition)
        video.renderSize = Size(width: Double(Self.width), height: Double(Self.height))
        video.textLayers = text
        video.assOverlays = overlays
        _ = try ExportSession(composition: composition, videoComposition: video,
                              settings: TestPresets.mp4(audio: false, width: Self.width, height: Self.height),
                              outputPath: output).export()
        return output
    }

    /// What frame `index` shows: pixels lit by text, where they are, and the brightest value.
    struct Ink {
        var textPixels = 0
        var litPixels = 0
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int) = (Int.max, Int.max, Int.min, Int.min)
        var brightest = 0

        init(_ path: String, frame index: Int) throws {
            let picture = try RGBPicture(path: path, frame: index, width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = picture.rgb(x, y)
                    brightest = max(brightest, min(r, g, b))
                    // White title pixels: all channels high. Lit: anything clearly off the black background.
                    if min(r, g, b) > 200 { textPixels += 1 }
                    if max(r, g, b) > 48 {
                        litPixels += 1
                        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                    }
                }
            }
        }
    }

    static let plainWhite = TextStyle(size: 0.08, color: .white, outlineWidth: 0)

    @Test(arguments: [
        ("latin", "Spring Sale"),
        ("cjk", "日本語テキスト"),
        ("arabic", "مرحبا بالعالم"),
    ])
    func titleShowsInTheBottomThirdDuringItsRangeOnly(name: String, text: String) throws {
        let layer = TextLayer(text: text, timeRange: TimeRange(start: seconds(1, 2), duration: seconds(1)),
                              style: Self.plainWhite, placement: .anchored(.bottom))
        let path = try export(name, duration: seconds(2), text: [layer])
        let shown = try Ink(path, frame: 30)
        #expect(shown.textPixels > 150, "\(name): \(shown.textPixels) text pixels")
        #expect(shown.box.minY >= Self.height * 2 / 3, "\(name): text reaches up to y \(shown.box.minY)")
        #expect(shown.box.maxY < Self.height - 10, "\(name): text reaches down to y \(shown.box.maxY)")
        // Centred: the ink's middle is near the frame's middle.
        #expect(abs((shown.box.minX + shown.box.maxX) / 2 - Self.width / 2) < 16, "\(name): \(shown.box)")
        #expect(try Ink(path, frame: 14).litPixels == 0, "\(name): text before its start")
        #expect(try Ink(path, frame: 15).textPixels > 150, "\(name): no text at its first frame")
        #expect(try Ink(path, frame: 44).textPixels > 150, "\(name): no text at its last frame")
        #expect(try Ink(path, frame: 45).litPixels == 0, "\(name): text after its end")
    }

    @Test func fadeMidpointIsPartlyOpaque() throws {
        let layer = TextLayer(text: "FADE", timeRange: TimeRange(start: .zero, duration: seconds(2)),
                              style: TextStyle(size: 0.2, color: .white, outlineWidth: 0), placement: .anchored(.center),
                              animation: .fade(duration: seconds(1)))
        let path = try export("fade", duration: seconds(2), text: [layer])
        let half = try Ink(path, frame: 15)
        let full = try Ink(path, frame: 45)
        #expect(half.brightest > 90 && half.brightest < 170, "brightest at the fade's middle: \(half.brightest)")
        #expect(full.brightest > 235, "brightest after the fade: \(full.brightest)")
        #expect(half.litPixels > 0)
    }

    @Test func captionsOfATrimmedShiftedClipShowAtTheirPlaceOnTheTimeline() throws {
        let srt = """
            1
            00:00:00,500 --> 00:00:01,500
            before the trim

            2
            00:00:03,000 --> 00:00:04,000
            HELLO

            3
            00:00:04,500 --> 00:00:06,000
            CUT SHORT
            """
        // The clip plays its source from 2 s to 5 s at 1 s on the timeline.
        let captions = try Captions.parse(srt)
            .mapped(from: TimeRange(start: seconds(2), end: seconds(5)), to: TimeRange(start: seconds(1), end: seconds(4)))
        #expect(captions.cues.map(\.timeRange) == [TimeRange(start: seconds(2), end: seconds(3)),
                                                   TimeRange(start: seconds(7, 2), end: seconds(4))])
        var style = TextStyle.caption
        style.boxColor = nil
        style.color = .white
        let path = try export("captions", duration: seconds(4), text: captions.textLayers(style: style))
        for (frame, lit) in [(57, false), (60, true), (87, true), (90, false), (104, false), (105, true), (119, true)] {
            let ink = try Ink(path, frame: frame)
            #expect((ink.textPixels > 50) == lit, "frame \(frame): \(ink.textPixels) text pixels")
            #expect(lit || ink.litPixels == 0, "frame \(frame): \(ink.litPixels) lit pixels")
        }
    }

    @Test func regionTextStaysInsideItsRectangleAndASSOverlaysDraw() throws {
        let region = Rect(x: 40, y: 30, width: 200, height: 120)
        let layer = TextLayer(text: "a long title that has to wrap inside its box",
                              timeRange: TimeRange(start: .zero, duration: seconds(1, 2)),
                              style: TextStyle(size: 0.06, color: .white, outlineWidth: 0, alignment: .left),
                              placement: .region(region))
        let script = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 320
            PlayResY: 180

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,DejaVu Sans,20,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.00,0:00:00.30,Default,,0,0,0,,{\\pos(250,130)}ASS
            """
        // Script time 0 plays at 0.5 s: the overlay shows from frame 15 to frame 23, lower right.
        let path = try export("region", duration: seconds(1), text: [layer],
                              overlays: [ASSOverlay(contents: script, timeOffset: seconds(1, 2))])
        let wrapped = try Ink(path, frame: 5)
        #expect(wrapped.textPixels > 150)
        #expect(wrapped.box.minX >= 40 && wrapped.box.maxX < 240 && wrapped.box.minY >= 30 && wrapped.box.maxY < 150,
                "ink at \(wrapped.box)")
        // Wrapped: more than one line tall.
        #expect(wrapped.box.maxY - wrapped.box.minY > 30, "ink at \(wrapped.box)")
        let overlay = try Ink(path, frame: 18)
        #expect(overlay.textPixels > 50)
        #expect(overlay.box.minX >= 490 && overlay.box.minY >= 250, "ink at \(overlay.box)")
        #expect(try Ink(path, frame: 25).litPixels == 0)
    }

    @Test func typewriterRevealsAndSlideMovesIn() throws {
        let style = TextStyle(size: 0.1, color: .white, outlineWidth: 0)
        let layers = [
            TextLayer(text: "WWWWWWWW", timeRange: TimeRange(start: .zero, duration: seconds(1)), style: style,
                      placement: .anchored(.center), animation: .typewriter(duration: seconds(4, 5))),
            TextLayer(text: "SLIDE", timeRange: TimeRange(start: seconds(1), duration: seconds(1)), style: style,
                      placement: .anchored(.center), animation: .slide(from: .left, duration: seconds(1, 2))),
        ]
        let path = try export("animations", duration: seconds(2), text: layers)
        let first = try Ink(path, frame: 0), all = try Ink(path, frame: 27)
        let firstWidth = first.box.maxX - first.box.minX, allWidth = all.box.maxX - all.box.minX
        #expect(firstWidth > 10 && allWidth > 6 * firstWidth, "one letter \(firstWidth) px, all \(allWidth) px")
        // The first letter stays where it is when the rest appears.
        #expect(abs(first.box.minX - all.box.minX) <= 2)
        let entering = try Ink(path, frame: 42), settled = try Ink(path, frame: 50)
        #expect(entering.litPixels > 0 && settled.litPixels > 0)
        #expect(entering.box.maxX < settled.box.maxX - 100, "entering at \(entering.box), settled at \(settled.box)")
        #expect(abs((settled.box.minX + settled.box.maxX) / 2 - Self.width / 2) < 16)
    }

    @Test func anUnknownFamilyOrMissingFontFileFailsTheExportNamingIt() throws {
        let range = TimeRange(start: .zero, duration: seconds(1, 2))
        var style = TextStyle(fontFamily: "Nonesuch Grotesk")
        // The message itself is pinned in SystemFontsTests; here: the export refuses the family with it.
        let message = FontFamilies(try SystemFonts().installedFamilies()).unknownFamilyMessage("Nonesuch Grotesk")
        #expect(throws: ExportError.setup(reason: message)) {
            try export("unknown-family", duration: seconds(1, 2), text: [TextLayer(text: "x", timeRange: range, style: style)])
        }
        style.fontFile = "/nonexistent/Brand.otf"
        #expect(throws: ExportError.probe(path: "/nonexistent/Brand.otf", reason: "font file '/nonexistent/Brand.otf' not found")) {
            try export("missing-font", duration: seconds(1, 2), text: [TextLayer(text: "x", timeRange: range, style: style)])
        }
    }
}
