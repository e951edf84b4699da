import Foundation
import MediaBatch
import MediaCore
import Report
import Scheduler

/// `run` and `report merge`.
enum BatchCommand {
    /// `mediabatch run`: plans the manifests, renders them under the output folders' lock, writes the reports and
    /// prints the summary; the exit status.
    static func run(_ invocation: Invocation, version: String, console: Console) -> Int32 {
        let options: BatchOptions
        switch batchOptions(invocation, version: version) {
        case .success(let made): options = made
        case .failure(let error):
            console.usage(error)
            return 64
        }
        // Made before the plan loads: its segment store learns the build's digest meanwhile (reading the executable
        // when the cache folder has not seen this build), instead of the first render waiting for it.
        let runner = BatchRunner(options: options)
        let plan: BatchPlan
        switch Commands.loadPlan(invocation, console: console) {
        case .success(let loaded): plan = loaded
        case .failure(let status): return status.code
        }
        console.print(ValidationReport.folded(plan.problems))
        if invocation.dryRun { return dryRun(plan, runner: runner, console: console) }
        if let notice = runner.segmentStore?.notice {
            console.error("mediabatch: warning: " + TerminalText.escaped(notice))
        }

        if invocation.verbose {
            LibraryWarnings.forward { line in FileHandle.standardError.write(Data("libav: \(TerminalText.escaped(line))\n".utf8)) }
        }
        let folders = Dictionary(plan.outputs.map { ($0.name, $0.outDirectory) }, uniquingKeysWith: { first, _ in first })
        // Held until the reports are written, so another run's files, fingerprints and reports never mix with these.
        let lock: OutputLock
        do {
            lock = try lockFolders(plan, reportFolders: Array(folders.values) + [invocation.reportDirectory].compactMap { $0 },
                                   wait: !invocation.noWait, console: console)
        } catch {
            console.error("mediabatch: error: " + TerminalText.escaped("\(error)"))
            if case .busy = error { return 75 }
            return 73
        }
        let json = invocation.progressJSON ? JSONProgress() : nil
        let report = render(plan, with: runner, json: json, invocation: invocation, console: console)
        let status = writeReports(report, plan: plan, folders: folders, json: json, invocation: invocation,
                                  console: console)
        withExtendedLifetime(lock) {}
        return status
    }

    /// The run's options from the command line and the environment (a shard from `MEDIABATCH_SHARD_*` when the
    /// command line names none); a usage error for a shard that cannot be read.
    static func batchOptions(_ invocation: Invocation, version: String) -> Result<BatchOptions, Invocation.UsageError> {
        var options = BatchOptions(paths: invocation.paths, toolVersion: version)
        options.outDirectory = invocation.outDirectory
        options.jobs = invocation.jobs
        options.maxMemory = invocation.maxMemory
        options.only = invocation.only
        options.presetOverride = invocation.preset
        options.force = invocation.force
        options.failFast = invocation.failFast
        options.retries = invocation.retries
        options.timeLimit = invocation.timeout
        options.strict = invocation.strict
        options.allowsDevices = invocation.allowDevices
        options.cacheDirectory = DownloadOptions(invocation).cacheDirectory
        if let size = invocation.cacheSize { options.cacheBytes = size }
        do {
            let environment = ProcessInfo.processInfo.environment
            if let text = invocation.shard {
                let spec = try ShardSpec(parsing: text)
                options.shard = (spec.index, spec.count)
            } else if let spec = try ShardSpec.fromEnvironment(environment,
                                                                 count: environment["MEDIABATCH_SHARD_COUNT"].flatMap { Int($0) }) {
                options.shard = (spec.index, spec.count)
            }
        } catch {
            return .failure(Invocation.UsageError(message: "\(error)", command: .run))
        }
        return .success(options)
    }

    /// Renders `plan`, showing progress on the terminal or as JSON lines, stopping the renders on SIGINT and SIGTERM.
    private static func render(_ plan: BatchPlan, with runner: BatchRunner, json: JSONProgress?,
                               invocation: Invocation, console: Console) -> RunReport {
        let display = json == nil ? TerminalDisplay(quiet: invocation.quiet, verbose: invocation.verbose, console: console) : nil
        let signals = SignalWatcher { runner.cancellation.cancel() }
        let report = runner.run(plan) { event in
            json?.handle(event)
            display?.handle(event)
        }
        signals.stop()
        display?.finish()
        return report
    }

