import Foundation
import Testing

/// `mediabatch run` over a source with damaged packets: concealed with warnings in every report, or failed under
/// `--strict`.
@Suite(.serialized)
struct DamagedSourceRunTests {
    /// An AVI (MPEG-4 part 2 video, AC-3 audio, 4 s at 25 fps) whose audio packets 40, 60 and 80 and video packets
    /// 30 and 70 are scrambled by ffmpeg's `noise` bitstream filter, at `path`.
    static func makeDamagedAVI(at path: String) throws {
        let clean = path + ".clean.avi"
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x96:rate=25:duration=4", "-f", "lavfi",
                    "-i", "sine=frequency=1000:sample_rate=48000:duration=4", "-c:v", "mpeg4", "-q:v", "5", "-g", "25",
                    "-c:a", "ac3", "-b:a", "96k", "-ac", "2", clean])
        try ffmpeg(["-i", clean, "-c", "copy", "-bsf:a", "noise=amount=eq(n\\,40)+eq(n\\,60)+eq(n\\,80)",
                    "-bsf:v", "noise=amount=eq(n\\,30)+eq(n\\,70)", path])
        try FileManager.default.removeItem(atPath: clean)
    }

    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")) failed")
    }

    static func output(_ directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("out/report.json"))
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return try #require((report["outputs"] as? [[String: Any]])?.first)
    }

    /// A fresh folder with the damaged AVI at `m/media/tape.avi` and `m/batch.yaml` of the tiny preset and `outputs`
    /// (the YAML after `outputs:`, indented by two).
    static func makeBatch(_ name: String, outputs: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("m/media"),
                                                withIntermediateDirectories: true)
        try makeDamagedAVI(at: directory.appendingPathComponent("m/media/tape.avi").path)
        try CommandRunner.write(BatchRunTests.header + "outputs:\n" + outputs + "\n", to: "m/batch.yaml", in: directory)
        return directory
    }

    /// The warnings of an output that decodes the whole of `tape.avi` in `directory`.
    static func tapeWarnings(_ directory: URL) -> [[String: String]] {
        let source = directory.appendingPathComponent("m/media/tape.avi").path
        return [
            ["stage": "decode", "source": source, "message": "tape.avi: 2 corrupt video packets concealed between 1.2 s and 2.8 s"],
            ["stage": "decode", "source": source, "message": "tape.avi: 3 corrupt audio packets concealed between 1.2 s and 2.5 s"],
        ]
    }

    @Test func damageIsConcealedAndReportedThenFailsUnderStrict() throws {
        let directory = try Self.makeBatch("damaged", outputs: """
              - name: tape
                clips: [ media/tape.avi ]
            """)
        let source = directory.appendingPathComponent("m/media/tape.avi").path

        let first = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let expected = Self.tapeWarnings(directory)
        let rendered = try Self.output(directory)
        #expect(rendered["status"] as? String == "rendered")
        #expect(rendered["warnings"] as? [[String: String]] == expected)
        let junit = try String(contentsOf: directory.appendingPathComponent("out/report.xml"), encoding: .utf8)
        #expect(junit.contains("<system-out>decode: tape.avi: 2 corrupt video packets concealed between 1.2 s and 2.8 s\n"
                               + "decode: tape.avi: 3 corrupt audio packets concealed between 1.2 s and 2.5 s</system-out>"))
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("### Warnings\n\n- **tape** (decode): tape.avi: 2 corrupt video packets concealed"))
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<li>decode: tape.avi: 3 corrupt audio packets concealed between 1.2 s and 2.5 s</li>"))

        // Up to date: not rendered again, and the warnings of its render are still reported.
        let again = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(again.status == 0)
        let upToDate = try Self.output(directory)
        #expect(upToDate["status"] as? String == "up-to-date")
        #expect(upToDate["warnings"] as? [[String: String]] == expected)

        // --strict tolerates no damage: the output is checked again and fails at decode, naming the file.
        let strict = try CommandRunner.run(["run", "m", "--out", "out", "--strict"], in: directory)
        #expect(strict.status == 1)
        let failed = try Self.output(directory)
        #expect(failed["status"] as? String == "failed")
        #expect(failed["failure"] as? [String: String] == [
            "stage": "decode",
            "reason": "'\(source)': 2 of 100 video packets are damaged (2%), more than the damage limit of 0%; "
                + "first error: Invalid data found when processing input",
        ])
    }

    /// A run that takes its segments from the cache folder reports the damage a run with an empty cache reports: the
    /// segments of an export whose sources were damaged are not kept for later runs (a kept segment is never decoded
    /// again, so its damage would go unreported and the damaged share would be counted over fewer packets).
    @Test func aRunFromTheCacheReportsTheDamageOfARunFromNothing() throws {
        let directory = try Self.makeBatch("damaged-cache", outputs: """
              - name: tape
                clips: [ media/tape.avi ]
            """)
        func warnings(cache: String) throws -> [[String: String]] {
            let run = try CommandRunner.run(["run", "m", "--out", "out", "--force", "--cache", cache], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            return try Self.output(directory)["warnings"] as? [[String: String]] ?? []
        }
        let fresh = try warnings(cache: "cache")
        #expect(fresh.count == 2, "\(fresh)")
        #expect(try warnings(cache: "cache") == fresh)
        #expect(try warnings(cache: "cache") == fresh)
    }

    /// Two outputs that open with the same damaged intro both report its damage: a segment made while its export's
    /// sources showed damage is not handed to another output of the run (which would show the concealed pictures
    /// without decoding them, so without a word), and the second output renders, and reports, it itself.
    @Test func outputsSharingADamagedIntroEachReportItsDamage() throws {
        let directory = try Self.makeBatch("damaged-shared", outputs: """
              - name: "spot-{color}"
                matrix: { color: [red, blue] }
                intro: { source: media/tape.avi, transition: { type: crossfade, duration: 0.25s } }
                clips: [ { source: { generate: color, color: "{color}", duration: 1s } } ]
            """)
        let run = try CommandRunner.run(["run", "m", "--out", "out", "--jobs", "1", "--cache", "cache"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: directory.appendingPathComponent("out/report.json"))
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let outputs = try #require(report["outputs"] as? [[String: Any]])
        try #require(outputs.count == 2)
        for output in outputs {
            #expect(output["warnings"] as? [[String: String]] == Self.tapeWarnings(directory), "\(output)")
        }
        #expect(outputs.allSatisfy { $0["reusedSegments"] == nil }, "\(outputs.map { $0["reusedSegments"] ?? [] })")
    }
}
