import Foundation
import MediaTestSupport
import Testing

/// Titles laid out by Pango, rendered end to end and checked in the pictures ffmpeg decodes: long text wraps and
/// shrinks inside the safe area, emoji keep their colours, markup spans colour words, values from a data table
/// stay text, Arabic and Japanese draw.
struct TextFitRunTests {
    /// 960 x 540 at 10 fps on a mid grey, encoded nearly losslessly.
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: text }
        presets:
          text: { base: draft, video: { width: 960, height: 540, fps: 10, crf: 8 }, audio: { bitrate: 64k } }
        sources:
          grey: { generate: color, color: "#808080", duration: 1s, size: 960x540 }
        outputs:

        """

    /// Runs `outputs` (YAML list items) and decodes each named 960 x 540 output.
    static func render(_ outputs: String, names: [String], files: [String: Data] = [:]) throws -> [String: RGBVideo] {
        try RGBVideo.render(header + outputs, files: files,
                            outputs: Dictionary(uniqueKeysWithValues: names.map { ($0, (960, 540)) })).videos
    }

    /// Text: any pixel visibly off the grey background.
    static func isText(_ pixel: (r: Int, g: Int, b: Int)) -> Bool {
        max(abs(pixel.r - 128), abs(pixel.g - 128), abs(pixel.b - 128)) > 24
    }

    @Test func aLongGermanTitleWrapsAndShrinksInsideTheSafeArea() throws {
        let text = "Donaudampfschifffahrtsgesellschaftskapitänsmütze jetzt für nur 19,99 € im Sommerschlussverkauf erhältlich"
        let outputs = """
              - name: shrink
                clips: [ { source: grey, to: 1s } ]
                title: { text: "\(text)", size: 9%, position: center, language: de }
              - name: kept
                clips: [ { source: grey, to: 1s } ]
                title: { text: "\(text)", size: 9%, position: center, language: de, fit: none }

            """
        let videos = try Self.render(outputs, names: ["shrink", "kept"])
        // The safe area: 5 % of 960 is 48 px, 5 % of 540 is 27 px.
        for (name, video) in videos {
            let ink = video.ink(5, Self.isText)
            #expect(ink.minX >= 48 && ink.maxX < 912 && ink.minY >= 27 && ink.maxY < 513, "\(name): \(ink)")
        }
        let shrunk = try #require(videos["shrink"]).ink(5, Self.isText), kept = try #require(videos["kept"]).ink(5, Self.isText)
        // Wrapped onto three lines or more: 9 % of 540 is 48.6 px a line at full size.
        #expect(shrunk.height > 80 && shrunk.width > 700, "shrunk: \(shrunk)")
        // Kept at 48.6 px, the long word breaks inside and the text takes more lines than shrunk.
        #expect(kept.height > shrunk.height + 40, "kept \(kept), shrunk \(shrunk)")
    }

    @Test func emojiKeepTheirColours() throws {
        let outputs = """
              - name: emoji
                clips: [ { source: grey, to: 1s } ]
                title: { text: "Sale 🎉🚀", size: 15%, position: center, color: white, outline: false }
              - name: plain
                clips: [ { source: grey, to: 1s } ]
                title: { text: "Sale", size: 15%, position: center, color: white, outline: false }

            """
        let videos = try Self.render(outputs, names: ["emoji", "plain"])
        let saturated = { (pixel: (r: Int, g: Int, b: Int)) in max(pixel.r, pixel.g, pixel.b) - min(pixel.r, pixel.g, pixel.b) > 100 }
        let colour = try #require(videos["emoji"]).ink(5, saturated), none = try #require(videos["plain"]).ink(5, saturated)
        #expect(colour.pixels > 1000 && none.isEmpty, "emoji: \(colour), plain: \(none)")
        // The colour is where the emoji are: right of the word, in the second half of the line.
        let line = try #require(videos["emoji"]).ink(5, Self.isText)
        #expect(colour.minX > line.minX + line.width * 4 / 10, "emoji \(colour), line \(line)")
    }

    @Test func aSpanColoursItsWordsAndValuesFromADataTableStayText() throws {
        let csv = "product\n\"Salt & <Pepper>\"\n"
        let outputs = """
              - name: span
                data: products.csv
                clips: [ { source: grey, to: 1s } ]
                title: { text: "<span color=\\"#ff0000\\">{product}</span>", size: 12%, position: center, outline: false }
              - name: literal
                clips: [ { source: grey, to: 1s } ]
                title: { text: "<span color=\\"#ff0000\\">Salt &amp; &lt;Pepper&gt;</span>", size: 12%, position: center, outline: false }

            """
        let names = ["span", "literal"]
        let videos = try Self.render(outputs, names: names, files: ["products.csv": Data(csv.utf8)])
        let fromTable = try #require(videos[names[0]]), literal = try #require(videos["literal"])
        let red = fromTable.ink(5) { $0.r > 200 && $0.g < 70 && $0.b < 70 }
        #expect(red.pixels > 2000 && red.width > 400, "red: \(red)")
        let difference = { () -> Double in
            var total = 0
            for y in 0..<540 { for x in 0..<960 {
                let p = fromTable.rgb(5, x, y), q = literal.rgb(5, x, y)
                total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
            } }
            return Double(total) / Double(3 * 960 * 540)
        }()
        #expect(difference < 0.05, "the table's value and the escaped literal differ by \(difference)")
    }

    @Test(arguments: [("arabic", "مرحبا بالعالم، تخفيضات الربيع"), ("japanese", "春のセール、今だけ半額です")])
    func arabicAndJapaneseTitlesDrawInsideTheFrame(name: String, text: String) throws {
        let outputs = """
              - name: \(name)
                clips: [ { source: grey, to: 1s } ]
                title: { text: "\(text)", size: 10%, position: bottom, outline: false }

            """
        let video = try #require(try Self.render(outputs, names: [name])[name])
        let ink = video.ink(5, Self.isText)
        #expect(ink.pixels > 3000 && ink.width > 300, "\(name): \(ink)")
        #expect(ink.minX >= 48 && ink.maxX < 912 && ink.maxY < 513 && ink.minY > 270, "\(name): \(ink)")
    }
}

/// Text laid out before rendering: `validate` names what will not draw as written, at the text in the manifest.
struct TextCheckTests {
    static let manifest = TextFitRunTests.header + """
          - name: glyphs
            clips: [ { source: grey, to: 1s } ]
            title: { text: "Egypt 𓀀", size: 9% }
          - name: long
            clips: [ { source: grey, to: 1s } ]
            title: { text: "Donaudampfschifffahrtsgesellschaftskapitänsmütze", size: 20%, min_size: 15%, max_lines: 1 }
          - name: japanese
            clips: [ { source: grey, to: 1s } ]
            title: { text: "春のセール", font: DejaVu Sans }

        """

    @Test func validateWarnsOfMissingGlyphsTextThatDoesNotFitAndFallbacksAndStrictFailsThem() throws {
        let directory = try CommandRunner.temporaryDirectory("text-check")
        try CommandRunner.write(Self.manifest, to: "m/text.yaml", in: directory)
        let warnings = """
            m/text.yaml:10:20: warning: no font can draw U+13000 '𓀀' in output 'glyphs' (tried 'DejaVu Sans' and every installed font); it shows as a box
                title: { text: "Egypt 𓀀", size: 9% }
                               ^
            m/text.yaml:13:20: warning: text does not fit its 864x486 px box in output 'long' even at min_size (81 px); words break and lines may be cut
                title: { text: "Donaudampfschifffahrtsgesellschaftskapitänsmütze", size: 20%, min_size: 15%, max_lines: 1 }
                               ^
            m/text.yaml:16:20: warning: font 'DejaVu Sans' has no U+6625 '春' in output 'japanese'; it is drawn in 'Noto Sans CJK JP'
                title: { text: "春のセール", font: DejaVu Sans }
                               ^

            """
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 0)
        #expect(result.stderr == warnings + "m/text.yaml: 3 warnings; 3 outputs\n")
        #expect(result.stdout == "valid: 3 outputs in 1 manifest (3 warnings)\n")
        let strict = try CommandRunner.run(["validate", "--strict", "m"], in: directory)
        #expect(strict.status == 2)
        #expect(strict.stderr == warnings.replacingOccurrences(of: ": warning: ", with: ": error: ")
                + "m/text.yaml: 3 errors; 3 outputs\n"
                + "3 errors in 1 of 1 file; 3 of 3 outputs in 1 manifest can be built\n")
    }

    @Test func invalidMarkupIsAnErrorAtTheText() throws {
        let directory = try CommandRunner.temporaryDirectory("text-markup")
        try CommandRunner.write(TextFitRunTests.header + """
              - name: bad
                clips: [ { source: grey, to: 1s } ]
                title: { text: "<b>Sale <i>now</b>" }

            """, to: "m/text.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("""
            m/text.yaml:10:20: error: invalid markup in the title's text: Element “b” was closed, but the currently open element is “i”
                title: { text: "<b>Sale <i>now</b>" }
                               ^

            """), "\(result.stderr)")
    }
}

/// Captions drawn by Pango: karaoke highlighting follows the cue's word times.
struct KaraokeCaptionTests {
    @Test(arguments: [
        ("vtt", "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<00:00:00.000>Sing <00:00:01.000>along\n"),
        ("srt", "1\n00:00:00,000 --> 00:00:02,000\n{\\k100}Sing {\\k100}along\n"),
    ])
    func theHighlightedWordChangesAtItsTime(format: String, file: String) throws {
        let outputs = """
              - name: karaoke
                clips: [ { source: grey, to: 2s } ]
                captions: { file: words.\(format), style: karaoke, highlight: "#ffcc00", size: 10% }

            """
        let manifest = TextFitRunTests.header.replacingOccurrences(of: "duration: 1s", with: "duration: 2s") + outputs
        let video = try #require(try RGBVideo.render(manifest, files: ["words.\(format)": Data(file.utf8)],
                                                     outputs: ["karaoke": (960, 540)]).videos["karaoke"])
        let highlighted = { (pixel: (r: Int, g: Int, b: Int)) in pixel.r > 200 && (150...235).contains(pixel.g) && pixel.b < 90 }
        let first = video.ink(5, highlighted), second = video.ink(15, highlighted)
        // 'Sing' (left) is highlighted at 0.5 s, 'along' (right) at 1.5 s; both lie in the caption at the bottom.
        #expect(first.pixels > 300 && second.pixels > 300, "0.5 s: \(first), 1.5 s: \(second)")
        #expect(second.minX > first.maxX, "0.5 s: \(first), 1.5 s: \(second)")
        #expect(first.minY > 400 && second.minY > 400, "0.5 s: \(first), 1.5 s: \(second)")
    }
}
