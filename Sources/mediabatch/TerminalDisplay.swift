import Foundation
import MediaBatch
import MediaCore
import Report
import Synchronization

/// Shows a running batch: on a terminal, an overall bar with ETA and a line per running render, redrawn in place;
/// elsewhere (CI logs), one timestamped line per start and finish. Outputs found up to date get a line only with
/// `--verbose`: the summary's table lists every output.
final class TerminalDisplay: Sendable {
    private struct State {
        var total = 0
        var toRender = 0
        var done = 0
        var running: [String: (fraction: Double, started: Date, seconds: Double)] = [:]
        var renderedSeconds = 0.0
        var plannedSeconds = 0.0
        var linesDrawn = 0
        var started = Date()
    }

    private let state = Mutex(State())
    private let interactive: Bool
    private let quiet: Bool
    private let verbose: Bool
    private let console: Console

    init(quiet: Bool, verbose: Bool, console: Console) {
        self.interactive = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        self.quiet = quiet
        self.verbose = verbose
        self.console = console
    }

    func handle(_ event: BatchEvent) {
        if quiet { return }
        state.withLock { state in
            switch event {
            case .planned(let total, let toRender, let cannotBuild, let concurrency):
                state.total = total
                state.toRender = toRender
                state.started = Date()
                let cannot = cannotBuild > 0 ? ", \(cannotBuild) cannot be built" : ""
                let pace = toRender > 0 ? ", \(concurrency) at a time" : ""
                emit("\(total) output\(total == 1 ? "" : "s"), \(toRender) to render\(cannot)\(pace)", &state)
            case .started(let name, let seconds):
                state.running[name] = (0, Date(), seconds)
                state.plannedSeconds += seconds
                if !interactive { emit("start  " + TerminalText.escaped(name), &state) }
            case .progress(let name, let fraction):
                if state.running[name] != nil { state.running[name]?.fraction = fraction }
            case .finished(let report):
                state.running[report.name] = nil
                state.done += 1
                // The summary's table lists them: a nightly run of a large, mostly unchanged batch would otherwise
                // print a line for every output it did not touch.
                if report.status == .upToDate && !verbose { break }
                let detail: String
                switch report.status {
                case .rendered:
                    detail = Self.renderedDetail(report)
                case .upToDate: detail = "up to date"
                case .failed: detail = report.reasonText ?? "failed"
                case .skipped: detail = "skipped: \(report.reasonText ?? "")"
                case .cancelled: detail = "cancelled"
                }
                let word = console.status(report.status == .failed ? "fail" : "done")
                emit("\(word)  " + TerminalText.escaped("\(report.name): \(detail)"), &state)
                if report.status == .rendered {
                    for warning in report.warnings ?? [] {
                        emit("  warning: " + TerminalText.escaped(warning.description), &state)
                    }
                }
            }
            if interactive { redraw(&state) }
        }
    }

    /// `rendered 8.00s in 2.1s (3.8x)`, or `rendered in 0.1s` for a picture, then why it rendered when worth telling.
    private static func renderedDetail(_ report: OutputReport) -> String {
        let seconds = report.renderSeconds.map { String(format: "%.1fs", $0) } ?? "-"
        var detail = "rendered in \(seconds)"
        if let duration = report.displayDuration?.seconds, duration > 0 {
            let speed = report.speed.map { String(format: "%.1fx", $0) } ?? "-"
            detail = String(format: "rendered %.2fs in ", duration) + "\(seconds) (\(speed))"
        }
        return detail + (report.renderReason.flatMap { Fingerprint.isWorthTelling($0) ? "; \($0)" : nil } ?? "")
    }

    /// Clears the live block before the final summary.
    func finish() {
        guard interactive, !quiet else { return }
        state.withLock { state in
            clear(&state)
        }
    }

    /// Prints one line; callers escape what came from names, paths and libav's messages (`TerminalText`), so only
    /// this tool's own colours reach the terminal as escape sequences.
    private func emit(_ line: String, _ state: inout State) {
        if interactive {
            clear(&state)
            write(line + "\n")
        } else {
            let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withTime, .withColonSeparatorInTime])
            write("[\(stamp)] \(line)\n")
        }
    }

    /// Unbuffered, so CI logs show lines as they happen.
    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func clear(_ state: inout State) {
        guard state.linesDrawn > 0 else { return }
        write("\u{1B}[\(state.linesDrawn)A\u{1B}[J")
        state.linesDrawn = 0
    }

    private func redraw(_ state: inout State) {
        clear(&state)
        let width = 30
        let fraction = state.total == 0 ? 1 : (Double(state.done) + state.running.values.reduce(0) { $0 + $1.fraction }) / Double(state.total)
        let filled = Int((fraction * Double(width)).rounded())
        let elapsed = Date().timeIntervalSince(state.started)
        let eta = fraction > 0.02 ? elapsed / fraction - elapsed : nil
        var lines = ["[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                     + "\(state.done)/\(state.total)" + (eta.map { String(format: "  eta %.0fs", $0) } ?? "")]
        for (name, running) in state.running.sorted(by: { $0.key < $1.key }) {
            lines.append(String(format: "  %3.0f%%  ", running.fraction * 100) + TerminalText.escaped(name))
        }
        write(lines.joined(separator: "\n") + "\n")
        state.linesDrawn = lines.count
    }
}
