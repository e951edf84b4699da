import Foundation

/// Shrinks a failing fuzz case to a reproducer a person can read: manifest lines and arguments are dropped one at
/// a time while the case still breaks the same rule (a bounded number of tries), and the result's files are kept.
enum FuzzMinimizer {
    /// The most runs minimising may take.
    static let maxAttempts = 60

    /// The rule a violation breaks (its text up to the first colon or digit), so a shrunk case that fails
    /// differently is not taken for the same finding.
    static func rule(_ violations: [String]) -> Set<String> {
        Set(violations.map { String($0.prefix { $0 != ":" && !$0.isNumber }) })
    }

    /// `fuzzCase` with every line and argument removed that it can lose and still break the rules of `failing`.
    static func minimize(_ fuzzCase: FuzzCase, failing: [String], in workspace: FuzzWorkspace) throws -> FuzzCase {
        let target = rule(failing)
        var best = fuzzCase
        var attempts = 0
        func stillFails(_ candidate: FuzzCase) throws -> Bool {
            attempts += 1
            return !rule(try FuzzHarnessTests.run(candidate, in: workspace)).isDisjoint(with: target)
        }
        var lines = best.manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = lines.count - 1
        while index >= 0, attempts < maxAttempts {
            var candidate = best
            var fewer = lines
            fewer.remove(at: index)
            candidate.manifest = fewer.joined(separator: "\n")
            if try stillFails(candidate) { best = candidate; lines = fewer }
            index -= 1
        }
        // The command and the manifest's name stay; any other argument may go.
        index = best.arguments.count - 1
        while index >= 2, attempts < maxAttempts {
            var candidate = best
            candidate.arguments.remove(at: index)
            if try stillFails(candidate) { best = candidate }
            index -= 1
        }
        if best.manifest != fuzzCase.manifest || best.arguments != fuzzCase.arguments {
            best.steps.append("minimised in \(attempts) runs")
        }
        return best
    }

    /// Writes the case's files and its reproducer to a folder that outlives the test run, and returns it.
    static func keep(_ fuzzCase: FuzzCase, from workspace: FuzzWorkspace, seed: UInt64, index: Int) throws -> URL {
        try workspace.reset()
        try workspace.write(fuzzCase)
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("mediabatch-fuzz-failures/seed-\(seed)-case-\(index)")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for name in ["m.yaml", "rows.csv", "cues.srt"] + FuzzWorkspace.mediaNames {
            try FileManager.default.copyItem(at: workspace.directory.appendingPathComponent(name),
                                             to: kept.appendingPathComponent(name))
        }
        try fuzzCase.reproducer.write(to: kept.appendingPathComponent("reproducer.txt"), atomically: true, encoding: .utf8)
        return kept
    }
}
