import Foundation
import MediaTestSupport
import Testing

/// Incremental runs through the built binary: where an output is declared (its line, the path the manifest is named
/// by) and files that keep their bytes (touched, checked out again) render nothing again; an output read by another
/// that renders again to the same bytes leaves that one up to date; and an output that renders again says what
/// changed, in the report, on its `done` line and in `--dry-run`.
@Suite struct RenderReasonTests {
    /// One step of the batch's history: what is changed, how `run` is called and from which folder, and why each
    /// output renders (nil: up to date).
    struct Step: CustomStringConvertible, Sendable {
        var description: String
        var change: @Sendable (URL) throws -> Void
        var arguments: @Sendable (URL) -> [String]
        var folder = ""
        var one: String?
        var two: String?
        /// What `--dry-run` says of `two`, when checked.
        var plannedTwo: String? = nil
    }

    static let firstRender = "no earlier render is recorded"

    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 64, height: 48, fps: 15, crf: 28 }, audio: { bitrate: 32k } }
        outputs:
          - name: one
            clips: [ { source: ../a.mp4 } ]
            title: { text: "Hello", at: 0.2s, duration: 0.5s }
          - { name: two, clips: [ { source: { output: one }, to: 0.5s } ] }

        """

    static func edit(_ directory: URL, _ old: String, _ new: String) throws {
        let url = directory.appendingPathComponent("m/batch.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes every file under `directory` again with the same bytes: new inodes and times, as a fresh checkout of
    /// the batch with its outputs restored gives them.
    static func rewriteEveryFile(_ directory: URL) throws {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        for case let url as URL in files?.allObjects ?? [] where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let bytes = try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
            try bytes.write(to: url)
        }
    }

    static func makeSource(_ directory: URL, pattern: String) throws {
        let path = directory.appendingPathComponent("a.mp4").path
        try? FileManager.default.removeItem(atPath: path)
        _ = try MediaTool.ffmpeg(["-v", "error", "-f", "lavfi", "-i", "\(pattern)=size=64x48:rate=15:duration=1",
                                  "-c:v", "libx264", "-pix_fmt", "yuv420p", path])
    }

    static let steps: [Step] = [
        Step(description: "first run", change: { _ in }, arguments: { _ in ["run", "m", "--out", "out"] },
             one: firstRender, two: firstRender),
        Step(description: "a comment above the outputs, the folder named ./m",
             change: { try edit($0, "outputs:\n", "# the spring campaign\noutputs:\n") },
             arguments: { _ in ["run", "./m", "--out", "out"] }, one: nil, two: nil),
        Step(description: "absolute paths from another working directory", change: { _ in },
             arguments: { ["run", $0.appendingPathComponent("m/batch.yaml").path, "--out", $0.appendingPathComponent("out").path] },
             folder: "m", one: nil, two: nil),
        Step(description: "the title's text", change: { try edit($0, "Hello", "Hallo") },
             arguments: { _ in ["run", "m", "--out", "out"] },
             one: "its picture layout and its titles changed", two: "output 'one' changed"),
        Step(description: "the source file touched", change: { directory in
            let path = directory.appendingPathComponent("a.mp4").path
            let time = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? Date()
            try FileManager.default.setAttributes([.modificationDate: time.addingTimeInterval(10)], ofItemAtPath: path)
        }, arguments: { _ in ["run", "m", "--out", "out"] }, one: nil, two: nil),
        Step(description: "every file written again, as a fresh checkout with its outputs restored",
             change: { try rewriteEveryFile($0) }, arguments: { _ in ["run", "m", "--out", "out"] }, one: nil, two: nil),
        Step(description: "the source's pictures", change: { try makeSource($0, pattern: "testsrc") },
             arguments: { _ in ["run", "m", "--out", "out"] }, one: "source 'a.mp4' changed", two: "output 'one' changed"),
        Step(description: "the source read under another name, with the same bytes", change: { directory in
            try FileManager.default.copyItem(at: directory.appendingPathComponent("a.mp4"),
                                             to: directory.appendingPathComponent("b.mp4"))
            try edit(directory, "../a.mp4", "../b.mp4")
        }, arguments: { _ in ["run", "m", "--out", "out"] },
             one: "its clips, source 'b.mp4' (new) and source 'a.mp4' (no longer read) changed", two: nil,
             plannedTwo: "output 'one' renders first; this one renders only if it comes out different"),
        Step(description: "the preset", change: { try edit($0, "crf: 28", "crf: 30") },
             arguments: { _ in ["run", "m", "--out", "out"] },
             one: "its preset changed", two: "its preset and output 'one' changed"),
    ]

    @Test func anOutputRendersAgainOnlyForWhatChangedAndSaysWhat() throws {
        let directory = try CommandRunner.temporaryDirectory("reasons")
        try CommandRunner.write(Self.manifest, to: "m/batch.yaml", in: directory)
        try Self.makeSource(directory, pattern: "testsrc2")
        for step in Self.steps {
            try step.change(directory)
            let folder = directory.appendingPathComponent(step.folder)
            if let reason = step.one, reason != Self.firstRender {
                let dry = try GuardedRun.run(step.arguments(directory) + ["--dry-run"], in: folder)
                #expect(dry.stdout.contains("one  \(reason)\n"), "\(step): \(dry.stdout)")
                if let planned = step.plannedTwo {
                    #expect(dry.stdout.contains("two  \(planned)\n"), "\(step): \(dry.stdout)")
                }
            }
            let result = try GuardedRun.run(step.arguments(directory), in: folder, memoryMB: GuardedRun.runMemoryMB)
            #expect(result.status == 0, "\(step): \(result.stderr)")
            let report = try HardeningRunTests.report(directory)
            let sidecar = try String(contentsOf: directory.appendingPathComponent("out/.one.mp4.fingerprint"), encoding: .utf8)
            #expect(sidecar.contains(".mp4\n") && !sidecar.contains(directory.path), "the sidecar shows where: \(sidecar)")
            #expect(sidecar.contains("\nmemo "), "the sidecar remembers its files' digests: \(sidecar)")
            for (name, reason) in [("one", step.one), ("two", step.two)] {
                #expect(report[name]?["status"] as? String == (reason == nil ? "up-to-date" : "rendered"), "\(step): \(name)")
                #expect(report[name]?["renderReason"] as? String == reason, "\(step): \(name)")
                if let reason, reason != Self.firstRender {
                    #expect(result.stdout.contains("\(name): rendered "), "\(step): \(result.stdout)")
                    #expect(result.stdout.contains("; \(reason)\n"), "\(step): \(result.stdout)")
                }
            }
        }
    }

    /// An up-to-date check does not read a source unchanged since the output was written: the digest recorded beside
    /// the output under the source's stamp stands for it (shown with a false one), even without a cache folder.
    @Test func aSourceUnchangedSinceItsOutputWasWrittenIsNotReadAgain() throws {
        let directory = try CommandRunner.temporaryDirectory("recall")
        try CommandRunner.write(Self.manifest, to: "m/batch.yaml", in: directory)
        try Self.makeSource(directory, pattern: "testsrc2")
        let arguments = ["run", "m", "--out", "out", "--cache-size", "0"]
        #expect(try GuardedRun.run(arguments, in: directory, memoryMB: GuardedRun.runMemoryMB).status == 0)
        let sidecar = directory.appendingPathComponent("out/.one.mp4.fingerprint")
        let lines = try String(contentsOf: sidecar, encoding: .utf8).split(separator: "\n").map(String.init)
        let digest = try MediaTool.sha256(directory.appendingPathComponent("a.mp4").path)
        let memo = try #require(lines.first { $0.hasPrefix("memo ") && $0.hasSuffix("\t" + digest) })
        let wrong = String(repeating: "0", count: 64)
        try lines.map { $0 == memo ? memo.replacingOccurrences(of: digest, with: wrong) : $0 }.joined(separator: "\n")
            .appending("\n").write(to: sidecar, atomically: false, encoding: .utf8)
        let result = try GuardedRun.run(arguments, in: directory, memoryMB: GuardedRun.runMemoryMB)
        #expect(result.status == 0)
        let report = try HardeningRunTests.report(directory)
        #expect(report["one"]?["renderReason"] as? String == "source 'a.mp4' changed")
    }

    /// The batch moved to another folder, then copied to a third (new inodes and times), with its outputs: nothing
    /// renders again, since fingerprints take paths relative to the folder that holds the job's files.
    @Test func aBatchMovedOrCopiedWithItsOutputsIsUpToDate() throws {
        let first = try CommandRunner.temporaryDirectory("moved")
        try CommandRunner.write(Self.manifest, to: "m/batch.yaml", in: first)
        try Self.makeSource(first, pattern: "testsrc2")
        #expect(try GuardedRun.run(["run", "m", "--out", "out"], in: first, memoryMB: GuardedRun.runMemoryMB).status == 0)
        let moved = first.deletingLastPathComponent().appendingPathComponent(first.lastPathComponent + "-moved")
        try FileManager.default.moveItem(at: first, to: moved)
        let copied = first.deletingLastPathComponent().appendingPathComponent(first.lastPathComponent + "-copied")
        for (directory, step) in [(moved, "moved"), (copied, "copied")] {
            if step == "copied" {
                try FileManager.default.copyItem(at: moved, to: copied)
                try Self.rewriteEveryFile(copied)
            }
            let result = try GuardedRun.run(["run", "m", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB)
            #expect(result.status == 0, "\(step): \(result.stderr)")
            let report = try HardeningRunTests.report(directory)
            for name in ["one", "two"] {
                #expect(report[name]?["status"] as? String == "up-to-date",
                        "\(step): \(name) \(report[name]?["renderReason"] ?? "")")
            }
        }
    }
}
