extension RunReport {
    /// `report.xml`: one JUnit test suite `mediabatch`, one test case per output (classname = manifest file,
    /// name = output name, time = render seconds); failed outputs carry `<failure type="stage">` (with every
    /// problem and note of an output that could not be built as its text, one per line), skipped and
    /// cancelled ones `<skipped>`, and outputs with warnings list them in `<system-out>`, one per line.
    public func junitXML() -> String {
        let x = ReportText.xml
        func time(_ seconds: Double?) -> String {
            guard let seconds, seconds.isFinite else { return "0.000" }
            return String(format: "%.3f", seconds)
        }
        let failures = totals.failed
        let skipped = totals.skipped + totals.cancelled
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let counts = #"tests="\#(totals.total)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(time(wallSeconds))""#
        lines.append(#"<testsuites name="mediabatch" \#(counts)>"#)
        let stamp = startedAt.formatted(.iso8601)
        lines.append(#"  <testsuite name="mediabatch" \#(counts) timestamp="\#(x(stamp))" hostname="\#(x(host))">"#)
        for output in outputs {
            let classname = output.location?.file ?? "mediabatch"
            let open = #"    <testcase classname="\#(x(classname))" name="\#(x(output.name))" time="\#(time(output.renderSeconds))""#
            switch output.status {
            case .rendered, .upToDate:
                if let warnings = output.warnings, !warnings.isEmpty {
                    lines.append(open + ">")
                    lines.append("      <system-out>" + warnings.map { x($0.description) }.joined(separator: "\n") + "</system-out>")
                    lines.append("    </testcase>")
                } else {
                    lines.append(open + "/>")
                }
            case .failed:
                let failure = output.failure ?? OutputFailure(stage: .load, reason: "failed")
                lines.append(open + ">")
                let head = #"      <failure message="\#(x(failure.reason))" type="\#(failure.stage.rawValue)""#
                if let problems = failure.problems, !problems.isEmpty {
                    // Every problem and note, one per line, where a CI page shows a failure's details.
                    lines.append(head + ">" + problems.map { x($0.description) }.joined(separator: "\n") + "</failure>")
                } else {
                    lines.append(head + "/>")
                }
                lines.append("    </testcase>")
            case .skipped, .cancelled:
                let reason = output.skipReason ?? output.status.rawValue
                lines.append(open + ">")
                lines.append(#"      <skipped message="\#(x(reason))"/>"#)
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