    /// Writes `report` into each output folder (and the combined folder asked for) and prints the summary and where
    /// the reports are; the exit status: 0, 1 when an output failed, 73 when a report could not be written.
    private static func writeReports(_ report: RunReport, plan: BatchPlan, folders: [String: String],
                                     json: JSONProgress?, invocation: Invocation, console: Console) -> Int32 {
        let written = ReportFolders.write(report, folders: folders, declared: plan.declaredOutputs,
                                          combined: invocation.reportDirectory)
        var status: Int32 = report.isSuccess ? 0 : 1
        var lines: [String] = []
        for folder in written {
            let path = PlanFormatter.relative(folder.directory) + "/report.html"
            if let error = folder.error {
                // A run whose report is missing or stale must not look like a good one.
                console.error("mediabatch: error: " + TerminalText.escaped("cannot write the report: \(error)"))
                lines.append("report: not written into \(TerminalText.escaped(PlanFormatter.relative(folder.directory)))")
                status = 73
            } else {
                json?.reportWritten(PlanFormatter.relative(folder.directory) + "/report.json")
                lines.append("report: \(TerminalText.escaped(path))")
            }
        }
        if let json {
            FileHandle.standardError.write(Data((report.summaryLine + "\n").utf8))
            json.summary(report, exitStatus: status)
        } else {
            console.output(colored(report.terminalSummary(), console: console), terminator: "")
            for line in lines { console.output(line) }
        }
        return status
    }

    /// Locks the folders the run writes (each output's folder and each report's), waiting with a note for another
    /// run that holds one, or failing at once when `wait` is false.
    static func lockFolders(_ plan: BatchPlan, reportFolders: [String], wait: Bool, console: Console)
        throws(OutputLock.Failure) -> OutputLock
    {
        let outputs = plan.outputs.map { URL(fileURLWithPath: $0.outputPath).deletingLastPathComponent().path }
        let reports = reportFolders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return try OutputLock(folders: outputs + reports, wait: wait) { folder, holder in
            let who = holder.map { " (pid \($0))" } ?? ""
            console.error("mediabatch: note: " + TerminalText.escaped(
                "waiting for another mediabatch run\(who) to finish with '\(folder)'; '--no-wait' fails at once instead"))
        }
    }

    /// `run --dry-run`: what would render, what is up to date, what cannot be built and what would be skipped, each
    /// with its reason.
    static func dryRun(_ plan: BatchPlan, runner: BatchRunner, console: Console) -> Int32 {
        let actions = runner.dryRun(plan)
        let width = actions.map(\.name.count).max() ?? 0
        for action in actions {
            let word = action.kind.rawValue
            let styled = console.status(word, as: action.kind == .upToDate ? "up-to-date" : word)
            let kept = action.keptVideo.flatMap { video in
                video.kept > 0 ? String(format: "; %.1f s of its %.1f s of video kept by earlier runs", video.kept,
                                        video.total) : nil
            } ?? ""
            console.output(styled + String(repeating: " ", count: max(0, 10 - word.count))
                           + "  \(action.name.padding(to: width))  \(action.reason)" + kept)
        }
        let count = { (kind: PlannedAction.Kind) in actions.filter { $0.kind == kind }.count }
        console.output("\(actions.count) output\(actions.count == 1 ? "" : "s"): \(count(.render)) to render, "
                       + "\(count(.upToDate)) up to date, \(count(.fail)) cannot be built, \(count(.skip)) to skip; "
                       + "nothing was rendered")
        return count(.fail) + count(.skip) == 0 ? 0 : 1
    }

    /// The terminal summary with its status words coloured.
    static func colored(_ summary: String, console: Console) -> String {
        guard console.colorsOutput else { return summary }
        return summary.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let word = line.prefix { $0 != " " }
            guard ["rendered", "up-to-date", "failed", "skipped", "cancelled"].contains(String(word)) else { return String(line) }
            return console.status(String(word)) + line.dropFirst(word.count)
        }.joined(separator: "\n")
    }

    static func mergeReports(_ invocation: Invocation, console: Console) -> Int32 {
        var reports: [RunReport] = []
        for path in invocation.paths {
            do {
                reports.append(try RunReport(contentsOf: path))
            } catch {
                if case .missing = error {
                    console.usage(Invocation.UsageError(message: "\(error)", command: .reportMerge))
                    return 64
                }
                console.error("mediabatch: error: " + TerminalText.escaped("'\(path)': \(error)"))
                return 1
            }
        }
        let merged: RunReport
        do {
            merged = try RunReport.merge(reports)
        } catch {
            console.error("mediabatch: error: " + TerminalText.escaped("\(error)"))
            return 1
        }
        let directory = invocation.outDirectory ?? "."
        do {
            try merged.write(to: URL(fileURLWithPath: directory))
        } catch {
            console.error("mediabatch: error: " + TerminalText.escaped("\(error)"))
            return 73
        }
        console.output(colored(merged.terminalSummary(), console: console), terminator: "")
        console.output("report: \(TerminalText.escaped(directory))/report.html")
        return merged.isSuccess ? 0 : 1
    }
}
