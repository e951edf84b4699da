import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Titles, captions and anchored logos from manifests into the video composition's text layers and overlay layers.
struct JobBuilderTextTests {
    static let srt = """
        1
        00:00:00,500 --> 00:00:01,500
        Before the trim

        2
        00:00:03,000 --> 00:00:04,000
        Inside the trim

        3
        00:00:04,500 --> 00:00:06,000
        Across the out point

        """

    @Test func titleBecomesATextLayerWithItsLookPlacementAndAnimation() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 6s }]
            title: { text: "Hello", at: 1s, duration: 2s, position: top-left, animate: slide-right, animate_duration: 0.25s,
                     size: 0.1, color: "#ff0000", outline: "#000000", box: "#00000080", bold: true }
            """))
        let layer = try #require(try fixture.job("x").videoComposition?.textLayers.first)
        #expect(layer.text == "Hello")
        #expect(layer.timeRange == TimeRange(start: t(1), end: t(3)))
        #expect(layer.placement == .anchored(.topLeft))
        #expect(layer.animation == .slide(from: .right, duration: t(1, 4)))
        #expect(layer.style.size == 0.1 && layer.style.bold)
        #expect(layer.style.color == Color(red: 1, green: 0, blue: 0))
        #expect(layer.style.boxColor == Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(layer.style.outlineColor == Color(red: 0, green: 0, blue: 0) && layer.style.outlineWidth > 0)
    }

    @Test func titleRegionIsInCanvasPixelsAndTitlesEndWithTheOutput() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 4s }]
            title: { text: "Wrap me", at: 3s, region: { x: 10%, y: 50%, width: 50%, height: 20% } }
            """))
        let layer = try #require(try fixture.job("x").videoComposition?.textLayers.first)
        #expect(layer.placement == .region(Rect(x: 192, y: 540, width: 960, height: 216)))
        #expect(layer.timeRange == TimeRange(start: t(3), end: t(4)))
    }

    @Test func clipCaptionsMoveAndTrimWithTheClip() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips:
              - { source: b.mp4, to: 1s }
              - { source: a.mp4, from: 2s, to: 5s, captions: { file: subs.srt, position: top, size: 0.04 } }
            """), files: ["subs.srt": Self.srt])
        let layers = try #require(try fixture.job("x").videoComposition?.textLayers)
        // The clip plays source 2-5 s at output 1-4 s: the cue before the trim is gone, the one inside moves by
        // -1 s, the one across the out point is cut there.
        #expect(layers.map(\.text) == ["Inside the trim", "Across the out point"])
        #expect(layers.map(\.timeRange) == [TimeRange(start: t(2), end: t(3)), TimeRange(start: t(7, 2), end: t(4))])
        #expect(layers.allSatisfy { $0.placement == .anchored(.top) && $0.style.size == 0.04 })
    }

    @Test func outputCaptionsShiftByTheirOffset() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            captions: { file: subs.vtt, offset: 1.5s }
            """), files: ["subs.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nFirst\n\n00:08.000 --> 00:09.000\nLast\n"])
        let layers = try #require(try fixture.job("x").videoComposition?.textLayers)
        #expect(layers.map(\.text) == ["First", "Last"])
        #expect(layers.map(\.timeRange) == [TimeRange(start: t(3, 2), end: t(5, 2)), TimeRange(start: t(19, 2), end: t(10))])
    }

    @Test(arguments: [
        ("subs.srt", "1\n00:00:01,000 --> 00:00:00,500\nBackwards\n",
         "manifest.yaml:6:23: error: subs.srt:2: cue ends at '00:00:00,500' before it starts at '00:00:01,000'"),
        ("missing.srt", nil,
         "manifest.yaml:6:23: error: captions 'missing.srt' not found (resolved to 'missing.srt')"),
    ])
    func badCaptionFilesFailTheirOutput(file: String, text: String?, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            captions: { file: \(file) }
            """), files: text.map { [file: $0] } ?? [:])
        let problem = try fixture.problem("x")
        #expect(problem.stage == "load")
        let line = fixture.relative(problem.description).split(separator: "\n").first.map(String.init)
        #expect(line == expected)
    }

    @Test(arguments: [
        ("top-right", Rect(x: 1920 - 43.2 - 192, y: 43.2, width: 192, height: 96)),
        ("bottom-left", Rect(x: 43.2, y: 1080 - 43.2 - 96, width: 192, height: 96)),
        ("center", Rect(x: 864, y: 492, width: 192, height: 96)),
    ])
    func anchoredLogoKeepsItsMarginFromTheShorterSide(anchor: String, expected: Rect) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            overlays: [{ image: logo.png, anchor: \(anchor), margin: 4%, region: { width: 10% } }]
            """))
        let job = try fixture.job("x")
        let logo = try #require(job.composition.tracks(withMediaType: .video).first)
        let layer = try #require(job.videoComposition?.instructions.first?.layerInstructions.first)
        #expect(layer.trackID == logo.trackID)
        let transform = layer.transform(at: .zero)
        let crop = layer.cropRectangle(at: .zero)
        let origin = transform.apply(x: crop.x, y: crop.y)
        let corner = transform.apply(x: crop.x + crop.width, y: crop.y + crop.height)
        for (value, wanted) in [(origin.x, expected.x), (origin.y, expected.y), (corner.x, expected.x + expected.width),
                                (corner.y, expected.y + expected.height)] {
            #expect(abs(value - wanted) < 1e-9, "\(anchor): \(value) vs \(wanted)")
        }
    }

    @Test func logoOpacityFollowsItsRamps() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            overlays: [{ image: logo.png, region: { width: 10% }, opacity: [{ at: 0s, value: 0 }, { from: 1s, to: 3s, start: 0, end: 0.8 }] }]
            """))
        let layer = try #require(try fixture.job("x").videoComposition?.instructions.first?.layerInstructions.first)
        #expect(layer.opacity(at: t(1, 2)) == 0)
        #expect(abs(layer.opacity(at: t(2)) - 0.4) < 1e-9)
        #expect(abs(layer.opacity(at: t(5)) - 0.8) < 1e-9)
    }
}

/// Mistakes in the text and logo keys, reported where they are written.
struct TextManifestErrorTests {
    @Test(arguments: [
        ("title: { text: Hi, position: top-rigth }",
         "manifest.yaml:6:34: error: unknown position 'top-rigth'; did you mean 'top-right'?"),
        ("title: { text: Hi, animate: wobble }",
         "manifest.yaml:6:33: error: unknown animation 'wobble'; expected one of 'none', 'fade', 'slide', 'slide-left', 'slide-right', 'slide-top', 'slide-bottom', 'pop', 'typewriter'"),
        ("title: { text: Hi, colour: red }",
         "manifest.yaml:6:24: error: unknown key 'colour' in title; did you mean 'color'?"),
        ("captions: { offset: 1s }",
         "manifest.yaml:6:15: error: captions needs 'file'"),
        ("overlays: [{ image: logo.png, anchor: upper-left, region: { width: 10% } }]",
         "manifest.yaml:6:43: error: unknown anchor 'upper-left'; expected one of 'bottom', 'bottom-left', 'bottom-right', 'center', 'left', 'right', 'top', 'top-left', 'top-right'"),
    ])
    func reportsTextAndLogoMistakes(line: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]\n" + line))
        let first = fixture.messages(fixture.load()).split(separator: "\n").first.map(String.init)
        #expect(first == expected)
    }
}

/// Keys inside templates are checked even when no output uses the template yet.
struct UnusedTemplateTests {
    @Test func misspelledKeysInAnUnusedTemplateAreReported() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            templates:
              unused:
                clips: [ { source: a.mp4, form: 1s } ]
                title: { text: Hi, colr: red }
            outputs:
              - name: a
                clips: [a.mp4]
            """)
        #expect(fixture.messages(fixture.load()) == """
            manifest.yaml:4:31: error: unknown key 'form' in clip; did you mean 'from'?
                clips: [ { source: a.mp4, form: 1s } ]
                                          ^
            manifest.yaml:5:24: error: unknown key 'colr' in title; did you mean 'color'?
                title: { text: Hi, colr: red }
                                   ^
            """)
    }
}

/// How sped-up clips sound: pitch kept unless the manifest asks for varispeed.
struct TimePitchTests {
    @Test(arguments: [("", nil), ("time_pitch: varispeed", TimePitchAlgorithm.varispeed),
                      ("time_pitch: time-domain", .timeDomain)])
    func clipTracksFollowTimePitch(line: String, expected: TimePitchAlgorithm?) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 4s, speed: 2 }]
            soundtrack: bed.m4a
            \(line)
            """))
        let job = try fixture.job("x")
        let audio = job.composition.tracks(withMediaType: .audio)
        let clipTrack = try #require(audio.first), bed = try #require(audio.last)
        #expect(job.audioMix.parameters(forTrackID: clipTrack.trackID)?.timePitchAlgorithm == expected)
        #expect(job.audioMix.parameters(forTrackID: bed.trackID)?.timePitchAlgorithm == nil)
    }
}
