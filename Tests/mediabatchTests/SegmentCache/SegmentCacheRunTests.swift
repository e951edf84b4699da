import Foundation
import Testing

/// Encoded segments kept in the cache folder between runs: a later run takes the still stretches an earlier one
/// encoded (intro, clips, outro) and writes the bytes a render from an empty cache writes; damaged entries are found
/// and rendered again; past --cache-size the least recently used go; runs sharing the folder at once both finish
/// right; a folder that cannot be written is used without storing, and the run says so once.
@Suite(.serialized)
struct SegmentCacheRunTests {
    /// What a run left: the outputs' and their posters' bytes (a poster as `NAME.jpg`), the report and the terminal's
    /// text.
    typealias Run = (files: [String: Data], report: [String: Any], text: String)

    /// `mediabatch run m --force --jobs 1` with `--cache cache` (a folder of `directory`), into `out`.
    static func render(_ directory: URL, cache: String, out: String = "out") throws -> Run {
        let result = try CommandRunner.run(["run", "m", "--force", "--jobs", "1", "--cache", cache, "--out", out],
                                           in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return try collect(directory, out: out, text: result.stdout)
    }

    /// The outputs and report in `out`.
    static func collect(_ directory: URL, out: String, text: String = "") throws -> Run {
        let folder = directory.appendingPathComponent(out)
        var files: [String: Data] = [:]
        for name in SharedSegmentTests.names {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent("\(name).mp4").path)
            files[name + ".jpg"] = FileManager.default.contents(
                atPath: folder.appendingPathComponent("posters/\(name).jpg").path)
        }
        let json = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        return (files, try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:], text)
    }

    /// Each output's segments taken from earlier runs, by name.
    static func cached(in report: [String: Any]) -> [String: [String]] {
        SharedSegmentTests.segments("cachedSegments", in: report)
    }

    /// The entry files in a cache folder's `segments/`.
    static func entries(_ cache: URL) throws -> [URL] {
        let segments = cache.appendingPathComponent("segments")
        return try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.count == 2 }
            .flatMap { folder in
                try FileManager.default.contentsOfDirectory(atPath: segments.appendingPathComponent(folder).path)
                    .map { segments.appendingPathComponent(folder).appendingPathComponent($0) }
            }.sorted { $0.path < $1.path }
    }

    @Test(arguments: [false, true])
    func cachedSegmentsGiveTheBytesOfARenderFromAnEmptyCache(passthrough: Bool) throws {
        let directory = try SharedSegmentTests.makeBatch(passthrough: passthrough)
        let first = try Self.render(directory, cache: "cache")
        #expect(Self.cached(in: first.report).isEmpty)
        // Intro, outro and each output's clip: five still stretches; with passthrough the intro's start is copied
        // and the rest of it too short to be a stretch of its own.
        let kept = try Self.entries(directory.appendingPathComponent("cache")).count
        #expect(kept == (passthrough ? 4 : 5), "\(kept) entries")
        let again = try Self.render(directory, cache: "cache")
        let fresh = try Self.render(directory, cache: "empty")
        // The posters too: the pictures a kept segment's render captured travel with it.
        for name in SharedSegmentTests.names.flatMap({ [$0, $0 + ".jpg"] }) {
            let bytes = try #require(fresh.files[name])
            #expect(first.files[name] == bytes, "\(name): the first run differs from a render with an empty cache")
            #expect(again.files[name] == bytes, "\(name): the cached run differs from a render with an empty cache")
        }
        let cached = Self.cached(in: again.report)
        #expect(cached.count == 3, "\(cached)")
        // The first output takes its intro, clip and outro from the cache; the others take their own clip from it
        // and the intro and outro either from it or from the first output.
        #expect(cached.values.allSatisfy { $0.contains { $0.hasPrefix("outro.mp4") } }, "\(cached)")
        let seconds = (again.report["outputs"] as? [[String: Any]] ?? []).compactMap { $0["cachedSeconds"] as? Double }
        #expect(seconds.count == 3 && seconds.allSatisfy { $0 >= 1 }, "\(seconds)")
        #expect(again.text.contains("from earlier runs: "), "\(again.text)")
    }

    @Test func anOutputsPosterIsTheSameAloneAndInABatchThatSharesItsSegments() throws {
        let directory = try SharedSegmentTests.makeBatch()
        // In the batch, the later outputs take the intro and outro another output encoded, and with them the
        // pictures that output kept (its clip, a flat colour, is passed over for a poster); alone, each output
        // renders every frame itself. A poster frame no render kept is drawn as a render keeps it
        // (ExportSessionStillsTests.aStillRenderedAfterwardsHasTheKeptPixels).
        let batch = try Self.render(directory, cache: "cache-batch", out: "out-batch")
        for name in SharedSegmentTests.names {
            let result = try CommandRunner.run(["run", "m", "--force", "--only", name, "--cache", "cache-\(name)",
                                                "--out", "out-\(name)"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let alone = try Self.collect(directory, out: "out-\(name)")
            let poster = try #require(alone.files[name + ".jpg"])
            #expect(batch.files[name + ".jpg"] == poster, "\(name): the poster differs in the batch")
        }
    }

    @Test func aDamagedOrTruncatedEntryIsFoundAndRenderedAgain() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let cache = directory.appendingPathComponent("cache")
        let first = try Self.render(directory, cache: "cache")
        let files = try Self.entries(cache)
        try #require(files.count == 5)
        for (number, file) in files.enumerated() {
            var bytes = try Data(contentsOf: file)
            if number % 2 == 0 {
                bytes[bytes.count / 2] ^= 0x5a
            } else {
                bytes = bytes.prefix(bytes.count - 40)
            }
            try bytes.write(to: file)
        }
        let damaged = try Self.render(directory, cache: "cache")
        #expect(damaged.files == first.files)
        #expect(Self.cached(in: damaged.report).isEmpty, "\(Self.cached(in: damaged.report))")
        // Rendered again, the entries are whole again: the next run takes every still stretch from them.
        #expect(try Self.entries(cache).count == 5)
        let healed = try Self.render(directory, cache: "cache")
        #expect(healed.files == first.files)
        #expect(Self.cached(in: healed.report).count == 3)
    }

    /// x264 writes other bytes on other processor levels: a run held to SSE2 (`MEDIABATCH_CPU_FEATURES`) takes
    /// nothing a run with the machine's own features kept, and a second held run takes what the first one kept.
    @Test(.enabled(if: DeterminismTests.runsOnX86)) func entriesAreKeptPerProcessorFeatures() throws {
        let directory = try SharedSegmentTests.makeBatch()
        _ = try Self.render(directory, cache: "cache")
        func held() throws -> [String: [String]] {
            let result = try CommandRunner.run(
                ["run", "m", "--force", "--jobs", "1", "--cache", "cache", "--out", "held"], in: directory,
                environment: ["MEDIABATCH_CPU_FEATURES": "sse2"])
            #expect(result.status == 0, "\(result.stderr)")
            return Self.cached(in: try Self.collect(directory, out: "held").report)
        }
        #expect(try held().isEmpty)
        #expect(try held().count == 3)
    }

    /// Past `--cache-size` the least recently used entries go: a run of one output (which reads its intro, clip and
    /// outro) under a limit one byte short of the folder removes another output's clip, and keeps its own three.
    @Test func theFolderKeepsTheMostRecentlyUsedEntriesWithinItsSize() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let cache = directory.appendingPathComponent("cache")
        _ = try Self.render(directory, cache: "cache")
        let files = try Self.entries(cache)
        try #require(files.count == 5)
        var total = 0
        for file in files {
            total += try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: file.path)
        }
        func red(limit: Int) throws -> [String] {
            let result = try CommandRunner.run(["run", "m", "--force", "--only", "promo-red", "--cache", "cache",
                                                "--cache-size", "\(limit)", "--out", "red"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            return Self.cached(in: try Self.collect(directory, out: "red").report)["promo-red"] ?? []
        }
        #expect(try red(limit: total - 1).count == 3)
        let left = try Self.entries(cache).count
        #expect(left >= 3 && left < 5, "\(left) entries")
        #expect(try red(limit: total).count == 3)
        _ = try red(limit: 1024)
        #expect(try Self.entries(cache).isEmpty)
    }

    @Test func twoRunsSharingACacheAtOnceBothFinishRight() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let reference = try Self.render(directory, cache: "alone")
        let runs = try ["one", "two"].map { out in
            try CommandRunner.start(["run", "m", "--force", "--jobs", "1", "--cache", "shared", "--out", out],
                                    in: directory)
        }
        for (process, out, err) in runs {
            _ = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(stderr)")
        }
        for out in ["one", "two"] {
            #expect(try Self.collect(directory, out: out).files == reference.files, "\(out)")
        }
        let after = try Self.render(directory, cache: "shared", out: "three")
        #expect(after.files == reference.files)
        #expect(Self.cached(in: after.report).count == 3)
    }

    /// A run that stops at once (invalid manifests) while the build's digest is still being read on another thread
    /// (an empty cache folder: nothing remembered) exits with its status, never a crash: OpenSSL, which hashes, is
    /// not torn down under that thread. Crashed in about one run of ten before; 30 runs here.
    @Test func aRunThatStopsEarlyExitsCleanlyWhileTheBuildIsHashed() throws {
        let directory = try CommandRunner.temporaryDirectory("early-exit")
        try CommandRunner.write("mediabatch: 1\noutputs: [ { name: a, clips: [ ] ] }\n", to: "m/batch.yaml", in: directory)
        for attempt in 1...30 {
            let cache = directory.appendingPathComponent("cache-\(attempt)").path
            let result = try CommandRunner.run(["run", "m", "--cache", cache], in: directory)
            #expect(result.status == 2, "run \(attempt): \(result.status) \(result.stderr)")
        }
    }

    /// A cache folder the run cannot write: every output renders with the bytes of a cached run, no entry is written,
    /// and the run says so once. As root every folder is writable, so `/proc` stands for one there.
    @Test func aCacheFolderThatCannotBeWrittenIsUsedWithoutStoringAndSaidOnce() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let reference = try Self.render(directory, cache: "seeded")
        let seeded = directory.appendingPathComponent("seeded")
        let root = getuid() == 0
        let cache = root ? "/proc" : seeded.path
        if !root { try Self.setWritable(false, seeded) }
        defer { if !root { try? Self.setWritable(true, seeded) } }
        let before = try Self.entries(seeded).count
        let result = try CommandRunner.run(["run", "m", "--force", "--jobs", "1", "--cache", cache, "--out", "ro"],
                                           in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let notice = "mediabatch: warning: the cache folder '\(cache)' cannot be written: "
            + "segments are not kept for later runs"
        #expect(result.stderr.components(separatedBy: notice).count == 2, "\(result.stderr)")
        #expect(try Self.collect(directory, out: "ro").files == reference.files)
        #expect(try Self.entries(seeded).count == before)
        if !root { #expect(Self.cached(in: try Self.collect(directory, out: "ro").report).count == 3) }
    }

    /// Makes `folder` and the folders in it writable or not.
    static func setWritable(_ writable: Bool, _ folder: URL) throws {
        let segments = folder.appendingPathComponent("segments")
        let folders = [folder, segments] + (try FileManager.default.contentsOfDirectory(atPath: segments.path))
            .map { segments.appendingPathComponent($0) }
        for path in folders where (try? path.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            try FileManager.default.setAttributes([.posixPermissions: writable ? 0o755 : 0o555],
                                                  ofItemAtPath: path.path)
        }
    }
}
