import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// The parts of an entry that read no variable are decoded once and reused for its other outputs: what depends on
/// a variable (directly, through a named source, or through the preset's frame rate) must still differ per output.
struct ExpansionReuseTests {
    @Test func partsReadingVariablesDifferPerOutput() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            sources:
              music: "audio/{lang}.m4a"
              bars: { generate: testpattern, duration: 300f }
            templates:
              promo:
                intro: { source: bars, to: 30f }
                soundtrack: music
                overlays: [{ image: logo.png, region: { x: 1%, width: 10% }, at: 15f }, { image: "{lang}.png", region: { width: 5% } }]
            outputs:
              - name: "p-{lang}-{fps}"
                template: promo
                matrix: { lang: [en, de], fps: [25, 50] }
                preset: { base: web-1080p, video: { fps: "{fps}" } }
                clips: [{ source: bars, from: 60f }, "{lang}.mp4"]
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        let specs = set.outputs
        #expect(specs.map(\.name) == ["p-en-25", "p-en-50", "p-de-25", "p-de-50"])
        #expect(specs.map { $0.soundtrack?.source } == ["en", "en", "de", "de"].map { .file(path: fixture.path("audio/\($0).m4a")) })
        #expect(specs.map { $0.overlays.last?.source } == ["en", "en", "de", "de"].map { .file(path: fixture.path("\($0).png")) })
        #expect(specs.map { $0.clips.last?.source } == ["en", "en", "de", "de"].map { .file(path: fixture.path("\($0).mp4")) })
        // Frame counts follow each output's own rate, even in parts that read no variable.
        #expect(specs.map { $0.intro?.to } == [t(6, 5), t(3, 5), t(6, 5), t(3, 5)])
        #expect(specs.map { $0.overlays.first?.at } == [t(3, 5), t(3, 10), t(3, 5), t(3, 10)])
        #expect(specs.map { $0.clips.first?.from } == [t(12, 5), t(6, 5), t(12, 5), t(6, 5)])
        let bars = specs.map { spec -> MediaTime? in
            if case .generator(let generator) = spec.intro?.source { return generator.duration }
            return nil
        }
        #expect(bars == [t(12), t(6), t(12), t(6)])
    }

    @Test func placeholderNamingASourceThatReadsVariables() throws {
        // Both outputs resolve the clip to the same text, `{ source: music, to: 1s }`, yet read different files.
        let fixture = try ManifestFixture("""
            mediabatch: 1
            sources:
              music: "audio/{lang}.m4a"
            outputs:
              - name: "q-{lang}"
                vars: { pick: music }
                matrix: { lang: [en, de] }
                clips: [{ source: "{pick}", to: 1s }]
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        #expect(set.outputs.map { $0.clips.first?.source } == ["en", "de"].map { .file(path: fixture.path("audio/\($0).m4a")) })
    }

    @Test func problemsInSharedPartsAreReportedAndMarkTheOutputInvalid() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            templates:
              promo:
                transition: { type: crossfade, duration: 2x }
            outputs:
              - name: "p-{n}"
                template: promo
                matrix: { n: [1, 2] }
                clips: [a.mp4]
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == """
            manifest.yaml:4:46: error: invalid time '2x'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'duration')
                transition: { type: crossfade, duration: 2x }
                                                         ^
            """)
        #expect(set.outputs.map(\.name) == ["p-1", "p-2"])
        #expect(set.invalidOutputs.contains("p-1"))
        // The unreadable duration leaves the default, for every output.
        #expect(set.outputs.map { $0.transition?.kind } == [.crossfade, .crossfade])
        #expect(set.outputs.map { $0.transition?.duration } == [t(1, 2), t(1, 2)])
    }
}
