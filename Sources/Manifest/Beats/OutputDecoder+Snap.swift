import MediaCore
import YAML

extension OutputDecoder {
    /// `snap: beats | downbeats | onsets` or `{ to, every, max_shift }`.
    func snap(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> SnapSpec? {
        let targets = SnapSpec.Target.allCases.map(\.rawValue)
        if node.string != nil {
            guard let text = reader.choice(node, "snap target", targets), let target = SnapSpec.Target(rawValue: text)
            else { return nil }
            return SnapSpec(target: target, location: node.location)
        }
        guard let fields = reader.mapping(node, in: "'snap'", keys: ManifestSchema.snap) else { return nil }
        var spec = SnapSpec(target: .beats, location: node.location)
        var valid = true
        if let node = fields["to"] {
            if let text = reader.choice(node, "snap target", targets), let target = SnapSpec.Target(rawValue: text) {
                spec.target = target
            } else {
                valid = false
            }
        }
        if let node = fields["every"] {
            if let every = reader.integer(node, "every", in: 1...64) { spec.every = every } else { valid = false }
        }
        if let node = fields["max_shift"] {
            if let shift = reader.time(node, "max_shift", frameRate: rate) {
                if shift > .zero, shift <= SnapSpec.largestShift {
                    spec.maxShift = shift
                } else {
                    reader.error("'max_shift' must be more than 0s and at most \(TimeSyntax.format(SnapSpec.largestShift)), not '\(node.string ?? "")'",
                                 at: node)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        return valid ? spec : nil
    }
}
