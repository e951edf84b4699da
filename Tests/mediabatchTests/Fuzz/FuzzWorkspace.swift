import Foundation
import Testing

/// The folder every fuzz case runs in: the generated media its seed manifests name (kept pristine in memory so a
/// case can damage a copy), a data table, captions, a timeline and a font that is a named pipe; `reset` puts it back
/// between cases, so each case sees the same files whatever ran before it.
struct FuzzWorkspace {
    let directory: URL
    /// The undamaged bytes of each media file, by name.
    let media: [String: [UInt8]]
    /// The seed manifests: the corpus's, then the repository's example.
    let seeds: [(name: String, text: String)]
    /// The corpus's timeline (OpenTimelineIO), written as `timelineName` for the seed `timelineSeed` names it.
    let timeline: String
    /// The corpus's command lines and mutation tokens.
    let argumentLines: [[String]]
    let dictionary: [String]

    /// The corpus in the repository (small text only).
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FuzzCorpus")
    }

    /// Makes the media once (ffmpeg) and reads the corpus.
    init() throws {
        let directory = try CommandRunner.temporaryDirectory("fuzz-harness")
        self.directory = directory
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        try TestMedia.clip(at: path("clip.mp4"))
        try TestMedia.picture(at: path("logo.png"))
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-ar", "48000", "-c:a", "pcm_s16le",
                              path("tone.wav")])
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:duration=3", "-c:a", "aac", "-b:a", "32k",
                              path("bed.m4a")])
        var media: [String: [UInt8]] = [:]
        for name in Self.mediaNames { media[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name)))) }
        self.media = media
        let manifests = Self.corpus.appendingPathComponent("manifests")
        var seeds: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: manifests.path).sorted() where name.hasSuffix(".yaml") {
            seeds.append((name, try String(contentsOf: manifests.appendingPathComponent(name), encoding: .utf8)))
        }
        let example = CommandRunner.presetsDirectory.deletingLastPathComponent().appendingPathComponent("manifests/spring.yaml")
        seeds.append(("spring.yaml", try String(contentsOf: example, encoding: .utf8)))
        self.seeds = seeds
        timeline = try String(contentsOf: Self.corpus.appendingPathComponent("timelines/cut.otio"), encoding: .utf8)
        argumentLines = try String(contentsOf: Self.corpus.appendingPathComponent("arguments.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        dictionary = try String(contentsOf: Self.corpus.appendingPathComponent("dictionary.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        try reset()
    }

    /// The media files the seeds name.
    static let mediaNames = ["clip.mp4", "logo.png", "tone.wav", "bed.m4a"]
    /// The timeline file's name in the workspace, and the seed manifest that names it.
    static let timelineName = "cut.otio", timelineSeed = "timeline.yaml"

    /// The seed manifest that names the timeline.
    var timelineManifest: (name: String, text: String) {
        seeds.first { $0.name == Self.timelineSeed } ?? seeds[0]
    }

    /// Puts every file back: pristine media, the table, the captions, the piped font; no `out`.
    func reset() throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: directory.path) {
            try manager.removeItem(at: directory.appendingPathComponent(name))
        }
        for (name, bytes) in media { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        try CommandRunner.write("n,headline\n1,Hello\n2,World\n", to: "rows.csv", in: directory)
        try CommandRunner.write(timeline, to: Self.timelineName, in: directory)
        try CommandRunner.write("1\n00:00:00,000 --> 00:00:00,500\nHi\n\n2\n00:00:00,500 --> 00:00:01,000\nThere\n",
                                to: "cues.srt", in: directory)
        try manager.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.appendingPathComponent("fonts/Brand.otf").path, 0o600) == 0)
        // The example's media and table (copies: a case must never reach the repository), where its manifest
        // looks for them.
        let example = CommandRunner.presetsDirectory.deletingLastPathComponent().appendingPathComponent("manifests")
        for folder in ["media", "data"] {
            try manager.copyItem(at: example.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
    }

    /// Writes one case's files.
    func write(_ fuzzCase: FuzzCase) throws {
        try CommandRunner.write(fuzzCase.manifest, to: "m.yaml", in: directory)
        if let timeline = fuzzCase.timeline { try CommandRunner.write(timeline, to: Self.timelineName, in: directory) }
        for (name, bytes) in fuzzCase.damagedMedia {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
    }
}
