import Foundation
import MediaBatch
import Report
import Scheduler

/// `run` and `report merge`.
enum BatchCommand {
    static func run(_ invocation: Invocation, version: String) -> Int32 {
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: invocation.only,
                                  outDirectory: invocation.outDirectory)
        Commands.printErrors(plan.diagnostics)
        if plan.isInvalid { return 2 }
        Commands.printErrors(plan.problems.map(\.diagnostic))
        if invocation.dryRun {
            print(PlanFormatter.text(plan))
            return plan.problems.isEmpty ? 0 : 1
        }
        var options = BatchOptions(paths: invocation.paths, toolVersion: version)
        options.outDirectory = invocation.outDirectory
        options.jobs = invocation.jobs
        options.only = invocation.only
        options.presetOverride = invocation.preset
        options.force = invocation.force
        options.failFast = invocation.failFast
        options.strict = invocation.strict
        options.retries = invocation.retries
        do {
            if let text = invocation.shard {
                let spec = try ShardSpec(parsing: text)
                options.shard = (spec.index, spec.count)
            } else if let spec = try ShardSpec.fromEnvironment(ProcessInfo.processInfo.environment,
                                                                 count: ProcessInfo.processInfo.environment["MEDIABATCH_SHARD_COUNT"].flatMap { Int($0) }) {
                options.shard = (spec.index, spec.count)
            }
        } catch {
            FileHandle.standardError.write(Data("mediabatch: error: \(error)\n".utf8))
            return 64
        }

        if invocation.verbose {
            LibraryWarnings.forward { line in FileHandle.standardError.write(Data("libav: \(line)\n".utf8)) }
        }
        let runner = BatchRunner(options: options)
        let signals = SignalWatcher { runner.cancellation.cancel() }
        let display = TerminalDisplay(quiet: invocation.quiet, verbose: invocation.verbose)
        let report = runner.run(plan) { display.handle($0) }
        signals.stop()
        display.finish()

        let directory = reportDirectory(plan, invocation: invocation)
        do {
            _ = try report.write(to: URL(fileURLWithPath: directory))
        } catch {
            FileHandle.standardError.write(Data("mediabatch: error: cannot write the report: \(error)\n".utf8))
        }
        print(report.terminalSummary())
        print("report: \(directory)/report.html")
        return report.isSuccess ? 0 : 1
    }

    /// `--out`, else the directory most outputs go to, else `out`.
    static func reportDirectory(_ plan: BatchPlan, invocation: Invocation) -> String {
        if let out = invocation.outDirectory { return out }
        let directories = plan.jobs.map { URL(fileURLWithPath: $0.outputPath).deletingLastPathComponent().path }
        let counts = Dictionary(directories.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "out"
    }

    static func mergeReports(_ invocation: Invocation, version: String) -> Int32 {
        var reports: [RunReport] = []
        for path in invocation.paths {
            let file = path.hasSuffix(".json") ? path : (path as NSString).appendingPathComponent("report.json")
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("mediabatch: error: no report at '\(file)'\n".utf8))
                return 64
            }
            do {
                reports.append(try RunReport(jsonData: data))
            } catch {
                FileHandle.standardError.write(Data("mediabatch: error: '\(file)': \(error)\n".utf8))
                return 1
            }
        }
        do {
            let merged = try RunReport.merge(reports)
            let directory = invocation.outDirectory ?? "."
            _ = try merged.write(to: URL(fileURLWithPath: directory))
            print(merged.terminalSummary())
            print("report: \(directory)/report.html")
            return merged.isSuccess ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("mediabatch: error: \(error)\n".utf8))
            return 1
        }
    }
}
