import Foundation
import Manifest
import MediaBatch
import MediaCore
import Report
import Scheduler

/// `run` and `report merge`.
enum BatchCommand {
    static func run(_ invocation: Invocation, version: String) -> Int32 {
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: invocation.only,
                                  outDirectory: invocation.outDirectory, allowsDevices: invocation.allowDevices,
                                  limits: invocation.limits)
        Commands.printErrors(plan.diagnostics)
        if plan.isInvalid { return 2 }
        Commands.printErrors(plan.problems.map(\.diagnostic))
        if invocation.dryRun {
            print(TerminalText.escaped(PlanFormatter.text(plan), keepingNewlines: true))
            return plan.problems.isEmpty ? 0 : 1
        }
        var options = BatchOptions(paths: invocation.paths, toolVersion: version)
        options.outDirectory = invocation.outDirectory
        options.jobs = invocation.jobs
        options.only = invocation.only
        options.presetOverride = invocation.preset
        options.force = invocation.force
        options.failFast = invocation.failFast
        options.retries = invocation.retries
        options.allowsDevices = invocation.allowDevices
        do {
            if let text = invocation.shard {
                let spec = try ShardSpec(parsing: text)
                options.shard = (spec.index, spec.count)
            } else if let spec = try ShardSpec.fromEnvironment(ProcessInfo.processInfo.environment,
                                                                 count: ProcessInfo.processInfo.environment["MEDIABATCH_SHARD_COUNT"].flatMap { Int($0) }) {
                options.shard = (spec.index, spec.count)
            }
        } catch {
            printError("\(error)")
            return 64
        }

        if invocation.verbose {
            LibraryWarnings.forward { line in FileHandle.standardError.write(Data("libav: \(TerminalText.escaped(line))\n".utf8)) }
        }
        let directory = reportDirectory(plan, invocation: invocation)
        // Held until the report is written, so another run's files, fingerprints and report never mix with these.
        let lock: OutputLock
        do {
            lock = try lockFolders(plan, reportDirectory: directory, wait: !invocation.noWait)
        } catch {
            printError("\(error)")
            if case .busy = error { return 75 }
            return 73
        }
        let runner = BatchRunner(options: options)
        let signals = SignalWatcher { runner.cancellation.cancel() }
        let display = TerminalDisplay(quiet: invocation.quiet, verbose: invocation.verbose)
        let report = runner.run(plan) { display.handle($0) }
        signals.stop()
        display.finish()

        var status: Int32 = report.isSuccess ? 0 : 1
        do {
            _ = try report.write(to: URL(fileURLWithPath: directory))
        } catch {
            // A run whose report is missing or stale must not look like a good one.
            printError("cannot write the report: \(error)")
            status = 73
        }
        withExtendedLifetime(lock) {}
        print(report.terminalSummary())
        print(status == 73 ? "report: not written" : "report: \(TerminalText.escaped(directory))/report.html")
        return status
    }

    /// Locks the folders the run writes: each output's folder and the report's.
    static func lockFolders(_ plan: BatchPlan, reportDirectory: String, wait: Bool) throws(OutputLock.Failure) -> OutputLock {
        let outputs = plan.outputs.map { URL(fileURLWithPath: $0.outputPath).deletingLastPathComponent().path }
        let report = URL(fileURLWithPath: reportDirectory).standardizedFileURL.path
        return try OutputLock(folders: outputs + [report], wait: wait) { folder, holder in
            printError("waiting for another mediabatch run\(holder.map { " (pid \($0))" } ?? "") to finish with '\(folder)'; '--no-wait' fails at once instead", severity: "note")
        }
    }

    /// `mediabatch: error: message` on standard error, with anything a terminal would act on escaped.
    static func printError(_ message: String, severity: String = "error") {
        FileHandle.standardError.write(Data("mediabatch: \(severity): \(TerminalText.escaped(message))\n".utf8))
    }

    /// `--out`, else the directory most outputs go to (the outputs' `out` when none could be built), else `out`.
    static func reportDirectory(_ plan: BatchPlan, invocation: Invocation) -> String {
        if let out = invocation.outDirectory { return out }
        let directories = plan.jobs.isEmpty
            ? plan.outputs.map(\.outDirectory)
            : plan.jobs.map { URL(fileURLWithPath: $0.outputPath).deletingLastPathComponent().path }
        let counts = Dictionary(directories.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "out"
    }

    static func mergeReports(_ invocation: Invocation, version: String) -> Int32 {
        var reports: [RunReport] = []
        for path in invocation.paths {
            let file = path.hasSuffix(".json") ? path : (path as NSString).appendingPathComponent("report.json")
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("no report at '\(file)'")
                return 64
            }
            do {
                reports.append(try RunReport(jsonData: data))
            } catch {
                printError("'\(file)': \(error)")
                return 1
            }
        }
        do {
            let merged = try RunReport.merge(reports)
            let directory = invocation.outDirectory ?? "."
            _ = try merged.write(to: URL(fileURLWithPath: directory))
            print(merged.terminalSummary())
            print("report: \(TerminalText.escaped(directory))/report.html")
            return merged.isSuccess ? 0 : 1
        } catch {
            printError("\(error)")
            return 1
        }
    }
}
