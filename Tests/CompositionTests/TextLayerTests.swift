import Composition
import Foundation
import MediaCore
import Testing

/// Milliseconds as an exact time.
private func ms(_ value: Int64) -> MediaTime { MediaTime(value: value, timescale: 1000) }

@Suite struct TextLayerTests {
    // MARK: SubRip

    @Test func srtCuesKeepTimesAndLinesAndLoseTags() throws {
        let text = "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>, <b>world</b>\r\nsecond &amp; last line\r\n\r\n"
            + "2\r\n01:02:03,04 --> 01:02:04,123 X1:10 X2:20\r\n{\\an8}<font color=\"red\">Top</font>\r\n"
        let captions = try Captions.parse(text, file: "a.srt")
        #expect(captions.cues == [
            CaptionCue(timeRange: r(ms(1000), ms(2500)), text: "Hello, world\nsecond & last line"),
            CaptionCue(timeRange: r(ms(3_723_040), ms(3_724_123)), text: "Top"),
        ])
    }

    @Test func srtWithoutNumbersAndWithExtraBlankLinesReads() throws {
        let captions = try Captions.parse("\n\n00:00:00,000 --> 00:00:01,000\none\n\n\n\n00:00:01.000 --> 00:00:02.000\ntwo\n")
        #expect(captions.cues.map(\.text) == ["one", "two"])
        #expect(captions.cues.map(\.timeRange) == [r(0, 1), r(1, 2)])
    }

    // MARK: WebVTT

    @Test func webVTTToleratesHeaderNotesStylesSettingsAndIdentifiers() throws {
        let text = """
            WEBVTT - a title
            Kind: captions

            NOTE a comment
            over two lines

            STYLE
            ::cue { color: yellow }

            intro
            00:01.000 --> 00:02.000 align:start position:10% line:0
            <v Roger>Hi <c.loud>there</c></v>
            <00:01.500>again &lt;3

            00:00:02.250 --> 00:00:03.000
            مرحبا بالعالم
            """
        let captions = try Captions.parse(text, file: "a.vtt")
        // The inline time stamp times the words after it; the text before it starts with the cue.
        var timed = CaptionCue(timeRange: r(ms(1000), ms(2000)), text: "Hi there\nagain <3")
        timed.words = [Karaoke.Word(start: ms(1000), characters: 0..<8), Karaoke.Word(start: ms(1500), characters: 9..<17)]
        #expect(captions.cues == [timed, CaptionCue(timeRange: r(ms(2250), ms(3000)), text: "مرحبا بالعالم")])
    }

    @Test(arguments: [
        ("WEBVTT\n\n00:01.000 -> 00:02.000\nx\n", Captions.Format.webvtt,
         "a.vtt:3: error: expected a cue timing 'start --> end', found '00:01.000 -> 00:02.000'"),
        ("1\n00:00:01,000 --> 00:00:0x,000\nx\n", .srt,
         "a.vtt:2: error: invalid time stamp '00:00:0x,000'; expected 'hh:mm:ss,mmm'"),
        ("1\nhello\n", .srt, "a.vtt:2: error: expected a cue timing 'start --> end', found 'hello'"),
        ("1\n00:00:01,000 --> 00:00:02,000\nok\n\nstray text\n", .srt,
         "a.vtt:5: error: expected a cue timing 'start --> end', found 'stray text'"),
        ("WEBVTT\n\n00:03.000 --> 00:02.000\nx\n", .webvtt,
         "a.vtt:3: error: cue ends at '00:02.000' before it starts at '00:03.000'"),
        ("WEBVTT\n\n00:01.0000 --> 00:02.000\nx\n", .webvtt,
         "a.vtt:3: error: invalid time stamp '00:01.0000'; expected '[hh:]mm:ss.mmm'"),
        ("WEBVTT\n\n00:61.000 --> 01:02.000\nx\n", .webvtt,
         "a.vtt:3: error: invalid time stamp '00:61.000'; expected '[hh:]mm:ss.mmm'"),
        ("1\n00:00:01,000 --> \nx\n", .srt, "a.vtt:2: error: invalid time stamp ''; expected 'hh:mm:ss,mmm'"),
        ("00:00:01,000 --> 00:00:02,000\nx\n", .webvtt,
         "a.vtt:1: error: missing 'WEBVTT' header; a WebVTT file starts with the line 'WEBVTT'"),
    ])
    func malformedFilesAreReportedAtTheirLine(text: String, format: Captions.Format, message: String) {
        do {
            _ = try Captions.parse(text, format: format, file: "a.vtt")
            Issue.record("no error for \(text.debugDescription)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func emptyFilesHaveNoCues() throws {
        #expect(try Captions.parse("").cues.isEmpty)
        #expect(try Captions.parse("WEBVTT\n").cues.isEmpty)
    }

    // MARK: Time mapping

    static let cues = Captions(cues: [
        CaptionCue(timeRange: r(ms(500), ms(1500)), text: "before"),
        CaptionCue(timeRange: r(ms(1500), ms(2500)), text: "straddles the in point"),
        CaptionCue(timeRange: r(3, 4), text: "inside"),
        CaptionCue(timeRange: r(ms(4500), ms(6000)), text: "straddles the out point"),
        CaptionCue(timeRange: r(5, 6), text: "starts at the out point"),
    ])

    @Test func mappingDropsCuesOutsideTheClipCutsPartialOnesAndMovesTheRest() {
        // Source 2...5 s placed at 1 s.
        let mapped = Self.cues.mapped(from: r(2, 5), to: r(1, 4))
        #expect(mapped.cues == [
            CaptionCue(timeRange: r(ms(1000), ms(1500)), text: "straddles the in point"),
            CaptionCue(timeRange: r(2, 3), text: "inside"),
            CaptionCue(timeRange: r(ms(3500), ms(4000)), text: "straddles the out point"),
        ])
    }

    @Test func mappingFollowsASpeedChange() {
        // Source 2...6 s played twice as fast at 10 s.
        let mapped = Self.cues.mapped(from: r(2, 6), to: r(10, 12))
        #expect(mapped.cues.map(\.timeRange) == [r(ms(10_000), ms(10_250)), r(ms(10_500), ms(11_000)),
                                                 r(ms(11_250), ms(12_000)), r(ms(11_500), ms(12_000))])
    }

    @Test func shiftingMovesEveryCue() {
        let shifted = Self.cues.shifted(by: t(-1, 2))
        #expect(shifted.cues.map(\.timeRange.start) == [ms(0), ms(1000), ms(2500), ms(4000), ms(4500)])
        #expect(shifted.cues.map(\.timeRange.duration) == Self.cues.cues.map(\.timeRange.duration))
    }

    @Test func cuesBecomeTextLayersInTheCaptionStyle() {
        let captions = Captions(cues: [CaptionCue(timeRange: r(1, 2), text: "a"), CaptionCue(timeRange: r(2, 3), text: "")])
        let layers = captions.textLayers(animation: .fade(duration: ms(100)))
        #expect(layers == [TextLayer(text: "a", timeRange: r(1, 2), style: .caption, placement: .anchored(.bottom),
                                     animation: .fade(duration: ms(100)))])
    }

    // MARK: JSON

    @Test func videoCompositionJSONWithoutTextStaysAsItWasAndOldJSONReads() throws {
        let plain = VideoComposition(renderSize: Size(width: 640, height: 360), frameDuration: t(1, 30))
        let json = String(decoding: try plain.jsonData(), as: UTF8.self)
        #expect(!json.contains("textLayers") && !json.contains("assOverlays"))
        #expect(try VideoComposition(jsonData: Data(json.utf8)) == plain)
    }

    @Test func videoCompositionWithTextRoundTrips() throws {
        var video = VideoComposition(renderSize: Size(width: 640, height: 360), frameDuration: t(1, 30))
        video.textLayers = [
            TextLayer(text: "日本語テキスト", timeRange: r(ms(1001), ms(3000)),
                      style: TextStyle(fontFamily: "Noto Sans CJK JP", size: 0.1, color: Color(red: 1, green: 0.5, blue: 0),
                                       boxColor: .black, bold: true, italic: true, alignment: .right),
                      placement: .region(Rect(x: 10, y: 20, width: 300, height: 100)),
                      animation: .typewriter(duration: ms(1500))),
            TextLayer(text: "b", timeRange: r(0, 1), placement: .anchor(.topRight, marginX: 0.1, marginY: 0),
                      animation: .slide(from: .left, duration: t(1, 2))),
            TextLayer(text: "c", timeRange: r(0, 1), animation: .pop(duration: t(1, 3))),
        ]
        video.assOverlays = [ASSOverlay(contents: "[Script Info]\n", timeOffset: t(5))]
        #expect(try VideoComposition(jsonData: try video.jsonData()) == video)
    }

    @Test func anchorsKnowTheirRowAndColumn() {
        #expect(TextPlacement.Anchor.allCases.map { "\($0.row)\($0.column)" }
                == ["00", "01", "02", "10", "11", "12", "20", "21", "22"])
    }
}
