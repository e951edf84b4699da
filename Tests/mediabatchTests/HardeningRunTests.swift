import Foundation
import Testing

/// Issue 14 through the built binary, the parts `run` shows: the output folder's lock, writes that never follow a
/// link, up to date only while the file is the one written, and reports whose exit status cannot hide a failure.
@Suite struct HardeningRunTests {
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 64, height: 48, fps: 15 }, audio: { bitrate: 32k } }

        """

    static func batch(_ name: String, outputs: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(header + "outputs:\n" + outputs, to: "m/batch.yaml", in: directory)
        return directory
    }

    static let one = "  - { name: a, clips: [ { source: { generate: testpattern, duration: 1s } } ] }\n"

    static func report(_ directory: URL, in folder: String = "out") throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(folder)/report.json"))
        let outputs = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["outputs"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: outputs.map { ($0["name"] as? String ?? "", $0) })
    }

    static func attributes(_ url: URL) throws -> (size: Int, inode: Int) {
        let values = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((values[.size] as? NSNumber)?.intValue ?? -1, (values[.systemFileNumber] as? NSNumber)?.intValue ?? -1)
    }

    /// Finding 3: a run holds the folder's lock from before it decides what is up to date until its report is
    /// written; a second run waits, saying for whom, or with `--no-wait` exits 75 at once.
    @Test func aSecondRunWaitsForTheLockOrFailsFast() throws {
        let directory = try Self.batch("lock", outputs: Self.one)
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Hold the lock the way another run would.
        let descriptor = open(out.appendingPathComponent(".mediabatch.lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        _ = Array("4242\n".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        let fast = try GuardedRun.run(["run", "m", "--out", "out", "--no-wait"], in: directory)
        #expect(fast.status == 75)
        #expect(fast.stderr == "mediabatch: error: another mediabatch run (pid 4242) is writing '\(out.standardizedFileURL.path)'; wait for it to finish, or run without '--no-wait' to wait\n")

        let waiting = try GuardedRun(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        let deadline = Date().addingTimeInterval(30)
        while !waiting.stderrSoFar.contains("waiting for") && Date() < deadline { usleep(20_000) }
        #expect(waiting.stderrSoFar == "mediabatch: note: waiting for another mediabatch run (pid 4242) to finish with '\(out.standardizedFileURL.path)'; '--no-wait' fails at once instead\n")
        #expect(waiting.process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("a.mp4").path))
        flock(descriptor, LOCK_UN)
        close(descriptor)
        let result = waiting.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.report(directory)["a"]?["status"] as? String == "rendered")
    }

    /// Finding 3: two runs forcing the same output take turns, so the file, its recorded fingerprint and the
    /// report describe the same file, and the next run trusts it.
    @Test func concurrentRunsLeaveFileFingerprintAndReportInAgreement() throws {
        let directory = try Self.batch("agree", outputs: Self.one)
        let first = try GuardedRun(["run", "m", "--out", "out", "--force"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        let second = try GuardedRun(["run", "m", "--out", "out", "--force"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(first.finish().status == 0)
        #expect(second.finish().status == 0)
        let file = directory.appendingPathComponent("out/a.mp4")
        let facts = try Self.attributes(file)
        let sidecar = try String(contentsOf: directory.appendingPathComponent("out/.a.mp4.fingerprint"), encoding: .utf8)
        let recorded = try #require(sidecar.split(separator: "\n").first { $0.hasPrefix("file ") }).split(separator: " ")
        #expect(Int(recorded[1]) == facts.size)
        #expect(recorded[3].hasSuffix(":\(facts.inode)"))
        #expect(try Self.report(directory)["a"]?["byteSize"] as? Int == facts.size)
        let again = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(try Self.report(directory)["a"]?["status"] as? String == "up-to-date", "\(again.stderr)")
    }

    /// Finding 5 (and 2): a link planted at a poster's or an output's name is replaced by the new file, never
    /// written through; nothing is written outside `out`.
    @Test func linksAtOutputNamesAreReplacedNotFollowed() throws {
        let directory = try Self.batch("links", outputs: Self.one)
        try CommandRunner.write("precious", to: "victim-poster.txt", in: directory)
        try CommandRunner.write("precious", to: "victim-output.txt", in: directory)
        let posters = directory.appendingPathComponent("out/posters")
        try FileManager.default.createDirectory(at: posters, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: posters.appendingPathComponent("a.jpg").path,
                                                   withDestinationPath: "../../victim-poster.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out/a.mp4").path,
                                                   withDestinationPath: "../victim-output.txt")
        let before = GuardedRun.filesOutsideOut(directory)
        let result = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(result.status == 0, "\(result.stderr)")
        for victim in ["victim-poster.txt", "victim-output.txt"] {
            #expect(try String(contentsOf: directory.appendingPathComponent(victim), encoding: .utf8) == "precious")
        }
        for path in ["out/posters/a.jpg", "out/a.mp4"] {
            let type = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)[.type]
            #expect(type as? FileAttributeType == .typeRegular, "\(path)")
        }
        let jpeg = try Data(contentsOf: posters.appendingPathComponent("a.jpg"))
        #expect(jpeg.prefix(2) == Data([0xFF, 0xD8]))
        #expect(GuardedRun.filesOutsideOut(directory) == before)
    }

    /// Finding 6: an output truncated, modified or deleted since it was written is rendered again, and the run says
    /// why; a copy with the same bytes is the file written; its dependents, built from the good file, stay up to date.
    @Test func upToDateMeansTheFileIsTheOneWritten() throws {
        let directory = try Self.batch("verify", outputs: Self.one + "  - { name: b, clips: [ { source: { output: a }, to: 0.5s } ] }\n")
        let first = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(first.status == 0, "\(first.stderr)")
        let a = directory.appendingPathComponent("out/a.mp4")
        let written = try Self.attributes(a).size

        let handle = try FileHandle(forWritingTo: a)
        try handle.truncate(atOffset: 5000)
        try handle.close()
        let truncated = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        let reason = "the file changed since it was written (5000 bytes, \(written) written)"
        #expect(truncated.stdout.contains("a: rendered 1.00s in "))
        #expect(truncated.stdout.contains("; \(reason)\n"))
        var report = try Self.report(directory)
        #expect(report["a"]?["renderReason"] as? String == reason)
        #expect(report["b"]?["status"] as? String == "up-to-date")
        #expect(try Self.attributes(a).size == written)

        // The same bytes under a new inode (a restored copy) are the file written; a dependent deleted is not.
        let copy = directory.appendingPathComponent("copy.mp4")
        try FileManager.default.copyItem(at: a, to: copy)
        #expect(rename(copy.path, a.path) == 0)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("out/b.mp4"))
        let restored = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(restored.status == 0)
        report = try Self.report(directory)
        #expect(report["a"]?["status"] as? String == "up-to-date")
        #expect(report["b"]?["renderReason"] as? String == "the file is missing")

        // One byte changed in place, at the same size.
        let middle = UInt64(written / 2)
        let bytes = try FileHandle(forUpdating: a)
        try bytes.seek(toOffset: middle)
        let old = try #require(try bytes.read(upToCount: 1)?.first)
        try bytes.seek(toOffset: middle)
        try bytes.write(contentsOf: Data([old ^ 0xFF]))
        try bytes.close()
        let modified = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(modified.status == 0)
        report = try Self.report(directory)
        #expect(report["a"]?["renderReason"] as? String == "the file was replaced or modified since it was written")
        #expect(report["b"]?["status"] as? String == "up-to-date")
    }

    /// Finding 8: a report that cannot be written exits 73, never 0, even with everything up to date.
    @Test func aFailedReportWriteIsNeverExitZero() throws {
        let directory = try Self.batch("report", outputs: Self.one)
        #expect(try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB).status == 0)
        let json = directory.appendingPathComponent("out/report.json")
        try FileManager.default.removeItem(at: json)
        try FileManager.default.createDirectory(at: json, withIntermediateDirectories: true)
        let result = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(result.status == 73)
        #expect(result.stdout.hasSuffix("report: not written into out\n"))
        #expect(result.stderr == "mediabatch: error: cannot write the report: cannot write '\(json.standardizedFileURL.path)': Is a directory\n")

        let empty = try GuardedRun.run(["run", "m", "--out", ""], in: directory)
        #expect(empty.status == 64)
        #expect(empty.stderr == "mediabatch: error: '--out' needs a directory, not an empty string\nrun 'mediabatch run --help' for usage\n")
    }

    /// Findings 4, 8 and 9: a FIFO source fails its output without stalling the run; when every output fails
    /// before rendering, the report still goes to the manifest's `out`; names from the manifest reach the terminal
    /// and the reports escaped.
    @Test func outputsThatFailAtLoadAreReportedInTheirFolder() throws {
        let directory = try CommandRunner.temporaryDirectory("load")
        try CommandRunner.write(Self.header.replacingOccurrences(of: "out: out", with: "out: ../results") + """
            outputs:
              - { name: piped, clips: [ { source: ../media/pipe.mp4 } ] }
              - { name: gone, clips: [ { source: "../media/\\e[2Jgone.mp4" } ] }

            """, to: "m/batch.yaml", in: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("media"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.appendingPathComponent("media/pipe.mp4").path, 0o600) == 0)
        let result = try GuardedRun.run(["run", "m"], in: directory, seconds: 30)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        let report = try Self.report(directory, in: "results")
        #expect((report["piped"]?["failure"] as? [String: Any])?["stage"] as? String == "probe")
        #expect((report["gone"]?["failure"] as? [String: Any])?["stage"] as? String == "load")
        #expect(result.stderr.contains("/media/\\x1B[2Jgone.mp4' not found"))
        #expect(result.stdout.contains("/media/ [2Jgone.mp4' not found"))
        for text in [result.stdout, result.stderr] + (try ["report.md", "report.html", "report.xml"].map {
            try String(contentsOf: directory.appendingPathComponent("results/\($0)"), encoding: .utf8)
        }) {
            #expect(!text.unicodeScalars.contains("\u{1B}"))
        }
    }
}
