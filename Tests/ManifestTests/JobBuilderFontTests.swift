import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Fonts named by titles and captions: files beside the manifest and installed families, checked when the job is
/// built (so `validate` reports them at the `font` key).
struct JobBuilderFontTests {
    @Test func fontFileIsResolvedAgainstTheManifestAndNamesItsFamily() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            title: { text: Hi, font: fonts/Brand-Bold.otf }
            captions: { file: subs.srt, font: dejavu sans mono }
            """), files: ["fonts/Brand-Bold.otf": "font: Brand Display", "subs.srt": JobBuilderTextTests.srt])
        let job = try fixture.job("x")
        let layers = try #require(job.videoComposition?.textLayers)
        #expect(layers.first?.style.fontFile == fixture.path("fonts/Brand-Bold.otf"))
        #expect(layers.first?.style.fontFamily == "Brand Display")
        // A family is spelled as installed, whatever its case and spaces in the manifest.
        #expect(layers.dropFirst().allSatisfy { $0.style.fontFamily == "DejaVu Sans Mono" && $0.style.fontFile == nil })
        // Font and caption files are part of the output's identity, like its media.
        #expect(job.sourceFiles.contains(fixture.path("fonts/Brand-Bold.otf")))
        #expect(job.sourceFiles.contains(fixture.path("subs.srt")))
    }

    @Test(arguments: [
        ("title: { text: Hi, font: DejaVu Sanz }", """
            manifest.yaml:6:30: error: unknown font family 'DejaVu Sanz'; did you mean 'DejaVu Sans'?
                title: { text: Hi, font: DejaVu Sanz }
                                         ^
            """),
        ("title: { text: Hi, font: Comic Sans }", """
            manifest.yaml:6:30: error: unknown font family 'Comic Sans'; installed families are 'DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif', 'Liberation Sans', 'Noto Sans CJK JP', 'Noto Serif CJK JP' and 1 more (`fc-list : family` lists them), or give a font file (.ttf, .otf, .ttc)
                title: { text: Hi, font: Comic Sans }
                                         ^
            """),
        ("title: { text: Hi, font: fonts/Missing.ttf }", """
            manifest.yaml:6:30: error: font file 'fonts/Missing.ttf' not found (resolved to 'fonts/Missing.ttf')
                title: { text: Hi, font: fonts/Missing.ttf }
                                         ^
            """),
        ("title: { text: Hi, font: fonts/notes.ttf }", """
            manifest.yaml:6:30: error: font file 'fonts/notes.ttf' cannot be read as a font; give a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file
                title: { text: Hi, font: fonts/notes.ttf }
                                         ^
            """),
        ("captions: { file: subs.srt, font: Helvetica }", """
            manifest.yaml:6:39: error: unknown font family 'Helvetica'; installed families are 'DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif', 'Liberation Sans', 'Noto Sans CJK JP', 'Noto Serif CJK JP' and 1 more (`fc-list : family` lists them), or give a font file (.ttf, .otf, .ttc)
                captions: { file: subs.srt, font: Helvetica }
                                                  ^
            """),
    ])
    func unusableFontsFailTheirOutputAtTheFontKey(line: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]\n" + line),
                                          files: ["fonts/notes.ttf": "not a font", "subs.srt": JobBuilderTextTests.srt])
        let problem = try fixture.problem("x")
        #expect(problem.stage == "load")
        #expect(fixture.relative(problem.description) == expected)
    }

    @Test(arguments: [
        ("title: { text: Hi, font: brand.woff2 }",
         "manifest.yaml:6:30: error: font file 'brand.woff2' is not TrueType or OpenType; give a .ttf, .otf or .ttc file"),
        ("title: { text: Hi, font: '' }",
         "manifest.yaml:6:30: error: 'font' is empty; give a family such as 'DejaVu Sans' or a font file such as 'fonts/Brand.otf'"),
        ("title: { text: Hi, size: 120% }",
         "manifest.yaml:6:30: error: invalid text size '120%'; use a fraction of the frame height from 0.005 to 1, percent of its shorter side such as '6%', or pixels such as '48px'"),
        ("title: { text: Hi, size: 48 }",
         "manifest.yaml:6:30: error: invalid text size '48'; use a fraction of the frame height from 0.005 to 1, percent of its shorter side such as '6%', or pixels such as '48px'"),
        ("title: { text: Hi, exit: melt }",
         "manifest.yaml:6:30: error: unknown exit 'melt'; expected one of 'none', 'fade', 'pop', 'zoom', 'typewriter', 'slide-left', 'slide-right', 'slide-up', 'slide-down', 'wipe-left', 'wipe-right', 'wipe-up', 'wipe-down'"),
        ("title: { text: Hi, exit: slide-top }",
         "manifest.yaml:6:30: error: unknown exit 'slide-top'; did you mean 'slide-up'?"),
        ("title: { text: Hi, exit: { type: fade, length: 1s } }",
         "manifest.yaml:6:44: error: unknown key 'length' in 'exit'"),
        ("title: { text: Hi, animate: fade, enter: pop }",
         "manifest.yaml:6:46: error: a title sets both 'animate' and 'enter'; use one"),
    ])
    func textKeyMistakesAreReportedWhereTheyAreWritten(line: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]\n" + line))
        let first = fixture.firstMessage()
        #expect(first == expected)
    }

    @Test(arguments: [
        ("{ base: web-1080p, video: { upscale: true } }", "6%", 0.06), ("social-vertical", "6%", 0.06 * 1080 / 1920), ("social-square", "6%", 0.06),
        ("{ base: web-1080p, video: { upscale: true } }", "54px", 0.05), ("social-vertical", "0.05", 0.05),
    ])
    func sizeInPercentIsOfTheShorterSideInEveryAspect(preset: String, size: String, expected: Double) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            title: { text: Hi, size: \(size) }
            captions: { file: subs.srt, size: \(size) }
            """, preset: preset), files: ["subs.srt": JobBuilderTextTests.srt])
        let layers = try #require(try fixture.job("x").videoComposition?.textLayers)
        #expect(layers.count == 4)
        for layer in layers { #expect(abs(layer.style.size - expected) < 1e-12, "\(layer.text): \(layer.style.size)") }
    }

    @Test(arguments: [
        ("animate: fade", TextAnimation.fade(duration: t(1, 2)), TextAnimation.fade(duration: t(1, 2))),
        ("animate: fade, exit: none", .fade(duration: t(1, 2)), .none),
        ("enter: pop, exit: slide-right, animate_duration: 1s", .pop(duration: t(1)), .slide(from: .right, duration: t(1))),
        ("animate: { type: typewriter, duration: 2s }, exit: { type: typewriter }", .typewriter(duration: t(2)),
         .typewriter(duration: t(1, 2))),
        ("exit: { type: slide-down, duration: 250ms }", .none, .slide(from: .bottom, duration: t(1, 4))),
        // `animate` names a slide by the edge it comes from, `enter` and `exit` by the way it moves.
        ("animate: slide-top", .slide(from: .top, duration: t(1, 2)), .none),
        ("enter: slide-up, exit: slide-left", .slide(from: .bottom, duration: t(1, 2)), .slide(from: .left, duration: t(1, 2))),
        ("enter: wipe-right, exit: { type: zoom, duration: 1s }", .wipe(toward: .right, duration: t(1, 2)), .zoom(duration: t(1))),
    ])
    func titlesEnterAndExit(keys: String, entrance: TextAnimation, exit: TextAnimation) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            title: { text: Hi, \(keys) }
            """))
        let layer = try #require(try fixture.job("x").videoComposition?.textLayers.first)
        #expect(layer.animation == entrance)
        #expect(layer.exit == exit)
    }
}
