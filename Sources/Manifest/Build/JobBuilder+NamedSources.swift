import MediaCore
import YAML

extension JobBuilder {
    /// Notes on a file problem reported at `location`, where the file is used: where its path is written when that
    /// is elsewhere (the entry of `sources` whose name is used), and the data row whose values fill the path's
    /// placeholders (`media/{product}.mp4`).
    func fileNotes(for path: String, spec: OutputSpec, usedAt location: SourceLocation) -> [Diagnostic] {
        guard let named = namedSources[spec.manifestPath], let source = sources[spec.manifestPath],
              let used = named.root.node(at: location) else { return [] }
        var notes: [Diagnostic] = []
        var written = used
        if let entry = namedEntry(used, spec: spec, resolvingTo: path) {
            written = entry.written
            notes.append(source.diagnostic(.note, at: entry.written.location, "source '\(entry.name)' names this file here"))
        }
        if let row = spec.dataRow, let text = written.string, let placeholders = try? Interpolation(parsing: text) {
            let taken = placeholders.variableNames.filter(row.columns.contains)
            if !taken.isEmpty {
                let quoted = taken.map { "'\($0)'" }
                let names = quoted.count < 2 ? quoted.joined()
                    : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
                notes.append(Diagnostic(.note, at: row.location, "output '\(spec.name)' takes \(names) from this data row",
                                        sourceLine: row.text))
            }
        }
        return notes
    }

    /// The entry of the manifest's `sources` that `used` names (with the output's variables) and the node that
    /// writes its path (`intro: media/intro.mp4`, or the entry's `path`), when that path is `path`; nil when `used`
    /// is a path of its own, even one that comes to the same file.
    private func namedEntry(_ used: YAMLNode, spec: OutputSpec, resolvingTo path: String)
        -> (name: String, written: YAMLNode)? {
        guard let named = namedSources[spec.manifestPath], let source = sources[spec.manifestPath] else { return nil }
        var reader = NodeReader(source: source)
        var interpolator = NodeInterpolator(variables: spec.variables)
        guard let name = interpolator.interpolate(used, reader: &reader).string, let node = named.entries[name],
              let written = node.isMapping ? node["path"] : node, written.location != used.location else { return nil }
        let value = interpolator.interpolate(written, reader: &reader)
        guard let text = value.string, !value.isNull, !reader.diagnostics.hasErrors,
              ManifestFile.resolve(text, against: named.directory) == path else { return nil }
        return (name, written)
    }
}
