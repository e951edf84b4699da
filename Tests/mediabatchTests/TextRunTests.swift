import Foundation
import MediaTestSupport
import Testing

/// Titles rendered end to end from manifests and checked in the decoded pictures: typewriter layout in three
/// scripts, exits, sizes relative to the shorter side, fonts from files; font mistakes reported by `validate`.
struct TextRunTests {
    /// Text renders at 10 fps on black, encoded nearly losslessly so glyph pixels compare.
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: text }
        presets:
          text: { base: draft, video: { width: 480, height: 270, fps: 10, crf: 8 }, audio: { bitrate: 64k } }
          tall: { base: text, video: { width: 270, height: 480 } }
        sources:
          black: { generate: color, color: black, duration: 4s, size: 480x270 }
        outputs:

        """

    /// Runs `outputs` (YAML list items) and decodes each named output.
    static func render(_ outputs: String, files: [String: Data] = [:], names: [String: (Int, Int)])
        throws -> [String: RGBVideo]
    {
        try RGBVideo.render(header + outputs, files: files, outputs: names).videos
    }

    @Test func typewriterTextKeepsItsFinalLayoutInEveryScript() throws {
        let texts = ["latin": "Spring Sale", "arabic": "مرحبا بالعالم", "hebrew": "שלום עולם"]
        var outputs = ""
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            outputs += """
                  - name: \(name)
                    clips: [ { source: black, to: 2s } ]
                    title: { text: "\(text)", position: center, size: 0.14, outline: false, animate: { type: typewriter, duration: 1s } }

                """
        }
        let videos = try Self.render(outputs, names: texts.mapValues { _ in (480, 270) })
        for (name, video) in videos {
            // Frame 3 (0.3 s) is 30 % of the typing; frame 12 (1.2 s) shows it all.
            let early = video.ink(3), full = video.ink(12)
            #expect(!early.isEmpty && early.width < full.width * 7 / 10, "\(name): \(early) of \(full)")
            let rightToLeft = name != "latin"
            // The first characters are at their final place: the reading-order start edge is shared...
            if rightToLeft {
                #expect(abs(early.maxX - full.maxX) <= 1, "\(name): typed \(early), final \(full)")
            } else {
                #expect(abs(early.minX - full.minX) <= 1, "\(name): typed \(early), final \(full)")
            }
            // ...and the typed glyphs look the same as in the finished line (a few columns at the growing edge,
            // where the next glyph touches, left out).
            let columns = rightToLeft ? (early.minX + 3)...early.maxX : early.minX...(early.maxX - 3)
            let difference = video.meanDifference(3, 12, columns: columns, rows: early.minY...early.maxY)
            #expect(difference < 6, "\(name): typed glyphs differ from the final ones by \(difference)")
        }
    }

    @Test func titlesLeaveWithTheirExitAnimations() throws {
        let outputs = """
              - name: exits
                clips: [ { source: black, to: 4s } ]
                titles:
                  - { text: FADE, at: 0s, duration: 1s, size: 0.2, outline: false, exit: { type: fade, duration: 0.5s } }
                  - { text: SLIDE, at: 1s, duration: 1s, position: center, size: 0.2, outline: false, exit: { type: slide-right, duration: 0.5s } }
                  - { text: TYPEWRITER, at: 2s, duration: 1s, position: top, size: 0.12, outline: false, exit: { type: typewriter, duration: 0.5s } }
                  - { text: WIPE, at: 3s, duration: 1s, position: center, size: 0.2, outline: false, enter: { type: wipe-right, duration: 0.5s } }

            """
        let video = try #require(try Self.render(outputs, names: ["exits": (480, 270)])["exits"])
        // Fade: full at 0.4 s, 60 % out at 0.8 s.
        let brightest = { (frame: Int) in video.ink(frame) { _ in true }.isEmpty ? 0 : (0..<video.height).flatMap { y in
            (0..<video.width).map { x in video.rgb(frame, x, y).g } }.max() ?? 0 }
        #expect(brightest(4) > 230, "before the fade: \(brightest(4))")
        #expect((70...140).contains(brightest(8)), "60 % into the fade: \(brightest(8))")
        // Slide: centred at 1.4 s, 60 % of a frame width to the right at 1.8 s.
        let settled = video.ink(14), leaving = video.ink(18)
        #expect(abs(settled.centerX - 240) < 4, "settled: \(settled)")
        #expect(leaving.minX - settled.minX > 250, "leaving: \(leaving), settled: \(settled)")
        // Typewriter: whole at 2.4 s; at 2.8 s six of ten letters are gone from the end, the start has not moved.
        let typed = video.ink(24), deleting = video.ink(28)
        #expect(abs(deleting.minX - typed.minX) <= 1, "deleting: \(deleting), typed: \(typed)")
        #expect(deleting.width < typed.width / 2 && deleting.width > typed.width / 5, "deleting: \(deleting), typed: \(typed)")
        #expect(video.ink(29).width < deleting.width)
        // Wipe: at 3.2 s the edge has uncovered 40 % of the frame (192 px) from the left; all of it at 3.7 s.
        let wiping = video.ink(32), wiped = video.ink(37)
        #expect(!wiping.isEmpty && abs(wiping.minX - wiped.minX) <= 1, "wiping \(wiping), wiped \(wiped)")
        #expect(wiping.maxX < 192 && wiped.maxX > 240, "wiping \(wiping), wiped \(wiped)")
    }

    @Test func titlesMoveScaleAndTurnWithTheirKeyframes() throws {
        let outputs = """
              - name: moving
                clips: [ { source: black, to: 3s } ]
                titles:
                  - { text: MOVE, at: 0s, duration: 1s, position: center, size: 0.12, outline: false,
                      motion: [ { at: start, x: 25%, y: 50% }, { at: end, x: 75%, y: 50% } ] }
                  - { text: SCALE, at: 1s, duration: 1s, position: center, size: 0.12, outline: false,
                      motion: [ { at: start, scale: 1 }, { at: end, scale: 2 } ] }
                  - { text: TURN, at: 2s, duration: 1s, position: center, size: 0.12, outline: false,
                      motion: [ { at: start, rotate: 0 }, { at: end, rotate: 90 } ] }

            """
        let video = try #require(try Self.render(outputs, names: ["moving": (480, 270)])["moving"])
        // The title's centre travels 240 px in 1 s: 24 px a frame.
        for frame in [2, 5, 8] {
            let ink = video.ink(frame)
            #expect(abs(ink.centerX - (120 + 24 * Double(frame))) <= 3, "frame \(frame): \(ink)")
        }
        // Scaled about its centre: 1.9 times as wide at 1.9 s as at 1 s, still centred.
        let small = video.ink(10), large = video.ink(19)
        #expect(abs(Double(large.width) / Double(small.width) - 1.9) < 0.1, "\(small) then \(large)")
        #expect(abs(large.centerX - 240) <= 3 && abs(small.centerX - 240) <= 3)
        // Turned by 81 degrees at 2.9 s: taller than wide, the other way round at the start.
        let upright = video.ink(20), turned = video.ink(29)
        #expect(upright.width > 2 * upright.height && turned.height > 2 * turned.width, "\(upright) then \(turned)")
    }

    /// A red box behind white text: square corners fill the box's bounding rectangle; `box_radius: 50%` rounds its
    /// ends into a pill, whose corners show the black clip while the middles of its ends stay red.
    /// A shadow written as `{ color, x, y, blur }`: a soft blue shadow up and to the left of white letters, where the
    /// plain shadow (`true`) falls sharp, down and to the right.
    @Test func aShadowMovesAndSoftensAsWritten() throws {
        let videos = try Self.render("""
              - { name: soft, clips: [black], titles: [ { text: "II", anchor: center, size: 30%, outline: false, shadow: { color: "#0000ff", x: -0.03, y: -0.03, blur: 0.004 } } ] }
              - { name: plain, clips: [black], titles: [ { text: "II", anchor: center, size: 30%, outline: false, shadow: "#0000ff" } ] }

            """, names: ["soft": (480, 270), "plain": (480, 270)])
        let white: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 200 && $0.g > 200 && $0.b > 200 }
        let blue: ((r: Int, g: Int, b: Int)) -> Bool = { $0.b > 60 && $0.r < 40 && $0.g < 40 }
        let soft = try #require(videos["soft"]), plain = try #require(videos["plain"])
        let letters = soft.ink(5, white), shadow = soft.ink(5, blue)
        #expect(letters.maxX - letters.minX > 20, "\(letters)")
        // 0.03 of 270 rows is 8 px up and left; the blur widens it by a few pixels more.
        #expect(shadow.minX <= letters.minX - 8 && shadow.minY <= letters.minY - 8, "\(shadow) against \(letters)")
        #expect(shadow.maxX < letters.maxX && shadow.maxY < letters.maxY, "\(shadow) against \(letters)")
        let plainShadow = plain.ink(5, blue), plainLetters = plain.ink(5, white)
        #expect(plainShadow.maxX > plainLetters.maxX && plainShadow.minX >= plainLetters.minX, "\(plainShadow)")
    }

    @Test func boxRadiusRoundsTheBoxesCorners() throws {
        let videos = try Self.render("""
              - { name: square, clips: [black], titles: [ { text: "Sale", anchor: center, size: 12%, box: red, outline: false } ] }
              - { name: pill, clips: [black], titles: [ { text: "Sale", anchor: center, size: 12%, box: red, box_radius: 50%, outline: false } ] }

            """, names: ["square": (480, 270), "pill": (480, 270)])
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 180 && $0.g < 70 && $0.b < 70 }
        for name in ["square", "pill"] {
            let video = try #require(videos[name])
            let box = video.ink(5, red)
            #expect(box.maxY - box.minY > 30 && box.maxX - box.minX > 60, "\(name): box \(box)")
            let (middle, inset) = ((box.minY + box.maxY) / 2, 3)
            for (x, y) in [(box.minX + inset, middle), (box.maxX - inset, middle),
                           ((box.minX + box.maxX) / 2, box.minY + inset)] {
                #expect(red(video.rgb(5, x, y)), "\(name) edge \(x),\(y): \(video.rgb(5, x, y))")
            }
            for (x, y) in [(box.minX + inset, box.minY + inset), (box.maxX - inset, box.minY + inset),
                           (box.minX + inset, box.maxY - inset), (box.maxX - inset, box.maxY - inset)] {
                let color = video.rgb(5, x, y)
                #expect(name == "square" ? red(color) : max(color.r, color.g, color.b) < 40,
                        "\(name) corner \(x),\(y): \(color)")
            }
        }
    }

    /// An outline written beside a box rings the box: yellow just outside the red box's edges, none where the box
    /// has only the style's default outline (left out, as before), and none inside a see-through box (the stroke's
    /// inner half is cleared, not covered).
    @Test func anOutlineWrittenBesideABoxRingsTheBox() throws {
        let videos = try Self.render("""
              - { name: plain, clips: [black], titles: [ { text: "Sale", anchor: center, size: 12%, box: red } ] }
              - { name: ringed, clips: [black], titles: [ { text: "Sale", anchor: center, size: 12%, box: red, outline: yellow, outline_width: 0.012 } ] }
              - { name: clear, clips: [black], titles: [ { text: "Sale", anchor: center, size: 12%, box: "#ff000080", outline: yellow, outline_width: 0.012 } ] }

            """, names: ["plain": (480, 270), "ringed": (480, 270), "clear": (480, 270)])
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 90 && $0.g < 70 && $0.b < 70 }
        let yellow: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 180 && $0.g > 180 && $0.b < 90 }
        for name in ["plain", "ringed", "clear"] {
            let video = try #require(videos[name])
            let box = video.ink(5, red), middle = (box.minY + box.maxY) / 2
            #expect(box.width > 60 && box.height > 30, "\(name): box \(box)")
            // Just outside the box's left and right edges, and just inside them.
            for (x, outside) in [(box.minX - 2, true), (box.maxX + 2, true), (box.minX + 2, false), (box.maxX - 2, false)] {
                let color = video.rgb(5, x, middle)
                let ringed = name != "plain" && outside
                #expect(yellow(color) == ringed, "\(name) at \(x),\(middle): \(color)")
            }
        }
    }

    @Test func percentSizesAreOfTheShorterSideInEveryAspect() throws {
        let outputs = """
              - name: wide
                clips: [ { source: black, to: 1s } ]
                title: { text: HHH, position: center, size: 12%, outline: false }
              - name: tall
                preset: tall
                clips: [ { source: black, to: 1s } ]
                title: { text: HHH, position: center, size: 12%, outline: false }

            """
        let videos = try Self.render(outputs, names: ["wide": (480, 270), "tall": (270, 480)])
        let wide = try #require(videos["wide"]).ink(5), tall = try #require(videos["tall"]).ink(5)
        #expect(wide.height > 15 && abs(wide.height - tall.height) <= 1, "wide \(wide), tall \(tall)")
        #expect(abs(wide.width - tall.width) <= 2, "wide \(wide), tall \(tall)")
    }

    /// DejaVu Sans Mono renamed to a family no system has, so only the file can draw it.
    static func renamedMonospaceFont() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")))
        for (old, new) in [("DejaVu", "MBtest")] {
            for encoding in [String.Encoding.ascii, .utf16BigEndian] {
                let from = [UInt8](old.data(using: encoding)!), to = [UInt8](new.data(using: encoding)!)
                var index = 0
                while index + from.count <= bytes.count {
                    if bytes[index..<(index + from.count)].elementsEqual(from) {
                        bytes.replaceSubrange(index..<(index + from.count), with: to)
                        index += from.count
                    } else {
                        index += 1
                    }
                }
            }
        }
        return Data(bytes)
    }

    @Test func fontFilesBesideTheManifestDrawTheTitle() throws {
        let outputs = """
              - name: file
                clips: [ { source: black, to: 1s } ]
                title: { text: iiiiiiiiii, position: center, size: 0.12, outline: false, font: fonts/Brand.ttf }
              - name: family
                clips: [ { source: black, to: 1s } ]
                title: { text: iiiiiiiiii, position: center, size: 0.12, outline: false, font: DejaVu Sans }

            """
        let videos = try Self.render(outputs, files: ["fonts/Brand.ttf": try Self.renamedMonospaceFont()],
                                     names: ["file": (480, 270), "family": (480, 270)])
        // Monospaced 'i's are more than twice as wide apart as proportional ones.
        let mono = try #require(videos["file"]).ink(5), sans = try #require(videos["family"]).ink(5)
        #expect(sans.width > 20 && mono.width > sans.width * 17 / 10, "file \(mono), family \(sans)")
    }

    @Test func validateReportsUnknownFamiliesAndMissingFontFiles() throws {
        let directory = try CommandRunner.temporaryDirectory("fonts")
        try CommandRunner.write(Self.header + """
              - name: typo
                clips: [black]
                title: { text: Hi, font: DejaVu Sanz }
              - name: missing
                clips: [black]
                captions: { file: subs.srt, font: fonts/Brand.otf }

            """, to: "m/text.yaml", in: directory)
        try CommandRunner.write("1\n00:00:00,000 --> 00:00:01,000\nHi\n", to: "m/subs.srt", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == """
            m/text.yaml:11:30: error: unknown font family 'DejaVu Sanz'; did you mean 'DejaVu Sans'?
                title: { text: Hi, font: DejaVu Sanz }
                                         ^
            m/text.yaml:14:39: error: font file 'fonts/Brand.otf' not found (resolved to '\(directory.path)/m/fonts/Brand.otf')
                captions: { file: subs.srt, font: fonts/Brand.otf }
                                                  ^
            m/text.yaml: 2 errors; 0 of 2 outputs can be built
            2 errors in 1 of 1 file; 0 of 2 outputs in 1 manifest can be built

            """)
    }
}
