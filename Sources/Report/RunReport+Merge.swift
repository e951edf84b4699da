import Foundation

extension RunReport {
    /// Joins shard reports into one: outputs concatenated and sorted by name, totals recounted, started = earliest,
    /// finished = latest, wall time = the longest shard's, hosts listed once each; no shard is set on the result.
    /// Throws when an output name appears twice or there is nothing to merge.
    public static func merge(_ reports: [RunReport]) throws(ReportError) -> RunReport {
        guard let first = reports.first else { throw .nothingToMerge }
        var seen: Set<String> = []
        var outputs: [OutputReport] = []
        for report in reports {
            if report.schemaVersion > currentSchemaVersion { throw .unsupportedSchemaVersion(report.schemaVersion) }
            for output in report.outputs {
                guard seen.insert(output.name).inserted else { throw .duplicateOutput(output.name) }
                outputs.append(output)
            }
        }
        var hosts: [String] = []
        for report in reports where !hosts.contains(report.host) { hosts.append(report.host) }
        return RunReport(
            toolVersion: first.toolVersion,
            host: hosts.joined(separator: ", "),
            startedAt: reports.map(\.startedAt).min()!,
            finishedAt: reports.map(\.finishedAt).max()!,
            wallSeconds: reports.map(\.wallSeconds).max()!,
            shard: nil,
            outputs: outputs)
    }
}
