import Composition
import MediaCore

extension JobBuilder {
    /// Refuses a timeline longer than the manifest's `limits.duration`, at the first clip that crosses it, before
    /// any track is filled.
    func checkDuration(of placed: [PlacedClip], spec: OutputSpec) throws {
        let limit = spec.timelineLimits.duration
        guard let clip = placed.first(where: { $0.end > limit }) else { return }
        let location = clip.clip.to != nil || clip.clip.duration != nil ? clip.clip.rangeLocation : clip.clip.location
        throw problem(spec, stage: "load", durationMessage(clip.end, limit: limit), at: location)
    }

    /// Refuses a composition (explicit tracks included) longer than the manifest's `limits.duration`.
    func checkDuration(_ total: MediaTime, spec: OutputSpec) throws {
        let limit = spec.timelineLimits.duration
        guard total > limit else { return }
        throw problem(spec, stage: "load", durationMessage(total, limit: limit), at: spec.location)
    }

    /// Refuses a looped soundtrack of `length` that would repeat more often than `limits.loops` to fill `total`.
    func checkRepetitions(of soundtrack: SoundtrackSpec, length: MediaTime, total: MediaTime, spec: OutputSpec) throws {
        guard soundtrack.loop, length.isNumeric, length > .zero, total.isNumeric else { return }
        let limit = spec.timelineLimits.loops
        // The first pass plays from `from`; every later one plays the whole bed.
        let first = length - MediaTime.minimum(soundtrack.from, length)
        guard total > first else { return }
        let rest = (total - first).seconds / length.seconds
        let repetitions = 1 + (rest.isFinite ? rest.rounded(.up) : .infinity)
        guard repetitions > Double(limit) else { return }
        let count = repetitions < 1e15 ? "\(Int(repetitions))" : "more than \(Int(1e15))"
        throw problem(spec, stage: "load",
                      "the looped soundtrack is \(TimeSyntax.humanReadable(length)) long, so filling \(TimeSyntax.humanReadable(total)) would repeat it \(count) times, more than the limit of \(limit); raise it with 'limits: { loops: N }' at the top of the manifest, or check the soundtrack's length",
                      at: soundtrack.location)
    }

    private func durationMessage(_ end: MediaTime, limit: MediaTime) -> String {
        "the output would last \(TimeSyntax.humanReadable(end)), more than the limit of \(TimeSyntax.humanReadable(limit)); raise it with 'limits: { duration: ... }' at the top of the manifest, or check the clip's times and units"
    }
}
