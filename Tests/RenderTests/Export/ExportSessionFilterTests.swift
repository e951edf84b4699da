import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// Picture filters (`VideoComposition.pictureFilters`) rendered by real exports of the four-colour quadrants clip at
/// 160x120 and read back by ffmpeg: each filter's colours, blurs across the quadrants' edges, and spans in time.
@Suite struct ExportSessionFilterTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Exports the quadrants clip with `spans`, returning the file.
    private func export(_ name: String, _ spans: [PictureFilterSpan]) throws -> String {
        let output = try fixtures.outputDirectory("filter-" + name) + "/out.mp4"
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1))
        try composition.insertTimeRange(range, of: [try fixtures.videoTrack(fixtures.quadrants)], at: .invalid)
        var video = try TestPresets.oneLayer(of: composition, size: Size(width: 320, height: 240), range: range)
        video.pictureFilters = spans
        _ = try ExportSession(composition: composition, videoComposition: video,
                              settings: TestPresets.mp4(audio: false), outputPath: output).export()
        return output
    }

    /// The whole second under `filters`.
    private static func whole(_ filters: [PictureFilter]) -> [PictureFilterSpan] {
        [PictureFilterSpan(timeRange: TimeRange(start: .zero, duration: seconds(1)), filters: filters)]
    }

    /// Each filter's colours at the middle of the red, green, blue and white quadrants (as ffmpeg decodes them).
    @Test(arguments: [
        ("invert", [PictureFilter.invert], [(0, 255, 255), (255, 0, 255), (255, 255, 0), (0, 0, 0)]),
        ("grey", [.colorControls(brightness: 0, contrast: 1, saturation: 0)],
         [(54, 54, 54), (182, 182, 182), (18, 18, 18), (255, 255, 255)]),
        ("brighter", [.colorControls(brightness: 0.2, contrast: 1, saturation: 1)],
         [(255, 51, 51), (51, 255, 51), (51, 51, 255), (255, 255, 255)]),
        // Contrast scales every component about the middle grey, colour included (as Core Image's does).
        ("flatter", [.colorControls(brightness: 0, contrast: 0.5, saturation: 1)],
         [(191, 64, 64), (64, 191, 64), (64, 64, 191), (191, 191, 191)]),
        ("sepia", [.sepia(intensity: 1)], [(100, 89, 69), (196, 175, 136), (48, 43, 33), (255, 255, 239)]),
        ("none", [.sepia(intensity: 0), .gaussianBlur(sigma: 0)], [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]),
    ] as [(String, [PictureFilter], [(Int, Int, Int)])])
    func filtersChangeColoursAsTheySay(name: String, filters: [PictureFilter], expected: [(Int, Int, Int)]) throws {
        let output = try export(name, Self.whole(filters))
        let picture = try RGBPicture(path: output, frame: 15, width: 160, height: 120)
        for (index, (x, y)) in [(40, 30), (120, 30), (40, 90), (120, 90)].enumerated() {
            let (r, g, b) = picture.rgb(x, y), want = expected[index]
            #expect(abs(r - want.0) <= 24 && abs(g - want.1) <= 24 && abs(b - want.2) <= 24,
                    "\(name) at \(x),\(y): \((r, g, b)), expected \(want)")
        }
    }

    @Test func blursMixColoursAcrossEdgesAndLeaveTheMiddlesAlone() throws {
        for (name, filter) in [("gaussian", PictureFilter.gaussianBlur(sigma: 8)), ("box", .boxBlur(radius: 8))] {
            let picture = try RGBPicture(path: try export(name, Self.whole([filter])), frame: 15, width: 160, height: 120)
            // On the edge between red and green: both, about half each.
            let (r, g, _) = picture.rgb(80, 30)
            #expect(r > 80 && r < 180 && g > 80 && g < 180, "\(name) on the edge: \((r, g))")
            // Well inside red, away from every edge: red still.
            let (inR, inG, inB) = picture.rgb(30, 25)
            #expect(inR > 220 && inG < 30 && inB < 30, "\(name) inside red: \((inR, inG, inB))")
        }
        // Unfiltered, the edge is sharp: red a pixel to its left.
        let sharp = try RGBPicture(path: try export("sharp", []), frame: 15, width: 160, height: 120)
        #expect(sharp.rgb(77, 30).0 > 220 && sharp.rgb(77, 30).1 < 40)
    }

    @Test func spansApplyOnlyOverTheirTime() throws {
        // Inverted for the second half only, and blurred then inverted from 0.8 s.
        let output = try export("spans", [
            PictureFilterSpan(timeRange: TimeRange(start: seconds(1, 2), duration: seconds(3, 10)), filters: [.invert]),
            PictureFilterSpan(timeRange: TimeRange(start: seconds(4, 5), duration: seconds(1, 5)),
                              filters: [.gaussianBlur(sigma: 4), .invert]),
        ])
        let red = (40, 30)
        func color(_ frame: Int) throws -> (Int, Int, Int) {
            try RGBPicture(path: output, frame: frame, width: 160, height: 120).rgb(red.0, red.1)
        }
        let before = try color(10), during = try color(20), late = try color(27)
        #expect(before.0 > 220 && before.1 < 30, "\(before)")
        #expect(during.0 < 30 && during.1 > 220 && during.2 > 220, "\(during)")
        #expect(late.0 < 30 && late.1 > 220, "\(late)")
    }

    /// A new `width` x `height` PNG of `color`, opaque on its left half and transparent on its right.
    static func halfOpaquePicture(_ fixtures: ExportFixtures, color: String, width: Int, height: Int) throws -> String {
        let path = try fixtures.outputDirectory("filter-picture") + "/picture.png"
        _ = try ExportFixtures.run("ffmpeg", [
            "-v", "error", "-f", "lavfi", "-i", "color=c=\(color):size=\(width)x\(height),format=rgba,"
                + "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,\(width / 2)),255,0)'",
            "-frames:v", "1", path,
        ])
        return path
    }

    @Test func overlaysPaintPicturesWithTheirTransparencyInTheFiltersOrder() throws {
        let logo = try Self.halfOpaquePicture(fixtures, color: "0x00FF00", width: 40, height: 20)
        // In the 320x240 render's pixels: (40, 40) to (200, 120); in the 160x120 output's: (20, 20) to (100, 60),
        // green from column 20 to 60. A second copy at half opacity at (0, 160) to (80, 200): output (0, 80) to
        // (40, 100), green to column 20. Both after the inversion, the second under a sepia-free brightness step.
        let output = try export("overlay", Self.whole([
            .invert,
            .overlay(PictureOverlay(path: logo, frame: Rect(x: 40, y: 40, width: 160, height: 80))),
            .overlay(PictureOverlay(path: logo, frame: Rect(x: 0, y: 160, width: 80, height: 40), opacity: 0.5)),
        ]))
        let picture = try RGBPicture(path: output, frame: 15, width: 160, height: 120)
        let expected: [((Int, Int), (Int, Int, Int))] = [
            ((40, 40), (0, 255, 0)), // the opaque half, over inverted red
            ((90, 40), (255, 0, 255)), // the transparent half: inverted green shows
            ((40, 70), (255, 255, 0)), // below it: inverted blue
            ((10, 90), (128, 255, 0)), // half green over inverted blue (yellow)
            ((30, 90), (255, 255, 0)), // the faded copy's transparent half
        ]
        for ((x, y), want) in expected {
            let (r, g, b) = picture.rgb(x, y)
            #expect(abs(r - want.0) <= 24 && abs(g - want.1) <= 24 && abs(b - want.2) <= 24,
                    "at \(x),\(y): \((r, g, b)), expected \(want)")
        }
        // A colour overlay: half-transparent white over the bottom right quadrant (white stays white), and over the
        // right half of the top left one (red towards white).
        let tinted = try export("overlay-colour", Self.whole([
            .overlay(PictureOverlay(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.5)),
                                    frame: Rect(x: 80, y: 0, width: 240, height: 240))),
        ]))
        let tint = try RGBPicture(path: tinted, frame: 15, width: 160, height: 120)
        for ((x, y), want) in [((60, 30), (255, 128, 128)), ((20, 30), (255, 0, 0)), ((120, 90), (255, 255, 255))] {
            let (r, g, b) = tint.rgb(x, y)
            #expect(abs(r - want.0) <= 24 && abs(g - want.1) <= 24 && abs(b - want.2) <= 24,
                    "tinted at \(x),\(y): \((r, g, b)), expected \(want)")
        }
        // Inverted after the picture, the picture is inverted too.
        let under = try export("overlay-under", Self.whole([
            .overlay(PictureOverlay(path: logo, frame: Rect(x: 40, y: 40, width: 160, height: 80))), .invert,
        ]))
        let (r, g, b) = try RGBPicture(path: under, frame: 15, width: 160, height: 120).rgb(40, 40)
        #expect(r > 230 && g < 25 && b > 230, "\((r, g, b))")
    }
}
