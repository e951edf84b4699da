import Foundation

extension RunReport {
    /// One line on the video segments and soundtracks outputs took from the run's shared cache, nil when none did.
    public var reuseLine: String? {
        let reusing = outputs.filter { !($0.reusedSegments ?? []).isEmpty }
        let sounds = outputs.filter { $0.reusedSoundtrack != nil }.count
        guard !reusing.isEmpty || sounds > 0 else { return nil }
        let count = reusing.reduce(0) { $0 + ($1.reusedSegments?.count ?? 0) }
        let seconds = reusing.reduce(0) { $0 + ($1.reusedSeconds ?? 0) }
        var parts: [String] = []
        if !reusing.isEmpty {
            parts.append("\(count) reused by \(reusing.count) output\(reusing.count == 1 ? "" : "s"), "
                         + String(format: "%.1f s", seconds) + " of video not rendered again")
        }
        if sounds > 0 { parts.append("\(sounds) output\(sounds == 1 ? "" : "s") copied the sound of another") }
        return "shared segments: " + parts.joined(separator: "; ")
    }

    /// The markdown section listing, per output, the segments it reused and the seconds they saved.
    func reuseSection() -> [String] {
        guard let reuseLine else { return [] }
        let md = ReportText.markdown
        var lines = ["", "### Shared segments", "", md(reuseLine), ""]
        for output in outputs {
            let segments = (output.reusedSegments ?? []) + (output.reusedSoundtrack.map { [$0] } ?? [])
            guard !segments.isEmpty else { continue }
            let seconds = String(format: "%.1f s", output.reusedSeconds ?? 0)
            lines.append("- **\(md(output.name))** (\(seconds) of video): \(md(segments.joined(separator: ", ")))")
        }
        return lines
    }
}
