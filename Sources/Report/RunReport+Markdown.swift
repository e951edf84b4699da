extension RunReport {
    /// `report.md` for CI step summaries: a summary line, a table of all outputs, then failed outputs with their
    /// reasons (and every problem and note of one that could not be built, when there is more than one), warnings,
    /// outputs a passthrough preset could not copy whole, and not-rendered outputs with their reasons. All user text
    /// is escaped so `|` cannot break the table.
    public func markdown() -> String {
        let md = ReportText.markdown
        var lines = ["## mediabatch", "", "**\(md(summaryLine))**", ""]
        lines.append("| status | name | duration | render | speed | size |")
        lines.append("|---|---|---:|---:|---:|---:|")
        for output in outputs {
            let earlier = output.isFromEarlierRun(than: startedAt) ? " (earlier run)" : ""
            let cells = [
                output.status.rawValue + earlier, md(output.name), ReportText.seconds(output.displayDuration?.seconds),
                ReportText.seconds(output.renderSeconds), ReportText.speed(output.speed), ReportText.bytes(output.byteSize),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines += reuseSection()
        let failed = outputs.filter { $0.status == .failed }
        if !failed.isEmpty {
            lines += ["", "### Failures", ""]
            for output in failed {
                let failure = output.failure
                let stage = failure.map { " (\($0.stage.rawValue))" } ?? ""
                lines.append("- **\(md(output.name))**\(stage): \(md(failure?.reason ?? "failed"))")
                for problem in failure?.listedProblems ?? [] { lines.append("  - \(md(problem.description))") }
            }
        }
        let warned = outputs.filter { !($0.warnings ?? []).isEmpty }
        if !warned.isEmpty {
            lines += ["", "### Warnings", ""]
            for output in warned {
                for warning in output.warnings ?? [] {
                    lines.append("- **\(md(output.name))** (\(warning.stage.rawValue)): \(md(warning.message))")
                }
            }
        }
        let reframed = outputs.filter { $0.reframed != nil }
        if !reframed.isEmpty {
            lines += ["", "### Reframed", ""]
            for output in reframed {
                for clip in output.reframed ?? [] { lines.append("- **\(md(output.name))** \(md(clip))") }
            }
        }
        let encoded = outputs.filter { $0.passthroughReason != nil }
        if !encoded.isEmpty {
            lines += ["", "### Passthrough", ""]
            // The pictures they copied are in the shared-segments section.
            for output in encoded {
                lines.append("- **\(md(output.name))** encoded (\(md(output.passthroughReason ?? "")))")
            }
        }
        let notRun = outputs.filter { $0.status == .skipped || $0.status == .cancelled }
        if !notRun.isEmpty {
            lines += ["", "### Not rendered", ""]
            for output in notRun {
                lines.append("- **\(md(output.name))** \(output.status.rawValue): \(md(output.skipReason ?? output.status.rawValue))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
