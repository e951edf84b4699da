import MediaCore
import YAML

extension ManifestFile {
    /// The largest `limits.outputs` a manifest may set.
    static let maxOutputLimit = 10_000_000

    /// The longest `limits.render_time` a manifest may set: 7 days, as `--timeout`.
    static let maxRenderTime = MediaTime(value: 7 * 24 * 3600, timescale: 1)

    /// `limits: { outputs: N, duration: TIME, loops: N, render_time: TIME }`: the most outputs this manifest may
    /// expand to, how long each may last, how often a soundtrack may loop in one, and how long one render may run.
    static func limits(_ node: YAMLNode, reader: inout NodeReader)
        -> (outputs: Int?, timeline: TimelineLimits, renderTime: MediaTime?) {
        var timeline = TimelineLimits()
        guard let fields = reader.mapping(node, in: "'limits'", keys: ManifestSchema.limits) else {
            return (nil, timeline, nil)
        }
        let outputs = fields["outputs"].flatMap { reader.integer($0, "outputs", in: 1...maxOutputLimit) }
        if let node = fields["duration"], let time = reader.time(node, "duration", frameRate: nil) {
            if time > .zero, time <= TimelineLimits.maxDuration {
                timeline.duration = time
            } else {
                reader.error("'duration' must be above 0 and at most \(TimeSyntax.humanReadable(TimelineLimits.maxDuration)), not \(TimeSyntax.humanReadable(time))", at: node)
            }
        }
        if let node = fields["loops"], let loops = reader.integer(node, "loops", in: 1...TimelineLimits.maxLoops) {
            timeline.loops = loops
        }
        var renderTime: MediaTime?
        if let node = fields["render_time"], let time = reader.time(node, "render_time", frameRate: nil) {
            if time >= MediaTime(value: 1, timescale: 1), time <= maxRenderTime {
                renderTime = time
            } else {
                reader.error("'render_time' must be from 1s to 7 days, such as '90s' or '01:30:00', not "
                             + "\(TimeSyntax.humanReadable(time))", at: node)
            }
        }
        return (outputs, timeline, renderTime)
    }

    /// `presets:`: presets defined in the manifest by name, each a mapping like a file in `presets/`.
    static func presets(_ node: YAMLNode, reader: inout NodeReader) -> [String: YAMLNode] {
        namedEntries(node, kind: "preset", of: "preset names to presets", reader: &reader) { value, name, reader in
            guard value.isMapping else {
                reader.error("preset '\(name)' must be a mapping such as '{ base: web-1080p, video: { crf: 23 } }', not a \(value.kindName)", at: value)
                return false
            }
            return true
        }
    }
}
