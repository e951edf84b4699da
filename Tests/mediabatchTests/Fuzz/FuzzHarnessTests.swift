import Foundation
import Testing

/// The fuzz harness: mutated seed manifests, command lines and media headers through `validate` and `run` of the
/// built binary, under a memory ceiling and a hang guard, one case after another. A fixed seed and case count
/// keep CI's run the same every time (about a minute); `MEDIABATCH_FUZZ_CASES` and `MEDIABATCH_FUZZ_SEED` make
/// the nightly run longer or different, and `MEDIABATCH_FUZZ_ONLY=N` replays case N alone. A failure prints the
/// seed, the case, the violated rule and a minimised reproducer, and keeps the case's files (docs/security.md).
@Suite(.serialized) struct FuzzHarnessTests {
    static let defaultSeed: UInt64 = 0x35_2026
    static let defaultCases = 128

    /// The run's settings, from the environment or the CI defaults.
    static func settings(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (seed: UInt64, cases: [Int])
    {
        let seed = environment["MEDIABATCH_FUZZ_SEED"].flatMap { UInt64($0) ?? UInt64($0.dropFirst(2), radix: 16) } ?? defaultSeed
        if let only = environment["MEDIABATCH_FUZZ_ONLY"].flatMap({ Int($0) }) { return (seed, [only]) }
        let count = environment["MEDIABATCH_FUZZ_CASES"].flatMap { Int($0) } ?? defaultCases
        return (seed, Array(0..<max(0, count)))
    }

    /// Runs `fuzzCase` in `workspace` and returns what went wrong (nothing when every rule holds).
    static func run(_ fuzzCase: FuzzCase, in workspace: FuzzWorkspace) throws -> [String] {
        try workspace.reset()
        try workspace.write(fuzzCase)
        let before = GuardedRun.filesOutsideOut(workspace.directory)
        // Limits far above what a case costs (validate: well under a second; a render of these seeds: a few
        // seconds), so only a real hang or blow-up trips them, however loaded the machine.
        let outcome = try GuardedRun.run(fuzzCase.arguments, in: workspace.directory,
                                         memoryMB: fuzzCase.renders ? GuardedRun.runMemoryMB : GuardedRun.validateMemoryMB,
                                         seconds: fuzzCase.renders ? 180 : 90)
        return FuzzOracle.violations(of: outcome, before: before, after: GuardedRun.filesOutsideOut(workspace.directory))
    }

    @Test func mutatedInputsNeverCrashHangOrMisbehave() throws {
        let (seed, cases) = Self.settings()
        let workspace = try FuzzWorkspace()
        let started = Date()
        var kinds: [FuzzCase.Kind: Int] = [:]
        for index in cases {
            let fuzzCase = FuzzCase.make(index: index, seed: seed, workspace: workspace)
            kinds[fuzzCase.kind, default: 0] += 1
            let violations = try Self.run(fuzzCase, in: workspace)
            guard violations.isEmpty else {
                let minimal = try FuzzMinimizer.minimize(fuzzCase, failing: violations, in: workspace)
                let kept = try FuzzMinimizer.keep(minimal, from: workspace, seed: seed, index: index)
                Issue.record("""
                    fuzz case \(index) of seed \(seed) (MEDIABATCH_FUZZ_SEED=\(seed) MEDIABATCH_FUZZ_ONLY=\(index)): \
                    \(violations.joined(separator: "; "))
                    minimal reproducer (files kept in \(kept.path)):
                    \(minimal.reproducer)
                    """)
                return
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("fuzz: \(cases.count) cases of seed \(seed) in \(Int(seconds)) s: "
              + kinds.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", "))
    }

    /// The same seed makes the same cases (a failure is reproducible from its seed and index alone).
    @Test func casesAreDeterministicFromTheirSeed() throws {
        let workspace = try FuzzWorkspace()
        for index in [0, 3, 17, 127] {
            let first = FuzzCase.make(index: index, seed: 7, workspace: workspace)
            let again = FuzzCase.make(index: index, seed: 7, workspace: workspace)
            #expect(first.reproducer == again.reproducer && first.damagedMedia == again.damagedMedia)
        }
        #expect(FuzzCase.make(index: 1, seed: 7, workspace: workspace).reproducer
            != FuzzCase.make(index: 1, seed: 8, workspace: workspace).reproducer)
        #expect(Self.settings(["MEDIABATCH_FUZZ_SEED": "0x10", "MEDIABATCH_FUZZ_CASES": "3"]) == (16, [0, 1, 2]))
        #expect(Self.settings(["MEDIABATCH_FUZZ_ONLY": "41"]) == (Self.defaultSeed, [41]))
    }

    /// No case renders the repository's example, whose ten outputs take minutes in a debug build: seed 20261226's
    /// case 578 (a command line `run --max-memory 100M` over it) ran into the 180 s hang guard.
    @Test func rendersTakeTheSmallSeeds() throws {
        let workspace = try FuzzWorkspace()
        let cases = (0..<2000).map { FuzzCase.make(index: $0, seed: 20_261_226, workspace: workspace) }
        #expect(cases.filter(\.renders).count > 300)
        #expect(cases.indices.filter { cases[$0].renders && cases[$0].seedName == "spring.yaml" } == [])
    }

    /// Each rule of the oracle catches what it is for, and lets through what the tool legitimately prints.
    @Test func theOracleFlagsEachRule() {
        func outcome(_ status: Int32, crashed: Bool = false, timedOut: Bool = false, stdout: String = "",
                     stderr: String = "") -> GuardedRun.Outcome {
            GuardedRun.Outcome(status: status, crashed: crashed, timedOut: timedOut, stdout: stdout, stderr: stderr)
        }
        let clean = "m.yaml:3:5: error: unknown key 'x'\n\tkey: x\n    ^\n"
        #expect(FuzzOracle.violations(of: outcome(2, stderr: clean), before: [], after: []).isEmpty)
        #expect(FuzzOracle.violations(of: outcome(64, stderr: "mediabatch: error: '--jobs' needs a whole number\n"),
                                      before: [], after: []).isEmpty)
        #expect(FuzzOracle.violations(of: outcome(2, stderr: "mediabatch: error: no manifest file or directory at 'x'\n"),
                                      before: [], after: []).isEmpty)
        let cases: [(GuardedRun.Outcome, Set<String>, String)] = [
            (outcome(6, crashed: true), [], "crashed with signal 6"),
            (outcome(9, timedOut: true), [], "hung (killed by the hang guard)"),
            (outcome(3), [], "exited 3, outside the documented [0, 1, 2, 64, 73, 75]"),
            (outcome(2, stderr: "error: something broke\n"), [], "an error without file:line:col: error: something broke"),
            (outcome(1, stderr: "mediabatch: error: lost\n"), [], "an error without file:line:col: mediabatch: error: lost"),
            (outcome(64, stderr: "mediabatch: error: --only '\u{1B}[31m*'\n"), [], "a raw U+001B on stderr"),
            (outcome(0, stdout: "a\u{202E}b\n"), [], "a raw U+202E on stdout"),
            (outcome(0), ["stray.mp4"], "wrote outside 'out': [\"stray.mp4\"]"),
        ]
        for (outcome, after, expected) in cases {
            #expect(FuzzOracle.violations(of: outcome, before: [], after: after) == [expected])
        }
    }
}
