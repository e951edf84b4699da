import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Expansion: vars, data tables, matrices and templates into resolved `OutputSpec`s, and presets.
struct ManifestExpansionTests {
    /// Loads a manifest that must be free of diagnostics.
    func outputs(_ manifest: String, files: [String: String] = [:], presetOverride: String? = nil) throws
        -> (ManifestFixture, [OutputSpec]) {
        let fixture = try ManifestFixture(manifest, files: files)
        let set = fixture.load(presetOverride: presetOverride)
        #expect(fixture.messages(set) == "")
        return (fixture, set.outputs)
    }

    @Test func varsOnly() throws {
        let (fixture, specs) = try outputs("""
            mediabatch: 1
            vars: { product: shoes, season: spring }
            outputs:
              - name: "{season}-{product}"
                vars: { product: bags }
                clips: ["media/{product}.mp4"]
            """)
        #expect(specs.map(\.name) == ["spring-bags"])
        #expect(specs.first?.variables == ["product": "bags", "season": "spring"])
        #expect(specs.first?.clips.map(\.source) == [.file(path: fixture.path("media/bags.mp4"))])
    }

    static let tables: [(file: String, text: String)] = [
        ("products.csv", "\u{FEFF}product,headline\r\nshoes,\"Run, \"\"fast\"\"\"\r\nbag,Carry it\r\n"),
        ("products.json", #"[{"product": "shoes", "headline": "Run, \"fast\""}, {"product": "bag", "headline": "Carry it"}]"#),
        ("products.yaml", "- product: shoes\n  headline: 'Run, \"fast\"'\n- { product: bag, headline: Carry it }\n"),
    ]

    @Test(arguments: tables)
    func dataTimesMatrixTimesTemplate(table: (file: String, text: String)) throws {
        let (fixture, specs) = try outputs("""
            mediabatch: 1
            templates:
              promo:
                transition: { type: crossfade, duration: 0.5s }
                title: { text: "from the template" }
                soundtrack: { source: bed.m4a, volume: 0.5 }
            outputs:
              - name: "promo-{product}-{aspect}-{lang}"
                template: promo
                data: \(table.file)
                matrix: { aspect: [16x9, 9x16], lang: [en, de] }
                title: { text: "{headline} ({lang})" }
                clips: ["{product}.mp4"]
            """, files: [table.file: table.text])
        #expect(specs.map(\.name) == [
            "promo-shoes-16x9-en", "promo-shoes-16x9-de", "promo-shoes-9x16-en", "promo-shoes-9x16-de",
            "promo-bag-16x9-en", "promo-bag-16x9-de", "promo-bag-9x16-en", "promo-bag-9x16-de",
        ])
        let first = try #require(specs.first)
        // The output's `title` replaces the template's; the template's other keys stay.
        #expect(first.titles.map(\.text) == [#"Run, "fast" (en)"#])
        #expect(first.transition?.kind == .crossfade)
        #expect(first.transition?.duration == t(1, 2))
        #expect(first.soundtrack?.volume == 0.5)
        #expect(first.soundtrack?.source == .file(path: fixture.path("bed.m4a")))
        #expect(specs.last?.titles.map(\.text) == ["Carry it (de)"])
        #expect(specs.last?.clips.map(\.source) == [.file(path: fixture.path("bag.mp4"))])
        #expect(specs.last?.variables == ["product": "bag", "headline": "Carry it", "aspect": "9x16", "lang": "de"])
    }

    @Test func templateKeysAreOverriddenKeyByKeyNotMerged() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            defaults: { template: promo }
            templates:
              promo:
                intro: { source: a.mp4, to: 1s }
                soundtrack: { source: bed.m4a, volume: 0.5, fade_in: 1s }
            outputs:
              - name: x
                soundtrack: { source: bed.m4a }
                clips: [b.mp4]
            """)
        let spec = try #require(specs.first)
        #expect(spec.intro?.to == t(1))
        // The whole `soundtrack` mapping is the output's: the template's volume and fade do not leak in.
        #expect(spec.soundtrack?.volume == 1)
        #expect(spec.soundtrack?.fadeIn == .zero)
    }

    @Test(arguments: [
        ("a{{b}}-{x}", "a{b}-1"),
        ("{{{x}}}", "{1}"),
        ("}}{{", "}{"),
    ])
    func literalBraces(text: String, expected: String) throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            vars: { x: "1" }
            outputs:
              - name: n
                title: { text: "\(text)" }
                clips: [a.mp4]
            """)
        #expect(specs.first?.titles.first?.text == expected)
    }

    @Test(arguments: [
        ("16x9", "web-1080p", 1920, 1080), ("9x16", "web-1080p", 1080, 1920), ("1x1", "web-1080p", 1920, 1920),
        ("9:16", "web-720p", 720, 1280), ("4x5", "web-1080p", 1536, 1920),
    ])
    func presetAspectFromAVariable(aspect: String, preset: String, width: Int, height: Int) throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            outputs:
              - name: "v-{n}"
                matrix: { aspect: ["\(aspect)"], n: [1] }
                preset: { base: \(preset), aspect: "{aspect}" }
                clips: [a.mp4]
            """)
        let video = try #require(specs.first?.settings.video)
        #expect((video.width, video.height) == (width, height))
    }

    @Test func variablesInEveryString() throws {
        let (fixture, specs) = try outputs("""
            mediabatch: 1
            sources:
              music: "audio/{lang}.m4a"
            outputs:
              - name: "{lang}/promo"
                vars: { lang: de, logo: brand }
                out: "renders/{lang}"
                background: "{colour}"
                metadata: { title: "Promo {lang}" }
                intro: { source: "intro-{lang}.mp4", to: "{cut}" }
                clips:
                  - { source: "media/{lang}.mp4", from: "{cut}", crop: { x: "{left}", width: 50% } }
                soundtrack: { source: music, volume: "{gain}" }
                overlays: [{ image: "{logo}.png", region: { x: 1%, width: 10% } }]
                title: { text: "Hallo {lang}", position: "{where}" }
                matrix: { cut: [2s], left: [10%], colour: ["#102030"], gain: [-6dB], where: [top] }
            """)
        let spec = try #require(specs.first)
        #expect(spec.name == "de/promo")
        #expect(spec.outDirectory == fixture.path("renders/de"))
        #expect(spec.outputPath == fixture.path("renders/de/de/promo.mp4"))
        #expect(spec.background == "#102030")
        #expect(spec.settings.metadata == ["title": "Promo de"])
        #expect(spec.intro?.source == .file(path: fixture.path("intro-de.mp4")))
        #expect(spec.intro?.to == t(2))
        #expect(spec.clips.first?.source == .file(path: fixture.path("media/de.mp4")))
        #expect(spec.clips.first?.from == t(2))
        #expect(spec.clips.first?.crop == RegionSpec(x: .percent(10), y: .pixels(0), width: .percent(50), height: nil))
        // A named source is filled with the variables of the output using it.
        #expect(spec.soundtrack?.source == .file(path: fixture.path("audio/de.m4a")))
        #expect(abs((spec.soundtrack?.volume ?? 0) - 0.501187) < 1e-6)
        #expect(spec.overlays.first?.source == .file(path: fixture.path("brand.png")))
        #expect(spec.titles.first?.text == "Hallo de")
        #expect(spec.titles.first?.position == "top")
    }

    @Test func outputOrderFollowsEntriesThenRows() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            outputs:
              - { name: "b-{n}", matrix: { n: [2, 1] }, clips: [a.mp4] }
              - { name: a, clips: [a.mp4] }
              - { name: "c-{k}", data: rows.csv, clips: [a.mp4] }
            """, files: ["rows.csv": "k\nz\ny\n"])
        #expect(specs.map(\.name) == ["b-2", "b-1", "a", "c-z", "c-y"])
    }

    @Test func outputDirectories() throws {
        let fixture = try ManifestFixture(files: ["one/manifest.yaml": """
            mediabatch: 1
            defaults: { out: ../out/spring }
            outputs:
              - { name: a, clips: [a.mp4] }
              - { name: b, out: here, clips: [a.mp4] }
              - { name: c, out: /srv/abs, clips: [a.mp4] }
            """, "two.yaml": """
            mediabatch: 1
            outputs:
              - { name: d, clips: [a.mp4], preset: webm }
            """])
        let set = ManifestSet.load(paths: [fixture.path("one/manifest.yaml"), fixture.path("two.yaml")],
                                   options: ManifestSet.Options(presetDirectories: [Repository.presets]))
        #expect(fixture.messages(set) == "")
        #expect(set.outputs.map { fixture.relative($0.outputPath) } == [
            "out/spring/a.mp4", "one/here/b.mp4", "/srv/abs/c.mp4", "out/d.webm",
        ])
    }

    @Test func inlinePresetOverride() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            outputs:
              - name: square
                preset: { base: web-1080p, video: { width: 1080, height: 1080, speed: veryfast, crf: 23 } }
                clips: [a.mp4]
            """)
        let settings = try #require(specs.first?.settings)
        #expect(settings.name == "web-1080p")
        #expect(settings.container == .mp4)
        #expect(settings.video == ExportSettings.Video(codec: .h264, width: 1080, height: 1080, frameRate: FrameRate(30), crf: 23,
                                                       maxBitRate: 10_000_000, speed: "veryfast", pixelFormat: "yuv420p"))
        #expect(settings.audio == ExportSettings.Audio(codec: .aac, bitRate: 192_000, sampleRate: 48_000, channels: 2))
        #expect(settings.faststart)
    }

    @Test func presetOverrideOptionWinsOverEveryManifestChoice() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            defaults: { preset: hq-1080p }
            outputs:
              - { name: a, clips: [a.mp4] }
              - { name: b, preset: webm, clips: [a.mp4] }
            """, presetOverride: "draft")
        #expect(specs.map(\.settings.name) == ["draft", "draft"])
        #expect(specs.map { $0.settings.video?.width } == [960, 960])
    }

    @Test func presetBaseChain() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            presets:
              mine: { base: passthrough, video: { crf: 18 } }
            outputs:
              - { name: a, preset: passthrough, clips: [a.mp4] }
              - { name: b, preset: mine, clips: [a.mp4] }
            """)
        let settings = specs.map(\.settings)
        #expect(settings.map(\.name) == ["passthrough", "mine"])
        #expect(settings.map(\.passthrough) == [true, true])
        #expect(settings.map { $0.video?.crf } == [21, 18])
        #expect(settings.map { $0.video?.width } == [1920, 1920])
    }

    @Test(arguments: [("web-1080p", "90f", t(3)), ("draft", "45f", t(3, 2)), ("web-1080p", "1001/30000", t(1001, 30000))])
    func framesCountAtThePresetsRate(preset: String, time: String, expected: MediaTime) throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            outputs:
              - { name: a, preset: \(preset), clips: [{ source: a.mp4, from: \(time) }] }
              - { name: b, preset: { base: \(preset), video: { fps: 25 } }, clips: [{ source: a.mp4, from: 100f }] }
            """)
        #expect(specs.first?.clips.first?.from == expected)
        #expect(specs.last?.clips.first?.from == t(4))
    }

    @Test func namedSourcesArePathsNotFurtherNames() throws {
        let (fixture, specs) = try outputs("""
            mediabatch: 1
            sources: { a: b.mp4, b.mp4: a, same.mp4: same.mp4 }
            outputs:
              - { name: x, clips: [a, b.mp4, same.mp4] }
            """)
        #expect(specs.first?.clips.map(\.source) == ["b.mp4", "a", "same.mp4"].map { .file(path: fixture.path($0)) })
    }

    @Test func generatorsAndNamedSources() throws {
        let (_, specs) = try outputs("""
            mediabatch: 1
            sources:
              bars: { generate: testpattern, duration: 5s, size: 640x360, fps: 25 }
              beep: { generate: tone, duration: 1s, frequency: 440 }
              other: { output: x }
            outputs:
              - { name: x, clips: [bars, beep] }
              - { name: y, clips: [other] }
            """)
        let bars = GeneratedSource(kind: .testpattern, duration: t(5), width: 640, height: 360, frameRate: FrameRate(25))
        var beep = GeneratedSource(kind: .tone, duration: t(1), width: 0, height: 0)
        beep.frequency = 440
        #expect(specs.first?.clips.map(\.source) == [.generator(bars), .generator(beep)])
        #expect(specs.last?.dependencies == ["x"])
    }
}
