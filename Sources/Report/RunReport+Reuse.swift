import Foundation

extension RunReport {
    /// One line on the video segments and soundtracks outputs took from the run's shared cache and the pictures they
    /// copied from their sources, nil when none did.
    public var reuseLine: String? {
        let reusing = outputs.filter { !($0.reusedSegments ?? []).isEmpty }
        let sounds = outputs.filter { $0.reusedSoundtrack != nil }.count
        let copying = outputs.filter { ($0.copiedFrames ?? 0) > 0 }
        guard !reusing.isEmpty || sounds > 0 || !copying.isEmpty else { return nil }
        let count = reusing.reduce(0) { $0 + ($1.reusedSegments?.count ?? 0) }
        let seconds = reusing.reduce(0) { $0 + ($1.reusedSeconds ?? 0) }
        var parts: [String] = []
        if !reusing.isEmpty {
            parts.append("\(count) reused by \(reusing.count) output\(reusing.count == 1 ? "" : "s"), "
                         + String(format: "%.1f s", seconds) + " of video not rendered again")
        }
        if sounds > 0 { parts.append("\(sounds) output\(sounds == 1 ? "" : "s") copied the sound of another") }
        if !copying.isEmpty {
            let pictures = copying.reduce(0) { $0 + ($1.copiedFrames ?? 0) }
            parts.append("\(copying.count) output\(copying.count == 1 ? "" : "s") copied \(pictures) pictures from their sources")
        }
        return "shared segments: " + parts.joined(separator: "; ")
    }

    /// One line on the video segments outputs took from the segment cache folder (encoded by earlier runs), nil
    /// when none did.
    public var earlierRunsLine: String? {
        let taking = outputs.filter { !($0.cachedSegments ?? []).isEmpty }
        guard !taking.isEmpty else { return nil }
        let count = taking.reduce(0) { $0 + ($1.cachedSegments?.count ?? 0) }
        let seconds = taking.reduce(0) { $0 + ($1.cachedSeconds ?? 0) }
        return "from earlier runs: \(count) segment\(count == 1 ? "" : "s") (" + String(format: "%.1f s", seconds)
            + " of video) taken from the cache by \(taking.count) output\(taking.count == 1 ? "" : "s"), not encoded again"
    }

    /// The markdown section listing, per output, the segments it reused and the seconds they saved, and the pictures
    /// it copied from its sources.
    func reuseSection() -> [String] {
        guard reuseLine != nil || earlierRunsLine != nil else { return [] }
        let md = ReportText.markdown
        var lines = ["", "### Shared segments", ""] + [reuseLine, earlierRunsLine].compactMap { $0.map(md) } + [""]
        for output in outputs {
            let segments = (output.reusedSegments ?? []) + (output.cachedSegments ?? [])
                + (output.reusedSoundtrack.map { [$0] } ?? [])
            let copied = output.copiedFrames.map { "\($0) pictures copied from the sources" }
            guard !segments.isEmpty || copied != nil else { continue }
            let total = (output.reusedSeconds ?? 0) + (output.cachedSeconds ?? 0)
            let seconds = total > 0 ? String(format: " (%.1f s of video)", total) : ""
            let parts = (segments.isEmpty ? [] : [md(segments.joined(separator: ", "))]) + (copied.map { [$0] } ?? [])
            lines.append("- **\(md(output.name))**\(seconds): \(parts.joined(separator: "; "))")
        }
        return lines
    }
}
