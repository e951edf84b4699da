import Foundation
import Testing

/// The findings of the mutation campaign (issue 35), each with its minimal reproducer, through the built binary
/// under the memory ceiling and hang guard hostile input meets.
@Suite struct FuzzFindingTests {
    /// The tiny preset every case renders with (the one the hardening tests use).
    static let header = HardeningRunTests.header

    /// A directory holding `manifest` (after the shared header) as `m.yaml`.
    static func workspace(_ name: String, outputs: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(header + "outputs:\n" + outputs, to: "m.yaml", in: directory)
        return directory
    }

    static let one = HardeningRunTests.one

    /// Finding 1: `--shard 1/99999999999` allocated a table per shard and aborted; every numeric value is now
    /// checked against its range first, a usage error naming the flag and the range.
    @Test(arguments: [
        (["--shard", "1/99999999999"], "'--shard' needs K/N with 1 <= K <= N <= 10000, such as '2/3', not '1/99999999999'"),
        (["--shard=99999999999/99999999999"],
         "'--shard' needs K/N with 1 <= K <= N <= 10000, such as '2/3', not '99999999999/99999999999'"),
        (["--jobs", "99999999999"], "'--jobs' needs a whole number from 1 to 256, not '99999999999'"),
        (["--jobs", "-3"], "'--jobs' needs a whole number from 1 to 256, not '-3'"),
        (["--retries", "99999999999999999999"], "'--retries' needs a whole number from 0 to 100, not '99999999999999999999'"),
        (["--max-memory", "9000000000000T"], "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not '9000000000000T'"),
        (["--max-memory", "1K"], "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not '1K'"),
        (["--max-outputs", "99999999999"], "'--max-outputs' needs a whole number from 1 to 10000000, not '99999999999'"),
    ])
    func numericValuesOutOfRangeAreUsageErrors(arguments: [String], message: String) throws {
        let directory = try Self.workspace("numeric", outputs: Self.one)
        let result = try GuardedRun.run(["run", "m.yaml"] + arguments, in: directory, seconds: 30)
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 64)
        #expect(result.stderr == "mediabatch: error: \(message)\nrun 'mediabatch run --help' for usage\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    /// Finding 1 through the environment: a CI's shard count is bounded the same way.
    @Test func aShardCountFromTheEnvironmentIsBounded() throws {
        let directory = try Self.workspace("numeric-environment", outputs: Self.one)
        let result = try CommandRunner.run(["run", "m.yaml"], in: directory,
                                           environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999"])
        #expect(result.status == 64)
        #expect(result.stderr == "mediabatch: error: invalid value '99999999999' of environment variable 'CI_NODE_TOTAL'\nrun 'mediabatch run --help' for usage\n")
    }

    /// A 1 s WAV whose header says `rate` samples a second.
    static func wav(at path: String, sampleRate rate: UInt32? = nil, dataSize: UInt32? = nil) throws {
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-ar", "48000", "-c:a", "pcm_s16le", path])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
        }
        if let rate { put(rate, at: 24) }
        if let dataSize, let data = (0..<bytes.count - 4).first(where: { Array(bytes[$0..<$0 + 4]) == Array("data".utf8) }) {
            put(dataSize, at: 4)
            put(dataSize, at: data + 4)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Finding 2: a clip with `to: 2147483647` (a unit forgotten) under a looped soundtrack kept `validate` busy
    /// past 20 s; the output's length is now bounded (24 h unless `limits: { duration }` says more), a positioned
    /// error before any track is filled.
    @Test func anOutputLongerThanTheDurationLimitIsAPositionedError() throws {
        let directory = try Self.workspace("duration", outputs: """
              - name: long
                clips: [ { source: media/logo.png, to: 2147483647 } ]
                soundtrack: { source: media/bed.m4a, loop: true }

            """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("media"), withIntermediateDirectories: true)
        try TestMedia.picture(at: directory.appendingPathComponent("media/logo.png").path)
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "aac", "-b:a", "32k",
                              directory.appendingPathComponent("media/bed.m4a").path])
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 60, cpuSeconds: 20)
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr == """
            m.yaml:7:44: error: the output would last 596523h14m07s, more than the limit of 24h00m00s; raise it with 'limits: { duration: ... }' at the top of the manifest, or check the clip's times and units
                clips: [ { source: media/logo.png, to: 2147483647 } ]
                                                       ^
            m.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
    }

    /// Finding 2: laying a looped 3 s bed under 10 hours cost the square of the repetitions (61,440 s took 52.8 s);
    /// it is linear now, and over 10,000 repetitions (the default `limits: { loops }`) a positioned error.
    @Test func aLongLoopedSoundtrackIsBoundedAndLinear() throws {
        let outputs = """
              - name: long
                clips: [ { source: { generate: testpattern, duration: 36000s } } ]
                soundtrack: { source: bed.m4a, loop: true }

