import Foundation

extension RunReport {
    /// One line on the video segments outputs took from the run's shared cache, nil when none did.
    public var reuseLine: String? {
        let reusing = outputs.filter { !($0.reusedSegments ?? []).isEmpty }
        guard !reusing.isEmpty else { return nil }
        let count = reusing.reduce(0) { $0 + ($1.reusedSegments?.count ?? 0) }
        let seconds = reusing.reduce(0) { $0 + ($1.reusedSeconds ?? 0) }
        return "shared segments: \(count) reused by \(reusing.count) output\(reusing.count == 1 ? "" : "s"), "
            + String(format: "%.1f s", seconds) + " of video not rendered again"
    }

    /// The markdown section listing, per output, the segments it reused and the seconds they saved.
    func reuseSection() -> [String] {
        guard let reuseLine else { return [] }
        let md = ReportText.markdown
        var lines = ["", "### Shared segments", "", md(reuseLine), ""]
        for output in outputs {
            guard let segments = output.reusedSegments, !segments.isEmpty else { continue }
            let seconds = String(format: "%.1f s", output.reusedSeconds ?? 0)
            lines.append("- **\(md(output.name))** (\(seconds)): \(md(segments.joined(separator: ", ")))")
        }
        return lines
    }
}
