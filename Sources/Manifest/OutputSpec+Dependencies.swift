public import MediaCore

extension OutputSpec {
    /// Every source the output reads, with where the manifest names it.
    public var sourceReferences: [(reference: SourceReference, location: SourceLocation)] {
        var result: [(SourceReference, SourceLocation)] = []
        for clip in [intro].compactMap({ $0 }) + clips + [outro].compactMap({ $0 }) {
            result.append((clip.source, clip.location))
        }
        for track in tracks { result += track.segments.map { ($0.source, $0.location) } }
        if let soundtrack { result.append((soundtrack.source, soundtrack.location)) }
        result += overlays.map { ($0.source, $0.location) }
        return result
    }

    /// The names of the outputs this one uses as sources, in first-use order.
    public var dependencies: [String] {
        var seen = Set<String>()
        return sourceReferences.compactMap { entry in
            if case .output(let name) = entry.reference, seen.insert(name).inserted { return name }
            return nil
        }
    }
}

/// Checks that outputs named as sources exist.
enum DependencyCheck {
    static func check(_ outputs: [OutputSpec], files: [ManifestFile], diagnostics: inout DiagnosticList) {
        let names = Set(outputs.map(\.name))
        let sources = Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            for (reference, location) in output.sourceReferences {
                guard case .output(let name) = reference, !names.contains(name) else { continue }
                var message = "output '\(output.name)' uses output '\(name)' as a source, but no output has that name"
                if let guess = Suggestion.closest(to: name, among: Array(names)) { message += "; did you mean '\(guess)'?" }
                diagnostics.error(message, at: location, in: sources[output.manifestPath])
            }
        }
    }
}