            """
        let directory = try Self.workspace("loops", outputs: outputs)
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "aac", "-b:a", "32k",
                              directory.appendingPathComponent("bed.m4a").path])
        let refused = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 60, cpuSeconds: 20)
        #expect(refused.status == 2)
        #expect(refused.stderr == """
            m.yaml:8:27: error: the looped soundtrack is 3s long, so filling 10h00m00s would repeat it 12000 times, more than the limit of 10000; raise it with 'limits: { loops: N }' at the top of the manifest, or check the soundtrack's length
                soundtrack: { source: bed.m4a, loop: true }
                                      ^
            m.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)

        // Raised, the 12,000 repetitions are laid in well under a second of processor time; the quadratic fill
        // took tens of seconds, which the CPU limit (not the wall clock, which load stretches) would have killed.
        let raised = Self.header.replacingOccurrences(of: "mediabatch: 1\n", with: "mediabatch: 1\nlimits: { loops: 20000 }\n")
        try CommandRunner.write(raised + "outputs:\n" + outputs, to: "m.yaml", in: directory)
        let started = Date()
        let valid = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 60, cpuSeconds: 2)
        print("fuzz finding 2: 10 h over a looped 3 s bed validated in \(Date().timeIntervalSince(started)) s (wall)")
        #expect(!valid.crashed, "killed by the CPU limit: the fill is not linear")
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == "valid: 1 output in 1 manifest\n")
    }

    /// The new `limits:` keys are checked like every value: positioned errors with their ranges.
    @Test func timelineLimitsOutOfRangeArePositionedErrors() throws {
        let directory = try CommandRunner.temporaryDirectory("limits-keys")
        try CommandRunner.write(Self.header.replacingOccurrences(of: "mediabatch: 1\n", with: "mediabatch: 1\nlimits: { duration: 0s, loops: 0 }\n")
                                + "outputs:\n" + Self.one, to: "m.yaml", in: directory)
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 30)
        #expect(result.status == 2)
        #expect(GuardedRun.unpositionedErrors(result.stderr).isEmpty)
        #expect(result.stderr.hasPrefix("""
            m.yaml:2:21: error: 'duration' must be above 0 and at most 720h00m00s, not 0s
            limits: { duration: 0s, loops: 0 }
                                ^
            m.yaml:2:32: error: 'loops' must be from 1 to 10000000, not 0
            limits: { duration: 0s, loops: 0 }
                                           ^

            """), "\(result.stderr)")
    }

    /// Finding 3: a WAV whose header claims 0x7fffffff samples a second lasted 41 µs as decoded, so a 1 s output
    /// looped it 24,000 times (`run` killed at 60 s). The claim is refused at probe: that output fails, the
    /// others render; a WAV claiming 4 GB of data stops at the end of its real second.
    @Test func aSourceWhoseHeaderLiesFailsOrStopsAtItsData() throws {
        let directory = try Self.workspace("header", outputs: """
              - name: bed
                clips: [ { source: { generate: testpattern, duration: 1s } } ]
                soundtrack: { source: rate.wav, loop: true }
              - name: sound
                clips: [ { source: { generate: testpattern, duration: 2s } } ]
                soundtrack: { source: long.wav }

            """)
        try Self.wav(at: directory.appendingPathComponent("rate.wav").path, sampleRate: 0x7fff_ffff)
        try Self.wav(at: directory.appendingPathComponent("long.wav").path, dataSize: 0xffff_ffff)
        let validate = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 60, cpuSeconds: 20)
        #expect(validate.stderr.hasPrefix("""
            m.yaml:8:27: error: source 'rate.wav' cannot be used: its audio stream 0 claims 2147483647 samples a second (at most 768000 is real); the header is damaged; used by output 'bed'
                soundtrack: { source: rate.wav, loop: true }
                                      ^

            """), "\(validate.stderr)")
        let run = try GuardedRun.run(["run", "m.yaml", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB,
                                     seconds: 120, cpuSeconds: 60)
        #expect(!run.crashed && !run.timedOut)
        #expect(run.status == 1)
        let report = try HardeningRunTests.report(directory)
        #expect((report["bed"]?["failure"] as? [String: Any])?["stage"] as? String == "probe")
        #expect(report["sound"]?["status"] as? String == "rendered")
        let duration = try GuardedRun.ffprobeDuration(directory.appendingPathComponent("out/sound.mp4").path)
        #expect(duration.map { abs($0 - 2) < 0.05 } == true, "\(String(describing: duration))")
    }

    /// Finding 4: a font that is a named pipe blocked `validate` and `run` forever; it is refused at once, the way
    /// a FIFO source is, as a positioned error and as a `load` failure of its output.
    @Test func aFontThatIsANamedPipeIsRefusedAtOnce() throws {
        let directory = try Self.workspace("font-fifo", outputs: """
              - name: a
                clips: [ { source: { generate: testpattern, duration: 1s } } ]
                title: { text: Hello, font: fonts/Brand.otf }

            """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        let fifo = directory.appendingPathComponent("fonts/Brand.otf")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let resolved = fifo.standardizedFileURL.path
        let validate = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 30)
        #expect(!validate.timedOut)
        #expect(validate.status == 2)
        #expect(validate.stderr == """
            m.yaml:8:33: error: font file 'fonts/Brand.otf' is a named pipe (FIFO), not a regular file (resolved to '\(resolved)')
                title: { text: Hello, font: fonts/Brand.otf }
                                            ^
            m.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
        let run = try GuardedRun.run(["run", "m.yaml", "--out", "out"], in: directory, memoryMB: GuardedRun.runMemoryMB,
                                     seconds: 30)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        let failure = try HardeningRunTests.report(directory)["a"]?["failure"] as? [String: Any]
        #expect(failure?["stage"] as? String == "load")
        #expect(failure?["reason"] as? String
            == "font file 'fonts/Brand.otf' is a named pipe (FIFO), not a regular file (resolved to '\(resolved)')")
    }

    /// Finding 5: `--only $'\e[31m*'` and `--preset` were echoed raw in their usage errors; command-line text is
    /// escaped like manifest text, in the message and in the quoted command line under it.
    @Test(arguments: [
        (["--only", "\u{1B}[31m*"], """
            mediabatch: error: --only '\\x1B[31m*' matches no output; nearest output names: 'a'
              mediabatch run m.yaml --only '\\x1B[31m*'
                                           ^

            """),
        (["--preset", "\u{1B}[2J"], """
            mediabatch: error: unknown preset '\\x1B[2J' for '--preset'
              mediabatch run m.yaml --preset '\\x1B[2J'
                                             ^

            """),
        (["--jobs", "\u{1B}]0;owned\u{07}"], """
            mediabatch: error: '--jobs' needs a whole number from 1 to 256, not '\\x1B]0;owned\\x07'
            run 'mediabatch run --help' for usage

            """),
    ])
    func commandLineTextIsEscapedInMessages(arguments: [String], expected: String) throws {
        let directory = try Self.workspace("escape", outputs: Self.one)
        let result = try GuardedRun.run(["run", "m.yaml"] + arguments, in: directory, seconds: 30)
        #expect(result.status == 64)
        #expect(result.stderr == expected)
        #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
