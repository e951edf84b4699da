import Composition
import Foundation
import Manifest
import MediaCore

/// Prints a batch plan for people: each output with its preset, duration, sources, dependencies and a compact
/// timeline per track.
public enum PlanFormatter {
    /// The whole plan as text.
    public static func text(_ plan: BatchPlan, relativeTo directory: String = FileManager.default.currentDirectoryPath) -> String {
        var lines: [String] = []
        let problems = Dictionary(plan.problems.map { ($0.output, $0) }, uniquingKeysWith: { first, _ in first })
        let jobs = Dictionary(plan.jobs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Source names by URL: reading a generator's URL is not free, and 10 000 jobs share a handful of sources.
        var names: [URL: String] = [:]
        for spec in plan.outputs {
            if let job = jobs[spec.name] {
                lines += describe(plan.jobs[job], relativeTo: directory, names: &names)
            } else if let problem = problems[spec.name] {
                lines.append("\(spec.name)  (cannot be built)")
                lines.append("  error: \(problem.reason)  [\(problem.diagnostic.location.map(\.description) ?? spec.manifestPath)]")
            }
            lines.append("")
        }
        let seconds = plan.jobs.reduce(0.0) { $0 + $1.expectedDuration.seconds }
        lines.append("\(plan.jobs.count) output\(plan.jobs.count == 1 ? "" : "s") planned, \(TimeSyntax.humanReadable(MediaTime(seconds: seconds, preferredTimescale: 1000))) of media"
                     + (plan.problems.isEmpty ? "" : ", \(plan.problems.count) cannot be built"))
        return lines.joined(separator: "\n")
    }

    /// One job's lines.
    static func describe(_ job: Job, relativeTo directory: String, names: inout [URL: String]) -> [String] {
        var lines: [String] = []
        lines.append("\(job.name)  \(TimeSyntax.humanReadable(job.expectedDuration))  \(presetSummary(job.settings))")
        lines.append("  file:     \(relative(job.outputPath, to: directory))")
        lines.append("  declared: \(relative(job.location.file, to: directory)):\(job.location.line):\(job.location.column)")
        if !job.dependencies.isEmpty {
            lines.append("  needs:    " + job.dependencies.map { "'\($0)'" }.joined(separator: ", "))
        }
        for track in job.composition.tracks {
            let pieces = track.segments.filter { !$0.isEmpty }.map { segment -> String in
                let target = segment.targetRange
                let source = segment.sourceRange
                var text = "\(TimeSyntax.humanReadable(target.start))-\(TimeSyntax.humanReadable(target.end)) "
                if let url = segment.sourceURL {
                    if let known = names[url] {
                        text += known
                    } else {
                        let name = sourceName(url, relativeTo: directory)
                        names[url] = name
                        text += name
                    }
                } else {
                    text += sourceName(nil, relativeTo: directory)
                }
                text += "[\(TimeSyntax.humanReadable(source.start))-\(TimeSyntax.humanReadable(source.end))]"
                if segment.rate != 1 { text += " x\(ValueSyntax.format((segment.rate * 1000).rounded() / 1000))" }
                return text
            }
            lines.append("  \(track.mediaType.rawValue) \(track.trackID): " + (pieces.isEmpty ? "(empty)" : pieces.joined(separator: " | ")))
        }
        if let video = job.videoComposition {
            let ramps = video.instructions.filter { instruction in
                instruction.layerInstructions.contains { $0.opacityRamp(at: instruction.timeRange.start) != nil && $0.opacity(at: instruction.timeRange.start) != $0.opacity(at: instruction.timeRange.end) }
            }.count
            lines.append("  layers:   \(video.instructions.count) instruction\(video.instructions.count == 1 ? "" : "s"), \(ramps) with opacity ramps, canvas \(Int(video.renderSize.width))x\(Int(video.renderSize.height))")
        }
        if !job.cuts.isEmpty {
            lines.append("  cuts:     " + job.cuts.map { cutSummary($0, relativeTo: directory) }.joined(separator: " | "))
        }
        for title in job.titles {
            lines.append("  title:    \"\(title.text)\" at \(TimeSyntax.humanReadable(title.at)) (\(title.position), \(title.animate))")
        }
        return lines
    }

    /// `3.6s crossfade 0.4s`, `6s cut`, `8.1s dip 0.5s white ease-in-out`, `9s luma 1s wipes/heart.png softness 0.1`.
    static func cutSummary(_ cut: PlannedCut, relativeTo directory: String) -> String {
        let transition = cut.transition
        var text = "\(TimeSyntax.humanReadable(cut.at)) \(transition.kind.rawValue)"
        guard transition.kind != .cut else { return text }
        text += " \(TimeSyntax.humanReadable(transition.duration))"
        if transition.kind == .dip { text += " \(transition.color)" }
        if case .file(let path) = transition.image { text += " " + relative(path, to: directory) }
        if transition.softness > 0 { text += " softness \(ValueSyntax.format(transition.softness))" }
        if transition.ease != .linear { text += " \(transition.ease)" }
        return text
    }

    /// `draft (h264 960x540 30fps crf 28, aac 96k 48000Hz 2ch)`.
    static func presetSummary(_ settings: ExportSettings) -> String {
        var parts: [String] = []
        if let video = settings.video {
            var text = "\(video.codec.rawValue) \(video.width)x\(video.height) \(video.frameRate)fps"
            if let crf = video.crf { text += " crf \(crf)" }
            parts.append(text)
        }
        if let audio = settings.audio {
            parts.append("\(audio.codec.rawValue) \(audio.bitRate / 1000)k \(audio.sampleRate)Hz \(audio.channels)ch")
        }
        return "\(settings.name) (\(settings.container.rawValue): " + parts.joined(separator: ", ") + ")"
    }

    static func sourceName(_ url: URL?, relativeTo directory: String) -> String {
        guard let url else { return "empty" }
        if let generated = GeneratedSource(url: url) { return "<\(generated.kind.rawValue)>" }
        return relative(url.path, to: directory)
    }

    /// `path` relative to `directory` when it is inside it.
    static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
