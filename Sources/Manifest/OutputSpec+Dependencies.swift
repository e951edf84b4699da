public import MediaCore

extension OutputSpec {
    /// Every source the output reads, with where the manifest names it.
    public var sourceReferences: [(reference: SourceReference, location: SourceLocation)] {
        var result: [(reference: SourceReference, location: SourceLocation)] = []
        result.reserveCapacity(clips.count + 3 + overlays.count)
        forEachSource { result.append(($0, $1)) }
        return result
    }

    /// The names of the outputs this one uses as sources, in first-use order.
    public var dependencies: [String] {
        var result: [String] = [], seen = Set<String>()
        forEachSource { reference, _ in
            if case .output(let name) = reference, seen.insert(name).inserted { result.append(name) }
        }
        return result
    }

    /// Calls `body` with every source in the order of `sourceReferences`, without building the list.
    func forEachSource(_ body: (SourceReference, SourceLocation) -> Void) {
        if let intro { body(intro.source, intro.location) }
        for clip in clips { body(clip.source, clip.location) }
        if let outro { body(outro.source, outro.location) }
        for track in tracks {
            for segment in track.segments { body(segment.source, segment.location) }
        }
        if let soundtrack { body(soundtrack.source, soundtrack.location) }
        for overlay in overlays { body(overlay.source, overlay.location) }
        // Luma transitions read a picture.
        for transition in [intro?.transition, transition, outro?.transition] + clips.map(\.transition) {
            if let transition, let image = transition.image, let location = transition.location { body(image, location) }
        }
    }
}

/// Checks that outputs named as sources exist.
enum DependencyCheck {
    static func check(_ outputs: [OutputSpec], files: [ManifestFile], diagnostics: inout DiagnosticList) {
        let names = Set(outputs.map(\.name))
        let sources = Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            output.forEachSource { reference, location in
                guard case .output(let name) = reference, !names.contains(name) else { return }
                var message = "output '\(output.name)' uses output '\(name)' as a source, but no output has that name"
                if let guess = Suggestion.closest(to: name, among: Array(names)) { message += "; did you mean '\(guess)'?" }
                diagnostics.error(message, at: location, in: sources[output.manifestPath])
            }
        }
    }
}
