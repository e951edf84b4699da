import Foundation
import Testing

/// What a segment's key records, seen through runs of the binary: a transition into an unchanged clip is kept
/// across runs like the clip, and two outputs that differ only in what fills behind a picture, or in its look, share
/// nothing.
@Suite struct SegmentKeyRunTests {
    /// A batch of two outputs, `a` and `b`: a 2 s intro, a 3 s colour clip and a 2 s outro at 12 fps, joined by
    /// 1 s crossfades (12 frames, long enough to be segments of their own); `clip` adds keys to `b`'s clip.
    static func makeBatch(clip: String = "") throws -> URL {
        let directory = try CommandRunner.temporaryDirectory("segment-keys")
        try makeSource(directory, "intro", pattern: "testsrc2")
        try makeSource(directory, "outro", pattern: "smptebars")
        try CommandRunner.write(manifest([output("a", clip: "intro.mp4"), output("b", clip: "intro.mp4\(clip)")]),
                                to: "m/batch.yaml", in: directory)
        return directory
    }

    /// A 2 s 320x180 12 fps H.264 clip of the lavfi `pattern`, with a tone.
    static func makeSource(_ directory: URL, _ name: String, pattern: String) throws {
        try MediaCheck.make(directory.appendingPathComponent("m/\(name).mp4"), [
            "-f", "lavfi", "-i", "\(pattern)=size=320x180:rate=12:duration=2", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y"])
    }

    /// The bytes of `names` after a forced run with `cache`, and the segments each took from earlier runs.
    static func render(_ directory: URL, cache: String, only: String? = nil,
                       names: [String] = ["a", "b"]) throws -> (files: [String: Data], cached: [String: [String]]) {
        let out = directory.appendingPathComponent("out-\(cache)")
        try? FileManager.default.removeItem(at: out)
        let result = try CommandRunner.run(["run", "m", "--force", "--jobs", "1", "--cache", cache, "--out", out.path]
                                               + (only.map { ["--only", $0] } ?? []), in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        var files: [String: Data] = [:]
        for name in names { files[name] = FileManager.default.contents(atPath: out.appendingPathComponent("\(name).mp4").path) }
        let json = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let report = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
        return (files, SharedSegmentTests.segments("cachedSegments", in: report))
    }

    @Test func aCrossfadeIntoAnUnchangedClipIsKeptAcrossRunsWithTheBytesOfAnEmptyCache() throws {
        let directory = try Self.makeBatch()
        _ = try Self.render(directory, cache: "cache")
        // The outro changes: its crossfade is rendered again, the intro's crossfade into the clip is not.
        try Self.makeSource(directory, "outro", pattern: "rgbtestsrc")
        let again = try Self.render(directory, cache: "cache")
        let fresh = try Self.render(directory, cache: "empty")
        #expect(again.files == fresh.files, "the cached run differs from a render with an empty cache")
        #expect(fresh.files.count == 2)
        let crossfades = again.cached.mapValues { $0.filter { $0.hasPrefix("intro.mp4+intro.mp4") } }
        #expect(crossfades.count == 2 && crossfades.values.allSatisfy { $0.count == 1 }, "\(again.cached)")
        #expect(!again.cached.values.joined().contains { $0.contains("outro") }, "\(again.cached)")
    }

    /// An output with a title over the 2 s its 4 s clip shows alone (2-4 s), in a font file beside the manifest.
    static func makeTitledBatch(title: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory("titled-keys")
        try makeSource(directory, "intro", pattern: "testsrc2")
        try makeSource(directory, "outro", pattern: "smptebars")
        try MediaCheck.make(directory.appendingPathComponent("m/clip.mp4"), [
            "-f", "lavfi", "-i", "mandelbrot=size=320x180:rate=12", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-y"])
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                                         toPath: directory.appendingPathComponent("m/Brand.ttf").path)
        try writeTitledManifest(directory, title: title)
        return directory
    }

    static func writeTitledManifest(_ directory: URL, title: String) throws {
        let titled = output("a", clip: "clip.mp4")
            + "    title: { text: \"\(title)\", at: 2s, duration: 2s, font: Brand.ttf, animate: typewriter }\n"
        try CommandRunner.write(manifest([titled]), to: "m/batch.yaml", in: directory)
    }

    /// A batch of `outputs` in the 180x320 12 fps preset `small`.
    static func manifest(_ outputs: [String]) -> String {
        """
        mediabatch: 1
        defaults: { out: out }
        presets:
          small: { base: draft, aspect: 9x16, video: { width: 180, height: 320, fps: 12, speed: veryfast }, audio: { bitrate: 64k } }
        outputs:

        """ + outputs.joined()
    }

    /// Output `name`: the intro, `clip` (a file, and any further keys of the clip) and the outro, joined by 1 s
    /// crossfades.
    static func output(_ name: String, clip: String) -> String {
        """
          - name: \(name)
            preset: small
            intro: { source: intro.mp4, fit: contain, transition: { type: crossfade, duration: 1s } }
            outro: { source: outro.mp4, transition: { type: crossfade, duration: 1s } }
            clips: [ { source: \(clip), fit: contain } ]

        """
    }

    /// The titled stretch's kept segment is taken by a run after the outro changed, with the bytes of an empty
    /// cache; after the title's text changes, or its font file, it is rendered again.
    @Test func aTitledStretchIsKeptAcrossRunsUntilItsTextOrFontChanges() throws {
        let directory = try Self.makeTitledBatch(title: "Spring")
        func titled(_ cached: [String: [String]]) -> [String] { (cached["a"] ?? []).filter { $0.hasSuffix(" with text") } }
        _ = try Self.render(directory, cache: "cache", names: ["a"])

        try Self.makeSource(directory, "outro", pattern: "rgbtestsrc")
        // What a re-run would take from the cache: the intro, its crossfade into the clip and the titled clip (48 of
        // the 72 frames at 12 fps).
        let dry = try CommandRunner.run(["run", "m", "--dry-run", "--cache", "cache", "--out",
                                         directory.appendingPathComponent("out-cache").path], in: directory)
        #expect(dry.stdout.hasPrefix(
            "render      a  source 'm/outro.mp4' changed; 4.0 s of its 6.0 s of video kept by earlier runs\n"), "\(dry.stdout)")
        let outro = try Self.render(directory, cache: "cache", names: ["a"])
        #expect(titled(outro.cached).count == 1, "\(outro.cached)")
        #expect(outro.files == (try Self.render(directory, cache: "empty-1", names: ["a"])).files)

        try Self.writeTitledManifest(directory, title: "Summer")
        let text = try Self.render(directory, cache: "cache", names: ["a"])
        #expect(titled(text.cached).isEmpty, "\(text.cached)")
        #expect(text.files == (try Self.render(directory, cache: "empty-2", names: ["a"])).files)
        #expect(text.files != outro.files)

        // Keys name files by content: a font file touched is the same font; another font in its place is not.
        let font = directory.appendingPathComponent("m/Brand.ttf").path
        let time = try FileManager.default.attributesOfItem(atPath: font)[.modificationDate] as? Date ?? Date()
        try FileManager.default.setAttributes([.modificationDate: time.addingTimeInterval(10)], ofItemAtPath: font)
        let touched = try Self.render(directory, cache: "cache", names: ["a"])
        #expect(titled(touched.cached).count == 1, "\(touched.cached)")
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", toPath: font)
        let replaced = try Self.render(directory, cache: "cache", names: ["a"])
        #expect(titled(replaced.cached).isEmpty, "\(replaced.cached)")
        #expect(!(replaced.cached["a"] ?? []).isEmpty, "the untitled stretches are still kept: \(replaced.cached)")
    }

    /// Keys name files by content, not path or time: a copy of the batch in another folder (another checkout, a
    /// fresh clone) takes every video segment from the cache the first one filled, with the same bytes.
    @Test func aCopyOfTheBatchElsewhereTakesItsSegmentsFromTheCache() throws {
        let directory = try Self.makeTitledBatch(title: "Spring")
        let first = try Self.render(directory, cache: "cache", names: ["a"])
        #expect((first.cached["a"] ?? []).isEmpty)
        let copy = try CommandRunner.temporaryDirectory("titled-keys-copy")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("m"), to: copy.appendingPathComponent("m"))
        try FileManager.default.createSymbolicLink(at: copy.appendingPathComponent("cache"),
                                                   withDestinationURL: directory.appendingPathComponent("cache"))
        let again = try Self.render(copy, cache: "cache", names: ["a"])
        #expect(again.files == first.files)
        #expect((again.cached["a"] ?? []).count == 5, "\(again.cached)")
    }

    @Test(arguments: [", fill: blur", ", look: { saturation: 0.5 }"])
    func outputsThatDifferOnlyInTheirFillOrLookShareNoSegment(keys: String) throws {
        let directory = try Self.makeBatch(clip: keys)
        let together = try Self.render(directory, cache: "together")
        let alone = try Self.render(directory, cache: "alone", only: "b", names: ["b"])
        let first = try Self.render(directory, cache: "first", only: "a", names: ["a"])
        #expect(together.files["b"] == alone.files["b"], "b took a segment drawn without its\(keys)")
        #expect(together.files["a"] == first.files["a"], "a took a segment drawn with b's\(keys)")
        #expect(together.files["a"] != together.files["b"])
    }
}
