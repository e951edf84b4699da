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
        lines += timelineLines(job, relativeTo: directory)
        lines += textLines(job)
        lines += reframeLines(job)
        lines += beatLines(job)
        lines += duckingLines(job)
        return lines
    }

    /// The OpenTimelineIO timeline an output was cut from: its file, name and start timecode, then its markers.
    static func timelineLines(_ job: Job, relativeTo directory: String) -> [String] {
        guard let timeline = job.timeline else { return [] }
        var line = "  timeline: \(relative(timeline.path, to: directory)) '\(oneLine(timeline.name))'"
        if let start = timeline.startTimecode { line += ", starts at \(start)" }
        var lines = [line]
        for marker in timeline.markers {
            var text = "  marker:   \(TimeSyntax.humanReadable(marker.range.start))"
            if marker.range.duration > .zero { text += "-\(TimeSyntax.humanReadable(marker.range.end))" }
            text += " '\(oneLine(marker.name))' \(oneLine(marker.color.lowercased()))"
            if !marker.comment.isEmpty { text += ": \(oneLine(marker.comment))" }
            lines.append(text)
        }
        return lines
    }

    /// Titles with their time and placement (the anchor, or the canvas region they wrap in), then captions.
    static func textLines(_ job: Job) -> [String] {
        let layers = job.videoComposition?.textLayers ?? []
        let total = job.expectedDuration
        var lines: [String] = [], used = 0
        for title in job.titles {
            let start = MediaTime.minimum(title.at, total)
            let end = title.duration.map { MediaTime.minimum(start + $0, total) } ?? total
            guard end > start else {
                lines.append("  title:    \"\(oneLine(title.text))\" at \(TimeSyntax.humanReadable(title.at)) is past the end; not shown")
                continue
            }
            let placement = used < layers.count ? describe(layers[used].placement) : title.position
            used += 1
            lines.append("  title:    \"\(oneLine(title.text))\" \(TimeSyntax.humanReadable(start))-\(TimeSyntax.humanReadable(end)) \(placement), enter \(title.animate), exit \(title.exit)"
                         + (title.motion == nil ? "" : ", moving"))
        }
        let captions = layers.dropFirst(used)
        if let first = captions.first, let last = captions.last {
            lines.append("  captions: \(captions.count) cue\(captions.count == 1 ? "" : "s") \(TimeSyntax.humanReadable(first.timeRange.start))-\(TimeSyntax.humanReadable(last.timeRange.end)), \(describe(first.placement))")
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

    /// `at bottom`, `at top-left`, `in region {x, y, width, height}`, `at bottom of {x, y, width, height}` (canvas
    /// pixels; captions kept clear of overlays).
    static func describe(_ placement: TextPlacement) -> String {
        let names: [TextPlacement.Anchor: String] = [
            .topLeft: "top-left", .top: "top", .topRight: "top-right", .left: "left", .center: "center",
            .right: "right", .bottomLeft: "bottom-left", .bottom: "bottom", .bottomRight: "bottom-right",
        ]
        switch placement {
        case .region(let rect): return "in region \(pixels(rect))"
        case .anchor(let anchor, _, _): return "at " + (names[anchor] ?? "\(anchor)")
        case .anchoredIn(let anchor, let rect): return "at " + (names[anchor] ?? "\(anchor)") + " of \(pixels(rect))"
        }
    }

    /// `{x, y, width, height}` in canvas pixels to a hundredth: `{27, 48, 486, 801.72}`, not the binary fraction a
    /// percentage of the canvas leaves (`801.7199999999999`).
    static func pixels(_ rect: Rect) -> String {
        let values = [rect.x, rect.y, rect.width, rect.height].map { ValueSyntax.format(($0 * 100).rounded() / 100) }
        return "{" + values.joined(separator: ", ") + "}"
    }

    /// Each ducked track: how deep, under which tracks, from what level, how fast.
    static func duckingLines(_ job: Job) -> [String] {
        job.audioMix.inputParameters.compactMap { parameters -> String? in
            guard let ducking = parameters.ducking else { return nil }
            let decibels = ducking.depth > 0 ? ValueSyntax.format((20 * log10(ducking.depth) * 10).rounded() / 10) + "dB" : "silence"
            let under = ducking.sideChainTrackIDs.map { "audio \($0)" }.joined(separator: ", ")
            return "  ducking:  audio \(parameters.trackID) to \(decibels) while \(under) above \(ValueSyntax.format(ducking.threshold)) dBFS"
                + " (attack \(TimeSyntax.humanReadable(ducking.attack)), release \(TimeSyntax.humanReadable(ducking.release)))"
        }
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

    /// Text from the user (a title, a marker's comment) on one line: its line breaks as `\n`, so the listing keeps
    /// one field per line.
    static func oneLine(_ text: String) -> String { TerminalText.escaped(text) }

    static func sourceName(_ url: URL?, relativeTo directory: String) -> String {
        guard let url else { return "empty" }
        if let generated = GeneratedSource(url: url) { return "<\(generated.kind.rawValue)>" }
        return relative(url.path, to: directory)
    }

    /// `path` relative to `directory` (by default the current one) when it is inside it.
    public static func relative(_ path: String, to directory: String = FileManager.default.currentDirectoryPath) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
