import MediaCore

extension JobBuilder {
    /// Warnings about a job that builds but probably does not show what was meant: a clip whose source has no
    /// picture in an output with video (it shows the background colour), or no sound in an audio-only output (it is
    /// silent), each at the clip's `source`; and what laying its text out found (see `checkText`).
    public func warnings(for spec: OutputSpec, built: [String: Job]) -> [Diagnostic] {
        let wantsVideo = spec.settings.video != nil
        let wantsAudioOnly = !wantsVideo && spec.settings.audio != nil
        var clips = spec.clips
        if let intro = spec.intro { clips.insert(intro, at: 0) }
        if let outro = spec.outro { clips.append(outro) }
        var seen = Set<SourceLocation>()
        var warnings: [Diagnostic] = []
        for clip in clips where seen.insert(clip.location).inserted {
            guard let info = try? sourceInfo(clip.source, spec: spec, at: clip.location, built: built) else { continue }
            let message: String
            if wantsVideo && info.video == nil {
                message = "\(label(clip.source, in: spec)) has no picture; output '\(spec.name)' shows the background colour for this clip"
            } else if wantsAudioOnly && info.audio == nil {
                message = "\(label(clip.source, in: spec)) has no sound; audio-only output '\(spec.name)' is silent for this clip"
            } else {
                continue
            }
            warnings.append(sources[spec.manifestPath]?.diagnostic(.warning, at: clip.location, message)
                            ?? Diagnostic(.warning, at: clip.location, message))
        }
        return warnings + catalog.textWarnings(for: spec.name)
    }
}
