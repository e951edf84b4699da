import Foundation

/// Shrinks a failing fuzz case to a reproducer a person can read: manifest lines, timeline lines and arguments are
/// dropped one at a time while the case still breaks the same rule (a bounded number of tries), and the result's
/// files are kept.
enum FuzzMinimizer {
    /// The most runs minimising may take.
    static let maxAttempts = 60

    /// The rule a violation breaks (its text up to the first colon or digit), so a shrunk case that fails
    /// differently is not taken for the same finding.
    static func rule(_ violations: [String]) -> Set<String> {
        Set(violations.map { String($0.prefix { $0 != ":" && !$0.isNumber }) })
    }

    /// `fuzzCase` with every line and argument removed that it can lose and still break the rules of `failing`; the
    /// mutated timeline's lines first, as they hold the finding when there is one.
    static func minimize(_ fuzzCase: FuzzCase, failing: [String], in workspace: FuzzWorkspace) throws -> FuzzCase {
        let target = rule(failing)
        var best = fuzzCase
        var attempts = 0
        func stillFails(_ candidate: FuzzCase) throws -> Bool {
            attempts += 1
            return !rule(try FuzzHarnessTests.run(candidate, in: workspace)).isDisjoint(with: target)
        }
        if let timeline = best.timeline {
            best.timeline = try dropLines(of: timeline, while: { text in
                var candidate = best
                candidate.timeline = text
                return attempts < maxAttempts ? try stillFails(candidate) : nil
            })
        }
        best.manifest = try dropLines(of: best.manifest, while: { text in
            var candidate = best
            candidate.manifest = text
            return attempts < maxAttempts ? try stillFails(candidate) : nil
        })
        // The command and the manifest's name stay; any other argument may go.
        var index = best.arguments.count - 1
        while index >= 2, attempts < maxAttempts {
            var candidate = best
            candidate.arguments.remove(at: index)
            if try stillFails(candidate) { best = candidate }
            index -= 1
        }
        if best.manifest != fuzzCase.manifest || best.timeline != fuzzCase.timeline || best.arguments != fuzzCase.arguments {
            best.steps.append("minimised in \(attempts) runs")
        }
        return best
    }

    /// `text` without each line (last first) whose removal `stillFails` accepts; it answers nil once out of tries.
    private static func dropLines(of text: String, while stillFails: (String) throws -> Bool?) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = lines.count - 1
        while index >= 0 {
            var fewer = lines
            fewer.remove(at: index)
            guard let fails = try stillFails(fewer.joined(separator: "\n")) else { break }
            if fails { lines = fewer }
            index -= 1
        }
        return lines.joined(separator: "\n")
    }

    /// Writes the case's files and its reproducer to a folder that outlives the test run, and returns it.
    static func keep(_ fuzzCase: FuzzCase, from workspace: FuzzWorkspace, seed: UInt64, index: Int) throws -> URL {
        try workspace.reset()
        try workspace.write(fuzzCase)
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("mediabatch-fuzz-failures/seed-\(seed)-case-\(index)")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for name in ["m.yaml", "rows.csv", "cues.srt", FuzzWorkspace.timelineName] + FuzzWorkspace.mediaNames {
            try FileManager.default.copyItem(at: workspace.directory.appendingPathComponent(name),
                                             to: kept.appendingPathComponent(name))
        }
        try fuzzCase.reproducer.write(to: kept.appendingPathComponent("reproducer.txt"), atomically: true, encoding: .utf8)
        return kept
    }
}
