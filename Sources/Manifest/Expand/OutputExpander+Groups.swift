import MediaCore
import YAML

/// Expanding an entry's variable sets: a group at a time, on all cores for large entries, with the problems each
/// set's own fields give.
extension OutputExpander {
    /// What one output entry gives every variable set: its name node, its fields (template's and its own) and which
    /// of them read no variable.
    struct EntryPlan: Sendable {
        var nameNode: YAMLNode
        var merged: [(String, YAMLNode)]
        var fixed: OutputDecoder.FixedParts
        /// False when the entry's template could not be found, so an output with no clips is not reported again.
        var reportsEmpty: Bool
        /// The manifest lines of the fields (and list items) that read variables: a problem found there in a set
        /// from a data row is that row's.
        var rowLines: Set<Int>
    }

    /// The lines of every node inside the fields and list items of `merged` that read a variable.
    static func lines(of merged: [(String, YAMLNode)], fixed: OutputDecoder.FixedParts) -> Set<Int> {
        var lines = Set<Int>()
        func collect(_ node: YAMLNode) {
            lines.insert(node.location.line)
            switch node.kind {
            case .scalar: break
            case .sequence(let items): items.forEach(collect)
            case .mapping(let pairs): pairs.forEach { collect($0.key); collect($0.value) }
            }
        }
        for (key, node) in merged where !fixed.fields.contains(key) {
            if let flags = fixed.items[key], case .sequence(let items) = node.kind {
                for (item, isFixed) in zip(items, flags) where !isFixed { collect(item) }
            } else {
                collect(node)
            }
        }
        return lines
    }

    /// One variable set expanded: its output (nil when its name or fields were refused) and the problems found, in
    /// the order found, before the name is checked against the other outputs'.
    struct ExpandedSet: Sendable {
        /// Empty when the name was refused (nothing else was read).
        var name: String
        var origin: String?
        var spec: OutputSpec?
        var diagnostics: [Diagnostic]
        /// The problems found on the entry's `rowLines`, for a set from a data row: reported with their rows.
        var rowProblems: [Diagnostic] = []
    }

    /// Variable sets expanded one group at a time, on all cores when there are more than `setsPerGroup`. A group has
    /// its own reader and decoder (and so its own cache of decoded parts): a part is cached only when decoding it
    /// reported nothing, and the problems are merged in the sets' order, so the result does not depend on the groups.
    /// The file's `decoder` (whose cache serves all its entries) expands an entry of one group.
    func expandSets(_ sets: [VariableSets.Entry], of plan: EntryPlan, in file: ManifestFile,
                    decoder: inout OutputDecoder) -> [ExpandedSet] {
        guard sets.count > setsPerGroup else { return expandGroup(sets, of: plan, in: file, decoder: &decoder) }
        let groups = stride(from: 0, to: sets.count, by: setsPerGroup).map {
            Array(sets[$0..<min($0 + setsPerGroup, sets.count)])
        }
        return groups.parallelMap { [self] group in
            var decoder = OutputDecoder(manifest: file, presets: presets, presetOverride: presetOverride,
                                        outOverride: outOverride)
            return expandGroup(group, of: plan, in: file, decoder: &decoder)
        }.flatMap { $0 }
    }

    /// The sets of one group expanded in order with `decoder`.
    private func expandGroup(_ sets: [VariableSets.Entry], of plan: EntryPlan, in file: ManifestFile,
                             decoder: inout OutputDecoder) -> [ExpandedSet] {
        var interpolator = NodeInterpolator(variables: [:])
        return sets.map { set in
            // A reader per set: its problems are its own, also those an earlier set reported.
            var reader = NodeReader(source: file.source)
            interpolator.variables = set.variables
            var expanded = ExpandedSet(name: "", origin: set.origin, spec: nil, diagnostics: [])
            let nameValue = interpolator.interpolate(plan.nameNode, reader: &reader)
            var named = 0
            if let name = nameValue.string, checkName(name, node: plan.nameNode, origin: set.origin, reader: &reader) {
                expanded.name = name
                named = reader.diagnostics.diagnostics.count
                let fields = resolve(plan, with: &interpolator, reader: &reader)
                decoder.variables = set.variables
                expanded.spec = decoder.decode(name: name, nameNode: plan.nameNode, fields: fields,
                                               variables: set.variables, reportsEmpty: plan.reportsEmpty,
                                               fixed: plan.fixed, reader: &reader)
                expanded.spec?.dataRow = set.row
            }
            for (index, problem) in reader.diagnostics.diagnostics.enumerated() {
                if index >= named, set.origin != nil, let line = problem.location?.line, plan.rowLines.contains(line) {
                    expanded.rowProblems.append(problem)
                } else {
                    expanded.diagnostics.append(problem)
                }
            }
            return expanded
        }
    }

    /// The entry's fields with the current variables put in, leaving the parts that read none as written.
    private func resolve(_ plan: EntryPlan, with interpolator: inout NodeInterpolator,
                         reader: inout NodeReader) -> [String: YAMLNode] {
        var resolved: [String: YAMLNode] = [:]
        resolved.reserveCapacity(plan.merged.count)
        for (key, node) in plan.merged {
            if plan.fixed.fields.contains(key) {
                resolved[key] = node
            } else if let flags = plan.fixed.items[key], case .sequence(var items) = node.kind {
                for index in items.indices where !flags[index] {
                    items[index] = interpolator.interpolate(items[index], reader: &reader)
                }
                var copy = node
                copy.kind = .sequence(items)
                resolved[key] = copy
            } else {
                resolved[key] = interpolator.interpolate(node, reader: &reader)
            }
        }
        return resolved
    }
}
