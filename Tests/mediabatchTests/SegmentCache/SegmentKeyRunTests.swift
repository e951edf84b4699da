import Foundation
import Testing

/// What a segment's key records, seen through runs of the binary: a transition into an unchanged clip is kept
/// across runs like the clip, and two outputs that differ only in what fills behind a picture share nothing.
@Suite struct SegmentKeyRunTests {
    /// A batch of two outputs, `a` and `b`: a 2 s intro, a 3 s colour clip and a 2 s outro at 12 fps, joined by
    /// 1 s crossfades (12 frames, long enough to be segments of their own); `clip` adds keys to `b`'s clip.
    static func makeBatch(clip: String = "") throws -> URL {
        let directory = try CommandRunner.temporaryDirectory("segment-keys")
        try makeSource(directory, "intro", pattern: "testsrc2")
        try makeSource(directory, "outro", pattern: "smptebars")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out }
            presets:
              small: { base: draft, aspect: 9x16, video: { width: 180, height: 320, fps: 12, speed: veryfast }, audio: { bitrate: 64k } }
            outputs:
              - name: a
                preset: small
                intro: { source: intro.mp4, fit: contain, transition: { type: crossfade, duration: 1s } }
                outro: { source: outro.mp4, transition: { type: crossfade, duration: 1s } }
                clips: [ { source: intro.mp4, fit: contain } ]
              - name: b
                preset: small
                intro: { source: intro.mp4, fit: contain, transition: { type: crossfade, duration: 1s } }
                outro: { source: outro.mp4, transition: { type: crossfade, duration: 1s } }
                clips: [ { source: intro.mp4, fit: contain\(clip) } ]

            """, to: "m/batch.yaml", in: directory)
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

    @Test func outputsThatDifferOnlyInTheirFillShareNoSegment() throws {
        let directory = try Self.makeBatch(clip: ", fill: blur")
        let together = try Self.render(directory, cache: "together")
        let alone = try Self.render(directory, cache: "alone", only: "b", names: ["b"])
        let first = try Self.render(directory, cache: "first", only: "a", names: ["a"])
        #expect(together.files["b"] == alone.files["b"], "b took a segment drawn without its blurred fill")
        #expect(together.files["a"] == first.files["a"], "a took a segment drawn with b's blurred fill")
        #expect(together.files["a"] != together.files["b"])
    }
}
