import MediaCore
import YAML

extension JobBuilder {
    /// A note at the entry of the manifest's `sources` that the text at `location` names, when that entry writes
    /// `path` (`intro: media/intro.mp4`, or the entry's `path`): a problem with the file is reported where the name is
    /// used, and the note shows where the path is written (`written`). Nil when the text at `location` is a path of
    /// its own, even one that comes to the same file.
    func namedSourceNote(for path: String, spec: OutputSpec, usedAt location: SourceLocation)
        -> (note: Diagnostic, written: SourceLocation)? {
        guard let named = namedSources[spec.manifestPath], let source = sources[spec.manifestPath],
              let used = named.root.node(at: location) else { return nil }
        var reader = NodeReader(source: source)
        var interpolator = NodeInterpolator(variables: spec.variables)
        guard let name = interpolator.interpolate(used, reader: &reader).string, let node = named.entries[name],
              let written = node.isMapping ? node["path"] : node, written.location != location else { return nil }
        let value = interpolator.interpolate(written, reader: &reader)
        guard let text = value.string, !value.isNull, !reader.diagnostics.hasErrors,
              ManifestFile.resolve(text, against: named.directory) == path else { return nil }
        return (source.diagnostic(.note, at: written.location, "source '\(name)' names this file here"), written.location)
    }

    /// A note at the data row whose values fill the placeholders of the text at `location` (`media/{product}.mp4`,
    /// `from: "{start}"`, or `{file}` where `vars` makes `file` of the row's values), naming the variables it gives
    /// and the `vars` they pass through; nil when the output comes from no data row, or that text reads none of the
    /// row's variables.
    func dataRowNote(spec: OutputSpec, valuesAt location: SourceLocation) -> Diagnostic? {
        guard let row = spec.dataRow, let named = namedSources[spec.manifestPath],
              location.file == named.root.location.file, let text = named.root.node(at: location)?.string,
              let placeholders = try? Interpolation(parsing: text) else { return nil }
        var taken: [String] = [], through: [String] = []
        for name in placeholders.variableNames {
            if row.columns.contains(name) {
                taken.append(name)
            } else if let columns = row.derived[name] {
                taken += columns
                through.append(name)
            }
        }
        var seen = Set<String>()
        let columns = taken.filter { seen.insert($0).inserted }
        guard !columns.isEmpty else { return nil }
        var message = "output '\(spec.name)' takes \(Self.listed(columns)) from this data row"
        if !through.isEmpty { message += ", through \(Self.listed(through))" }
        return Diagnostic(.note, at: row.location, message, sourceLine: row.text)
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private static func listed(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}
