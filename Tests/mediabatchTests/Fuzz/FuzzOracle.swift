import Foundation

/// What must hold after any fuzz case, whatever its input: each violation one line.
enum FuzzOracle {
    /// The exit statuses docs/cli.md documents: success, failed outputs, invalid manifests, usage errors, a report
    /// that cannot be written, another run holding the lock.
    static let documentedStatuses: Set<Int32> = [0, 1, 2, 64, 73, 75]

    /// Errors about a path given on the command line (counted as `command line: N errors`), or about a file that
    /// could not be read at all (a pipe, a directory, too large): no line of any file holds them, so they name the
    /// path instead of a position.
    static let commandLineErrors = ["mediabatch: error: no manifest file or directory at '",
                                    "mediabatch: error: no manifests ('*.yaml'", "mediabatch: error: cannot read '"]

    /// The violations of `outcome` (files outside `out` compared as `before` and `after`).
    static func violations(of outcome: GuardedRun.Outcome, before: Set<String>, after: Set<String>) -> [String] {
        var found: [String] = []
        if outcome.crashed { found.append("crashed with signal \(outcome.status)") }
        if outcome.timedOut { found.append("hung (killed by the hang guard)") }
        if !outcome.crashed && !outcome.timedOut && !documentedStatuses.contains(outcome.status) {
            found.append("exited \(outcome.status), outside the documented \(documentedStatuses.sorted())")
        }
        // Tool-level errors (`mediabatch: error: ...`) stand for usage, I/O and lock problems; with any other
        // status an error line is about a manifest and must say where.
        let toolLevel = [64, 73, 75].contains(outcome.status)
        let unpositioned = GuardedRun.unpositionedErrors(outcome.stderr).filter { line in
            !(toolLevel && line.hasPrefix("mediabatch: error: ")) && !commandLineErrors.contains { line.hasPrefix($0) }
        }
        if let first = unpositioned.first { found.append("an error without file:line:col: \(first.prefix(300))") }
        for (stream, text) in [("stdout", outcome.stdout), ("stderr", outcome.stderr)] {
            // Line feeds end lines and tabs keep quoted source lines aligned; nothing else may reach a terminal.
            if let raw = text.unicodeScalars.first(where: { $0 != "\n" && $0 != "\t" && TerminalTextCheck.isUnsafe($0) }) {
                found.append("a raw U+\(String(raw.value, radix: 16, uppercase: true).leftPadded(to: 4)) on \(stream)")
            }
        }
        let written = after.subtracting(before)
        if !written.isEmpty { found.append("wrote outside 'out': \(written.sorted().prefix(5))") }
        return found
    }
}

/// The characters a terminal acts on instead of showing (as `TerminalText.isUnsafe` defines them), checked
/// independently of the code under test.
enum TerminalTextCheck {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
