import Foundation
import Testing

/// End-to-end runs of the built binary over small batches of generated sources.
@Suite(.serialized)
struct BatchRunTests {
    /// A tiny preset so renders take fractions of a second.
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 160, height: 96, fps: 15 }, audio: { bitrate: 64k } }

        """

    /// `count` independent outputs from generators, plus `extra` YAML.
    static func manifest(outputs names: [String], seconds: String = "1s", extra: String = "") -> String {
        var text = header + "outputs:\n"
        for name in names {
            text += "  - name: \(name)\n    clips: [ { source: { generate: testpattern, duration: \(seconds) } } ]\n"
        }
        return text + extra
    }

    static func report(_ directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("out/report.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func statuses(_ directory: URL) throws -> [String: String] {
        let outputs = try report(directory)["outputs"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: outputs.map { ($0["name"] as? String ?? "", $0["status"] as? String ?? "") })
    }

    static func partialFiles(_ directory: URL) -> [String] {
        let out = directory.appendingPathComponent("out")
        return ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.contains(".partial-") }
    }

    @Test func missingSourceFailsItsOutputAndSkipsItsDependents() throws {
        let directory = try CommandRunner.temporaryDirectory("missing")
        let extra = """
              - name: broken
                clips: [ { source: media/nothere.mp4 } ]
              - name: uses-broken
                clips: [ { source: { output: broken } } ]

            """
        try CommandRunner.write(Self.manifest(outputs: ["a", "b", "c"], extra: extra), to: "m/batch.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Self.statuses(directory) == ["a": "rendered", "b": "rendered", "c": "rendered", "broken": "failed",
                                                 "uses-broken": "skipped"])
        for name in ["a", "b", "c"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/\(name).mp4").path))
        }
        let junit = try String(contentsOf: directory.appendingPathComponent("out/report.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=") && junit.contains("name=\"broken\""))
        #expect(junit.contains("<failure message=\"source &apos;media/nothere.mp4&apos; not found"))
        #expect(junit.contains("<skipped message=\"dependency &apos;broken&apos; failed\""))
        #expect(result.stderr.contains("m/batch.yaml:13:24: error: source 'media/nothere.mp4' not found"))
    }

    @Test func secondRunWithNothingChangedRendersNothing() throws {
        let directory = try CommandRunner.temporaryDirectory("again")
        try CommandRunner.write(Self.manifest(outputs: ["one", "two"]), to: "m/batch.yaml", in: directory)
        let first = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let modified = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("out/one.mp4").path)[.modificationDate] as? Date
        let second = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(second.status == 0)
        #expect(try Self.statuses(directory) == ["one": "up-to-date", "two": "up-to-date"])
        // Facts measured at render time (loudness) still reach the report of an up-to-date output.
        let outputs = try Self.report(directory)["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.allSatisfy { ($0["loudnessLUFS"] as? Double)?.isFinite == true })
        let after = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("out/one.mp4").path)[.modificationDate] as? Date
        #expect(modified == after)
        let forced = try CommandRunner.run(["run", "m", "--out", "out", "--force", "--only", "one"], in: directory)
        #expect(forced.status == 0)
        // The folder's report still describes both outputs: 'two' is kept from the earlier run, marked as such.
        #expect(try Self.statuses(directory) == ["one": "rendered", "two": "up-to-date"])
        let report = try Self.report(directory)
        let entries = report["outputs"] as? [[String: Any]] ?? []
        let started = report["startedAt"] as? String ?? ""
        let checked = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", $0["checkedAt"] as? String ?? "") })
        #expect(checked["two"].map { $0 < started } == true && checked["one"].map { $0 >= started } == true)
    }

    @Test func cycleIsRefusedBeforeAnythingRenders() throws {
        let directory = try CommandRunner.temporaryDirectory("cycle")
        let text = Self.header + """
            outputs:
              - name: a
                clips: [ { source: { output: b } } ]
              - name: b
                clips: [ { source: { output: a } } ]

            """
        try CommandRunner.write(text, to: "m/batch.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("m/batch.yaml:6:11: error: dependency cycle: a -> b -> a"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    @Test func interruptedRunLeavesNoPartialFilesAndResumes() throws {
        let directory = try CommandRunner.temporaryDirectory("interrupt")
        let names = (1...6).map { "clip\($0)" }
        try CommandRunner.write(Self.manifest(outputs: names, seconds: "6s"), to: "m/batch.yaml", in: directory)
        let (process, out, err) = try CommandRunner.start(["run", "m", "--out", "out", "--jobs", "1"], in: directory)
        // Wait until the first output is done, then interrupt mid-batch.
        let first = directory.appendingPathComponent("out/clip1.mp4").path
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: first) && Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(Self.partialFiles(directory).isEmpty)
        let statuses = try Self.statuses(directory)
        #expect(statuses["clip1"] == "rendered")
        let cancelled = statuses.filter { $0.value == "cancelled" }.keys.sorted()
        #expect(!cancelled.isEmpty)
        for name in cancelled {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/\(name).mp4").path))
        }
        let resumed = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let after = try Self.statuses(directory)
        #expect(after.filter { $0.value == "rendered" }.keys.sorted() == cancelled)
        #expect(after.filter { $0.value == "up-to-date" }.count == names.count - cancelled.count)
    }

    @Test func threeShardsMergedMakeTheSameOutputsAsOneRun() throws {
        let directory = try CommandRunner.temporaryDirectory("shards")
        let extra = """
              - name: teaser
                clips: [ { source: { output: a }, to: 0.5s } ]

            """
        try CommandRunner.write(Self.manifest(outputs: ["a", "b", "c", "d", "e"], extra: extra), to: "m/batch.yaml", in: directory)
        var files: [String] = []
        for shard in 1...3 {
            let result = try CommandRunner.run(["run", "m", "--shard", "\(shard)/3", "--out", "shard\(shard)"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            files += try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("shard\(shard)").path)
                .filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }
        }
        #expect(files.sorted() == ["a.mp4", "b.mp4", "c.mp4", "d.mp4", "e.mp4", "teaser.mp4"])
        let merged = try CommandRunner.run(["report", "merge", "shard1", "shard2", "shard3", "--out", "out"], in: directory)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Self.statuses(directory) == ["a": "rendered", "b": "rendered", "c": "rendered", "d": "rendered",
                                                 "e": "rendered", "teaser": "rendered"])
        // Paths in the merged report are relative to it and lead to the shards' files.
        let outputs = try Self.report(directory)["outputs"] as? [[String: Any]] ?? []
        for output in outputs {
            let path = output["path"] as? String ?? ""
            #expect(path.hasPrefix("../shard"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").appendingPathComponent(path).path))
        }
    }

    @Test func leftoversOfAKilledRunAreRemovedWhenTheOutputIsRenderedAgain() throws {
        let directory = try CommandRunner.temporaryDirectory("killed")
        try CommandRunner.write(Self.manifest(outputs: ["one"]), to: "m/batch.yaml", in: directory)
        // A process that no longer exists left this behind (no pid is this large).
        try CommandRunner.write("half a file", to: "out/.one.partial-2147483646.mp4", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.partialFiles(directory).isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/one.mp4").path))
    }
}
