import Foundation

extension RunReport {
    /// `report.html`: one static, self-contained page (inline CSS, no scripts) with the summary and one card per
    /// output: the output itself playing inline (`<video controls>` with its poster frame; `<audio>` for sound,
    /// the picture for stills), status, durations, speed, size, codecs, reason (with every problem and note of an
    /// output that could not be built, when there is more than one), warnings, and a link to the file.
    /// Paths inside `directory` (where the page is written) are linked relative to it, so the folder can be moved.
    public func html(relativeTo directory: String? = nil) -> String {
        func link(_ path: String) -> String {
            guard let directory else { return path }
            let base = directory.hasSuffix("/") ? directory : directory + "/"
            return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        }
        let h = ReportText.html
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>mediabatch report</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2rem; background: #f6f6f4; color: #222; }
            .outputs { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: 1rem; align-items: start; }
            .output { background: #fff; border-radius: 6px; padding: 0.8rem; border-top: 4px solid #999; }
            .output.rendered, .output.up-to-date { border-top-color: #2a8a3e; }
            .output.failed { border-top-color: #c62828; }
            .output.skipped, .output.cancelled { border-top-color: #b8860b; }
            .output img, .output video, .output audio { width: 100%; height: auto; display: block; margin-bottom: 0.5rem; background: #111; }
            .earlier { color: #666; font-size: 0.8rem; font-style: italic; }
            .output h2 { font-size: 1rem; margin: 0 0 0.3rem; word-break: break-all; }
            .status { font-weight: bold; text-transform: uppercase; font-size: 0.8rem; }
            dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.8rem; margin: 0.5rem 0; font-size: 0.85rem; }
            dt { color: #666; }
            dd { margin: 0; overflow-wrap: anywhere; }
            .reason { color: #c62828; font-size: 0.85rem; }
            .problems { font-family: monospace; font-size: 0.75rem; padding-left: 1rem; }
            .warnings { color: #8a5a00; font-size: 0.85rem; padding-left: 1.1rem; margin: 0.4rem 0; }
            </style>
            </head>
            <body>
            <h1>mediabatch report</h1>

            """
        page += "<p class=\"summary\">\(h(summaryLine))</p>\n"
        page += "<p class=\"run\">tool \(h(toolVersion)) on \(h(host)), started \(h(startedAt.formatted(.iso8601)))</p>\n"
        page += "<div class=\"outputs\">\n"
        for output in outputs {
            page += "<section class=\"output \(output.status.rawValue)\">\n"
            page += Self.media(output, link: link)
            page += "<h2>\(h(output.name))</h2>\n"
            page += "<div class=\"status\">\(output.status.rawValue)</div>\n"
            if output.isFromEarlierRun(than: startedAt), let checked = output.checkedAt {
                page += "<p class=\"earlier\">from an earlier run (\(h(checked.formatted(Self.timestampStyle)))); this run did not look at it</p>\n"
            }
            var facts: [(String, String)] = []
            if let location = output.location { facts.append(("manifest", location.description)) }
            if let expected = output.expectedDuration { facts.append(("expected", ReportText.seconds(expected.seconds))) }
            if let actual = output.actualDuration { facts.append(("duration", ReportText.seconds(actual.seconds))) }
            if let render = output.renderSeconds { facts.append(("render", ReportText.seconds(render))) }
            if let speed = output.speed { facts.append(("speed", ReportText.speed(speed))) }
            if let size = output.byteSize { facts.append(("size", ReportText.bytes(size))) }
            let codecs = [output.videoCodec, output.audioCodec].compactMap { $0 }
            if !codecs.isEmpty { facts.append(("codecs", codecs.joined(separator: ", "))) }
            if let resolution = output.resolution { facts.append(("resolution", resolution.description)) }
            if let rate = output.frameRate { facts.append(("frame rate", rate.description)) }
            if let loudness = output.loudnessLUFS, loudness.isFinite { facts.append(("loudness", "\(loudness) LUFS")) }
            if let copied = output.copiedFrames { facts.append(("copied", "\(copied) pictures from its sources")) }
            if let reason = output.passthroughReason { facts.append(("encoded", reason)) }
            for clip in output.reframed ?? [] { facts.append(("reframed", clip)) }
            if !output.dependencies.isEmpty { facts.append(("uses", output.dependencies.joined(separator: ", "))) }
            if output.attempts > 1 { facts.append(("attempts", "\(output.attempts)")) }
            if let rendered = output.lastRenderedAt { facts.append(("rendered at", rendered.formatted(Self.timestampStyle))) }
            if !facts.isEmpty {
                page += "<dl>\n"
                for (term, value) in facts { page += "<dt>\(h(term))</dt><dd>\(h(value))</dd>\n" }
                page += "</dl>\n"
            }
            if let reason = output.reasonText { page += "<p class=\"reason\">\(h(reason))</p>\n" }
            if let problems = output.failure?.listedProblems, !problems.isEmpty {
                page += "<ul class=\"problems\">\n"
                for problem in problems { page += "<li>\(h(problem.description))</li>\n" }
                page += "</ul>\n"
            }
            if let warnings = output.warnings, !warnings.isEmpty {
                page += "<ul class=\"warnings\">\n"
                for warning in warnings { page += "<li>\(h(warning.description))</li>\n" }
                page += "</ul>\n"
            }
            if output.status.isSuccess {
                page += "<p><a href=\"\(ReportText.htmlURL(link(output.path)))\">\(h(link(output.path)))</a></p>\n"
            } else {
                page += "<p>\(h(output.path))</p>\n"
            }
            page += "</section>\n"
        }
        page += "</div>\n</body>\n</html>\n"
        return page
    }

    /// The card's player: the output itself for outputs that exist (video with its poster, sound, or the still
    /// picture), else the poster frame alone.
    static func media(_ output: OutputReport, link: (String) -> String) -> String {
        let h = ReportText.html
        let poster = output.posterPath.map { ReportText.htmlURL(link($0)) }
        guard output.status.isSuccess else {
            return poster.map { "<img src=\"\($0)\" alt=\"poster frame of \(h(output.name))\" loading=\"lazy\">\n" } ?? ""
        }
        let source = ReportText.htmlURL(link(output.path))
        switch (output.path as NSString).pathExtension.lowercased() {
        case "m4a", "mp3", "wav", "opus", "ogg":
            return "<audio controls preload=\"none\" src=\"\(source)\"></audio>\n"
        case "jpg", "jpeg", "png":
            return "<img src=\"\(source)\" alt=\"\(h(output.name))\" loading=\"lazy\">\n"
        default:
            let posterAttribute = poster.map { " poster=\"\($0)\"" } ?? ""
            return "<video controls preload=\"none\"\(posterAttribute) src=\"\(source)\" title=\"\(h(output.name))\"></video>\n"
        }
    }
}
