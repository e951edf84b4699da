import Foundation
import LibAV
@testable import MediaBatch
import Render
import Report
import Testing

/// `mediabatch cache`: what the cache folder holds (kept segments, how many this build reads, when they were used;
/// downloaded sources), and `--clear`, which removes the kept segments and nothing a running render writes.
@Suite(.serialized)
struct CacheCommandTests {
    /// Runs `mediabatch cache ARGUMENTS --cache cache` in `directory`.
    static func cache(_ arguments: [String], in directory: URL) throws -> CommandRunner.Result {
        try CommandRunner.run(["cache", "--cache", "cache"] + arguments, in: directory)
    }

    @Test func itCountsTheSegmentsEachBuildKeptAndTheDownloadedSources() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let cache = directory.appendingPathComponent("cache")
        _ = try SegmentCacheRunTests.render(directory, cache: "cache")
        // One entry kept by another version of the tool, and one downloaded source.
        let other = SegmentStore(cacheDirectory: cache.path, toolVersion: "0.0.9", byteLimit: 1 << 30)
        other.publish(other.stage(SegmentStoreStagingTests.key, SegmentStoreStagingTests.segment))
        other.finishWrites()
        let download = cache.appendingPathComponent("sha256/ab/ab01.mp4")
        try FileManager.default.createDirectory(at: download.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 1, count: 1500).write(to: download)
        // Known times of use: the oldest entry on 2025-12-31 23:59, the others on 2026-01-02 03:04.
        let entries = try SegmentCacheRunTests.entries(cache)
        try #require(entries.count == 6)
        for (number, entry) in entries.enumerated() {
            let used = number == 0 ? Date(timeIntervalSince1970: 1_767_225_540) : Date(timeIntervalSince1970: 1_767_323_040)
            try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: entry.path)
        }
        let bytes = try entries.reduce(0) { sum, entry in
            try sum + (FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int ?? 0)
        }
        let result = try Self.cache([], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            cache folder  cache
            segments      6 kept, \(ReportText.bytes(Int64(bytes))); last used 2026-01-02 03:04 UTC, least recently 2025-12-31 23:59 UTC
                          5 made by this build of mediabatch; 1 by other builds or codec libraries (not read by this one)
            downloads     1 source file, 1.5 kB

            """)
        let json = try Self.cache(["--json"], in: directory)
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(fields["segments"] as? Int == 6)
        #expect(fields["segmentsOfThisBuild"] as? Int == 5)
        #expect(fields["segmentBytes"] as? Int == bytes)
        #expect(fields["downloads"] as? Int == 1)
        #expect(fields["leastRecentlyUsed"] as? String == "2025-12-31T23:59:00Z")
    }

    @Test func clearRemovesTheKeptSegmentsAndLeavesWhatRunsAreWriting() throws {
        let directory = try SharedSegmentTests.makeBatch()
        let cache = directory.appendingPathComponent("cache")
        let first = try SegmentCacheRunTests.render(directory, cache: "cache")
        let entries = try SegmentCacheRunTests.entries(cache)
        try #require(entries.count == 5)
        let bytes = try entries.reduce(0) { sum, entry in
            try sum + (FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int ?? 0)
        }
        // A segment a running render has staged but not published yet.
        let staged = cache.appendingPathComponent("segments/tmp/staged-running")
        try Data([1, 2, 3]).write(to: staged)

        let cleared = try Self.cache(["--clear"], in: directory)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stdout
            == "removed 5 kept segments (\(ReportText.bytes(Int64(bytes)))) from cache; downloaded sources stay\n")
        #expect(try SegmentCacheRunTests.entries(cache).isEmpty)
        #expect(FileManager.default.fileExists(atPath: staged.path))
        #expect(try Self.cache([], in: directory).stdout
            == "cache folder  cache\nsegments      none kept\ndownloads     none kept\n")
        // The next run takes nothing from the folder and writes the same bytes.
        let again = try SegmentCacheRunTests.render(directory, cache: "cache")
        #expect(SegmentCacheRunTests.cached(in: again.report).isEmpty)
        #expect(again.files == first.files)
    }

    @Test func aFolderNoRunKeptSegmentsInIsNotMade() throws {
        let directory = try CommandRunner.temporaryDirectory("cache-command-empty")
        for arguments in [[], ["--clear"]] {
            let result = try Self.cache(arguments, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("cache").path))
        #expect(try Self.cache(["--clear", "--json"], in: directory).stdout
            == "{\"folder\":\"cache\",\"removedBytes\":0,\"removedSegments\":0}\n")
    }
}
