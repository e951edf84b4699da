import Foundation

extension RunReport {
    /// This run's report for a folder whose earlier report was `previous`: this run's entries, stamped as checked
    /// when it finished, plus the earlier entries this run did not look at (by name and by file) for which `keeps`
    /// is true (an output
    /// still declared for the folder, or whose file is still there), left as they were. Run facts are this run's.
    public func updating(_ previous: RunReport?, keeps: (OutputReport) -> Bool) -> RunReport {
        var outputs = self.outputs.map { output in
            var output = output
            output.checkedAt = output.checkedAt ?? finishedAt
            return output
        }
        let names = Set(outputs.map(\.name)), paths = Set(outputs.map(\.path))
        for output in previous?.outputs ?? [] where !names.contains(output.name) && !paths.contains(output.path) && keeps(output) {
            var kept = output
            kept.checkedAt = kept.checkedAt ?? previous?.finishedAt
            outputs.append(kept)
        }
        return RunReport(toolVersion: toolVersion, host: host, startedAt: startedAt, finishedAt: finishedAt,
                         wallSeconds: wallSeconds, shard: shard, outputs: outputs)
    }

    /// How many entries come from earlier runs.
    public var earlierRunCount: Int { outputs.filter { $0.isFromEarlierRun(than: startedAt) }.count }
}
