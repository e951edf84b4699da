import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// A temporary directory holding one test's manifest and its side files, removed when the fixture goes away.
final class ManifestFixture {
    /// The directory, absolute, without a trailing slash.
    let directory: String

    /// A fresh directory with `manifest` written to `manifest.yaml` and every entry of `files` next to it.
    init(_ manifest: String? = nil, files: [String: String] = [:]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        directory = base.standardizedFileURL.path
        if let manifest { try write("manifest.yaml", manifest) }
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Writes `text` to `name` (relative to the directory), creating folders.
    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes raw bytes.
    func write(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    /// The absolute path of `name`.
    func path(_ name: String) -> String { directory + "/" + name }

    /// The manifest path.
    var manifestPath: String { path("manifest.yaml") }

    /// Reads the manifest with the repository's presets.
    func load(presetOverride: String? = nil) -> ManifestSet {
        ManifestSet.load(paths: [manifestPath],
                         options: ManifestSet.Options(presetDirectories: [Repository.presets], presetOverride: presetOverride))
    }

    /// Every diagnostic's full text, one after another, with the fixture directory taken out of paths.
    func messages(_ set: ManifestSet) -> String {
        relative(set.diagnostics.map(\.description).joined(separator: "\n"))
    }

    /// The first line of the manifest's first diagnostic (its located message), nil when it has none.
    func firstMessage() -> String? {
        messages(load()).split(separator: "\n").first.map(String.init)
    }

    /// `text` with this fixture's directory removed from paths.
    func relative(_ text: String) -> String {
        text.replacingOccurrences(of: directory + "/", with: "")
    }

    /// Builds every output of the manifest into jobs with a fake probe over `media` (file name -> media).
    func build(_ set: ManifestSet, media: [String: ProbedMedia] = FakeProbe.standard) throws -> [String: Result<Job, JobProblems>] {
        for name in media.keys where !FileManager.default.fileExists(atPath: path(name)) { try write(name, "") }
        let builder = JobBuilder(catalog: SourceCatalog(probe: FakeProbe(media: media, directory: directory), fonts: FakeFonts()),
                                 manifests: set.files)
        var built: [String: Job] = [:]
        var results: [String: Result<Job, JobProblems>] = [:]
        for spec in set.outputs {
            let result = builder.build(spec, built: built)
            if case .success(let job) = result { built[spec.name] = job }
            results[spec.name] = result
        }
        return results
    }

    /// Loads the manifest, requires it to be free of diagnostics, and builds the job named `name`.
    func job(_ name: String, media: [String: ProbedMedia] = FakeProbe.standard) throws -> Job {
        let set = load()
        #expect(messages(set) == "")
        let result = try #require(try build(set, media: media)[name])
        switch result {
        case .success(let job): return job
        case .failure(let problem):
            Issue.record("output '\(name)' failed: \(relative(problem.description))")
            throw problem
        }
    }

    /// Loads the manifest (free of diagnostics) and returns the build problem of output `name`.
    func problem(_ name: String, media: [String: ProbedMedia] = FakeProbe.standard) throws -> JobProblems {
        let set = load()
        #expect(messages(set) == "")
        let result = try #require(try build(set, media: media)[name])
        guard case .failure(let problem) = result else {
            Issue.record("output '\(name)' was built but a problem was expected")
            throw CancellationError()
        }
        return problem
    }
}

/// The repository checkout, found from this file's path.
enum Repository {
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let presets = root + "/presets"
}

/// A source probe answering from a table by file name: the Manifest layer plans, it never reads media.
struct FakeProbe: SourceProbe {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    let media: [String: ProbedMedia]
    let directory: String

    func probe(path: String) throws -> ProbedMedia {
        let name = path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
        guard var found = media[name] else { throw Unreadable(description: "no media known for '\(name)'") }
        found.path = path
        return found
    }

    static func seconds(_ value: Int64, _ scale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: scale) }

    /// 10 s of 1280x720 30 fps video with stereo audio.
    static let clip = ProbedMedia(path: "", formatName: "mov,mp4,m4a,3gp,3g2,mj2", duration: seconds(10), byteSize: 1000, streams: [
        ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: seconds(10), timeBase: MediaTime(value: 1, timescale: 15360),
                     width: 1280, height: 720, frameRate: FrameRate(30)),
        ProbedStream(index: 1, mediaType: .audio, codecName: "aac", duration: seconds(10), timeBase: MediaTime(value: 1, timescale: 48000),
                     sampleRate: 48000, channels: 2),
    ])
    /// A 400x200 PNG still.
    static let still = ProbedMedia(path: "", formatName: "png_pipe", duration: .indefinite, byteSize: 100, streams: [
        ProbedStream(index: 0, mediaType: .video, codecName: "png", duration: .indefinite, width: 400, height: 200,
                     pixelFormat: "rgba", isStillImage: true),
    ])
    /// 4 s of stereo audio.
    static let bed = ProbedMedia(path: "", formatName: "mov,mp4,m4a,3gp,3g2,mj2", duration: seconds(4), byteSize: 100, streams: [
        ProbedStream(index: 0, mediaType: .audio, codecName: "aac", duration: seconds(4), timeBase: MediaTime(value: 1, timescale: 48000),
                     sampleRate: 48000, channels: 2),
    ])

    /// The media most tests use: `a.mp4`, `b.mp4`, `c.mp4` (clips), `logo.png` (still), `bed.m4a` (audio only).
    static let standard: [String: ProbedMedia] = ["a.mp4": clip, "b.mp4": clip, "c.mp4": clip, "logo.png": still, "bed.m4a": bed]
}

/// Fonts answered from a fixed list: the Manifest layer checks fonts, it never loads them.
struct FakeFonts: FontProbe {
    struct NotAFont: Error {}

    static let families = ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Sans", "Noto Sans CJK JP",
                           "Noto Serif CJK JP", "Ubuntu"]

    func installedFamilies() -> [String] { Self.families }

    /// A file whose text is `font: FAMILY` is a font of that family; anything else is not.
    func face(inFile path: String) throws -> FontFace {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard text.hasPrefix("font: ") else { throw NotAFont() }
        let family = String(text.dropFirst(6))
        return FontFace(family: family, style: "Regular", fullName: family, faceCount: 1)
    }
}

/// Shorthand for exact times in expectations: `t(5, 2)` is 2.5 s.
func t(_ value: Int64, _ scale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: scale) }
