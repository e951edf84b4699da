import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Gradient generators in manifests: their keys, their stops, their size, and gradient backgrounds.
struct JobBuilderGradientTests {
    /// The generator behind the first video track of output `x`.
    static func generator(_ job: Job, track: Int = 0) throws -> GeneratedSource {
        let tracks = job.composition.tracks(withMediaType: .video)
        let url = try #require(tracks[track].segments.first { !$0.isEmpty }?.sourceURL)
        return try #require(GeneratedSource(url: url))
    }

    @Test func gradientStopsSpreadLikeCSSAndTheGradientFillsTheCanvas() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips:
              - { source: { generate: linear-gradient, duration: 2s, angle: 45,
                            colors: ["#ff0000", { color: white, at: 40% }, black, blue, { color: green, at: 100% }] } }
            """, preset: "social-vertical"))
        let gradient = try Self.generator(try fixture.job("x"))
        #expect(gradient.kind == .linearGradient && gradient.angle == 45)
        #expect(gradient.stops.map(\.color) == ["#ff0000", "white", "black", "blue", "green"])
        #expect(zip(gradient.stops.map(\.position), [0, 0.4, 0.6, 0.8, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(gradient.width == 1080 && gradient.height == 1920)
    }

    @Test func radialGradientKeepsItsCentreAndRadiusThroughItsURL() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [ { source: { generate: radial-gradient, duration: 2s, size: 640x480, colors: [white, black],
                                 center: { x: 30%, y: 60% }, radius: 75% } } ]
            """))
        let gradient = try Self.generator(try fixture.job("x"))
        #expect(gradient.kind == .radialGradient && gradient.width == 640 && gradient.height == 480)
        #expect(gradient.centerX == 0.3 && gradient.centerY == 0.6 && gradient.radius == 0.75)
    }

    @Test func gradientBackgroundIsTheBottomTrackForTheWholeOutput() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            defaults:
              background: { generate: linear-gradient, colors: [navy, teal] }
              preset: { base: web-1080p, video: { upscale: true } }
            outputs:
              - name: x
                clips: [ { source: a.mp4, to: 2s }, { source: b.mp4, to: 3s } ]
                transition: { type: fade, duration: 1s }
              - name: plain
                background: "#102030"
                clips: [a.mp4]
            """)
        let job = try fixture.job("x")
        let tracks = job.composition.tracks(withMediaType: .video)
        #expect(tracks.count == 3)
        let background = try Self.generator(job, track: 2)
        #expect(background.kind == .linearGradient && background.duration == t(4))
        #expect(background.width == 1920 && background.height == 1080)
        let bottom = job.videoComposition?.instructions.map { $0.layerInstructions.last?.trackID }
        #expect(bottom?.allSatisfy { $0 == tracks[2].trackID } == true)
        let plain = try fixture.job("plain")
        #expect(plain.composition.tracks(withMediaType: .video).count == 1)
        #expect(plain.videoComposition?.backgroundColor == Color(red: 16.0 / 255, green: 32.0 / 255, blue: 48.0 / 255))
    }

    @Test(arguments: [
        ("{ generate: linear-gradient, duration: 1s }",
         "manifest.yaml:5:24: error: linear-gradient needs 'colors', such as ['#1e3c72', '#2a5298']"),
        ("{ generate: linear-gradient, duration: 1s, colors: [red] }",
         "manifest.yaml:5:75: error: 'colors' needs at least two colours to blend"),
        ("{ generate: linear-gradient, duration: 1s, colors: [red, blue], center: { x: 10% } }",
         "manifest.yaml:5:96: error: 'center' applies to a radial-gradient; a linear-gradient takes 'angle'"),
        ("{ generate: radial-gradient, duration: 1s, colors: [red, blue], angle: 30 }",
         "manifest.yaml:5:95: error: 'angle' applies to a linear-gradient; a radial-gradient takes 'center' and 'radius'"),
        ("{ generate: radial-gradient, duration: 1s, colors: [red, blue], radius: 200px }",
         "manifest.yaml:5:96: error: a gradient's 'radius' is in percent of the picture's shorter side, such as '50%'"),
        ("{ generate: linear-gradient, duration: 1s, colors: [{ color: red, at: 60% }, { color: blue, at: 20% }] }",
         "manifest.yaml:5:101: error: gradient stops must not go backwards (20% after 60%)"),
        ("{ generate: linear-gradient, duration: 1s, colors: [red, { color: blue, at: 1.5 }] }",
         "manifest.yaml:5:100: error: invalid stop position '1.5'; use percent from 0% to 100%"),
        ("{ generate: testpattern, duration: 1s, colors: [red, blue] }",
         "manifest.yaml:5:71: error: 'colors' applies to gradients, not to 'testpattern'"),
        ("{ generate: linear-gradient, duration: 1s, color: red, colors: [red, blue] }",
         "manifest.yaml:5:74: error: a linear-gradient takes 'colors' (a list), not 'color'"),
    ])
    func gradientMistakesAreReportedWhereTheyAreWritten(source: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [ { source: \(source) } ]"))
        let first = fixture.firstMessage()
        #expect(first == expected)
    }

    @Test func backgroundGeneratorsAreChecked() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            background: { generate: testpattern }
            """))
        #expect(fixture.firstMessage()
                == "manifest.yaml:6:29: error: unknown background generator 'testpattern'; expected one of 'color', 'linear-gradient', 'radial-gradient'")
    }
}
