import MediaCore
import YAML

extension ManifestFile {
    /// The largest `limits.outputs` a manifest may set.
    static let maxOutputLimit = 10_000_000

    /// `limits: { outputs: N, duration: TIME, loops: N }`: the most outputs this manifest may expand to, how long
    /// each may last and how often a soundtrack may loop in one.
    static func limits(_ node: YAMLNode, reader: inout NodeReader) -> (outputs: Int?, timeline: TimelineLimits) {
        var timeline = TimelineLimits()
        guard let fields = reader.mapping(node, in: "'limits'", keys: ManifestSchema.limits) else { return (nil, timeline) }
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
        return (outputs, timeline)
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
