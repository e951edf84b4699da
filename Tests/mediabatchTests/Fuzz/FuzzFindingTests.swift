import Foundation
import Testing

/// The findings of the mutation campaign (issue 35), each with its minimal reproducer, through the built binary
/// under the memory ceiling and hang guard hostile input meets.
@Suite struct FuzzFindingTests {
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 64, height: 48, fps: 15 }, audio: { bitrate: 32k } }

        """

    /// A directory holding `manifest` (after the shared header) as `m.yaml`.
    static func workspace(_ name: String, outputs: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(header + "outputs:\n" + outputs, to: "m.yaml", in: directory)
        return directory
    }

    static let one = "  - { name: a, clips: [ { source: { generate: testpattern, duration: 1s } } ] }\n"

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
}
