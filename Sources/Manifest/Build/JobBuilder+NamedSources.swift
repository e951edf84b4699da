import MediaCore
import YAML

extension JobBuilder {
    /// A note at the entry of the manifest's `sources` whose path is `path` (`intro: media/intro.mp4`, or the
    /// entry's `path`), when the problem is reported where the name is used: the file's path is written there, not
    /// at `location`. None when no named source resolves to `path` (with the output's variables) or the entry is
    /// `location` itself.
    func namedSourceNotes(for path: String, spec: OutputSpec, usedAt location: SourceLocation) -> [Diagnostic] {
        guard let named = namedSources[spec.manifestPath], let source = sources[spec.manifestPath] else { return [] }
        for (name, node) in named.entries.sorted(by: { $0.key < $1.key }) {
            var reader = NodeReader(source: source)
            var interpolator = NodeInterpolator(variables: spec.variables)
            // `intro: media/intro.mp4` or `intro: { path: media/intro.mp4 }`.
            let written = node.isMapping ? node["path"] : node
            guard let written, written.location != location else { continue }
            let value = interpolator.interpolate(written, reader: &reader)
            guard let text = value.string, !value.isNull, !reader.diagnostics.hasErrors,
                  ManifestFile.resolve(text, against: named.directory) == path else { continue }
            return [source.diagnostic(.note, at: written.location, "source '\(name)' names this file here")]
        }
        return []
    }
}
