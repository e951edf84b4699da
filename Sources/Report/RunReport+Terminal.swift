extension RunReport {
    /// A plain-text table for the terminal: status, name, duration, render time, speed, size and, when an output
    /// failed or was skipped, the reasons, then the summary line. Columns are padded by character count.
    public func terminalSummary() -> String {
        let hasReasons = outputs.contains { $0.reasonText != nil }
        let header = ["STATUS", "NAME", "DURATION", "RENDER", "SPEED", "SIZE"] + (hasReasons ? ["REASON"] : [])
        var rows = [header]
        for output in outputs {
            let cells = [
                output.status.rawValue, ReportText.oneLine(output.name), ReportText.seconds(output.displayDuration?.seconds),
                ReportText.seconds(output.renderSeconds), ReportText.speed(output.speed),
                ReportText.bytes(output.byteSize),
            ]
            rows.append(cells + (hasReasons ? [output.reasonText ?? ""] : []))
        }
        let rightAligned: Set<Int> = [2, 3, 4, 5]
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        var lines: [String] = []
        for row in rows {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                cells.append(rightAligned.contains(column) ? padding + cell : cell + padding)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        lines.append("")
        lines.append(summaryLine)
        if let reuseLine { lines.append(reuseLine) }
        if let earlierRunsLine { lines.append(earlierRunsLine) }
        return lines.joined(separator: "\n") + "\n"
    }
}
