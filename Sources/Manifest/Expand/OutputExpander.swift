import Foundation
import MediaCore
import YAML

/// Expands each output entry of a manifest into one `OutputSpec` per variable set, checking names as it goes.
struct OutputExpander {
    let presets: PresetLibrary
    let presetOverride: String?
    let outOverride: String?
    /// Names of outputs whose entries have errors; they are planned no further.
    private(set) var invalidNames: Set<String> = []
    /// Per manifest, the outputs dropped because an earlier output already has their name in their folder.
    private(set) var duplicateCounts: [String: Int] = [:]
    /// Names produced so far in each output folder, with where, to report duplicates: a name may repeat in another
    /// folder, not in the same one.
    private var producedNames: [String: (location: SourceLocation, origin: String?)] = [:]
    /// The outputs still allowed, per manifest and for the run.
    private var budget: OutputBudget
    /// How many variable sets of an entry one thread expands at a time; entries with more are expanded on all cores.
    var setsPerGroup = 256

    init(presets: PresetLibrary, presetOverride: String?, outOverride: String?, limits: OutputLimits = OutputLimits()) {
        self.presets = presets
        self.presetOverride = presetOverride
        self.outOverride = outOverride
        self.budget = OutputBudget(manifestLimit: OutputLimits.defaultPerManifest, runLimit: limits.perRun)
    }

    /// Keys of an output entry that say how to expand it rather than what it shows.
    private static let expansionKeys: Set<String> = ["name", "template", "data", "matrix", "vars"]

    /// The outputs of `file`'s entries, each expanded into one output per variable set; the problems found go into
    /// `diagnostics`.
    mutating func expand(_ file: ManifestFile, diagnostics: inout DiagnosticList) -> [OutputSpec] {
        var reader = NodeReader(source: file.source)
        defer { diagnostics.append(contentsOf: reader.diagnostics) }
        var decoder = OutputDecoder(manifest: file, presets: presets, presetOverride: presetOverride,
                                    outOverride: outOverride)
        var specs: [OutputSpec] = []
        budget.manifestLimit = file.outputLimit ?? OutputLimits.defaultPerManifest
        budget.manifestUsed = 0
        // Named sources whose text uses variables: a field naming one depends on the output's variables.
        let dynamicSources = decoder.dynamicSources
        var entryIndex = 0
        for entry in file.outputs {
            guard let pairs = entry.pairs, let nameNode = entry["name"], let nameText = reader.string(nameNode, "name") else {
                continue
            }
            let fields = Dictionary(pairs.compactMap { pair in pair.key.string.map { ($0, pair.value) } },
                                    uniquingKeysWith: { first, _ in first })
            let (merged, templateFailed) = Self.merged(pairs, fields: fields, in: file, reader: &reader)
            // An unknown key in the entry or its template is an error in every output's own fields.
            let templateName = (fields["template"] ?? file.defaultTemplate)?.string
            let keysFailed = file.faultyEntries.contains(entry.location)
                || templateName.map(file.faultyTemplates.contains) == true
            guard let sets = VariableSets.expand(fields, name: nameText, base: file.variables,
                                                 baseNodes: file.variableNodes, directory: file.directory,
                                                 budget: budget, reader: &reader) else {
                continue
            }
            budget.use(sets.count)
            entryIndex += 1
            let fixed = Self.fixedParts(of: merged, entry: entryIndex, dynamicSources: dynamicSources)
            let plan = EntryPlan(nameNode: nameNode, merged: merged, fixed: fixed, reportsEmpty: !templateFailed,
                                 rowLines: Self.lines(of: merged, fixed: fixed))
            specs += take(expandSets(sets, of: plan, in: file, decoder: &decoder), of: plan, in: file,
                          entryFailed: templateFailed || keysFailed, reader: &reader)
        }
        return specs
    }

    /// An entry's fields with its template's first (the entry's own win key by key), without the keys that say
    /// how to expand it; and whether its template is unknown (reported, and the entry still read so that its other
    /// problems show too).
    private static func merged(_ pairs: [YAMLNode.Pair], fields: [String: YAMLNode],
                               in file: ManifestFile, reader: inout NodeReader) -> ([(String, YAMLNode)], Bool) {
        var merged: [(String, YAMLNode)] = []
        var templateFailed = false
        if let templateNode = fields["template"] ?? file.defaultTemplate,
           let templateName = reader.string(templateNode, "template") {
            if let template = file.templates[templateName], let templatePairs = template.pairs {
                merged += templatePairs.compactMap { pair in
                    guard let key = pair.key.string, fields[key] == nil else { return nil }
                    return (key, pair.value)
                }
            } else if file.templates[templateName] == nil {
                var message = "unknown template '\(templateName)'"
                if let guess = Suggestion.closest(to: templateName, among: Array(file.templates.keys)) {
                    message += "; did you mean '\(guess)'?"
                } else if file.templates.isEmpty {
                    message += "; this manifest defines no 'templates'"
                }
                reader.error(message, at: templateNode)
                templateFailed = true
            }
        }
        merged += pairs.compactMap { pair in
            guard let key = pair.key.string, !expansionKeys.contains(key) else { return nil }
            return (key, pair.value)
        }
        return (merged, templateFailed)
    }

    /// Which of `merged`'s fields (and list items) read no variable: they are used as written and decoded once.
    private static func fixedParts(of merged: [(String, YAMLNode)], entry: Int,
                                   dynamicSources: Set<String>) -> OutputDecoder.FixedParts {
        var fixed = OutputDecoder.FixedParts(entry: entry)
        for (key, node) in merged {
            if isFixed(node, dynamicSources: dynamicSources) {
                fixed.fields.insert(key)
                continue
            }
            if isFixed(node, dynamicSources: dynamicSources, placeholders: true) { fixed.valued.insert(key) }
            if let items = node.items {
                fixed.items[key] = items.map { isFixed($0, dynamicSources: dynamicSources) }
                fixed.valuedItems[key] = items.map { isFixed($0, dynamicSources: dynamicSources, placeholders: true) }
            }
        }
        return fixed
    }

    /// The outputs of an entry's expanded `sets` whose names are free in their folders, in order. Each set's
    /// problems are reported, those of its data row folded over the rows that share them; an output with an error
    /// of its own, or of its entry (`entryFailed`: an unknown template, a key of the entry or its template that is
    /// wrong), is marked invalid.
    private mutating func take(_ sets: [ExpandedSet], of plan: EntryPlan, in file: ManifestFile, entryFailed: Bool,
                               reader: inout NodeReader) -> [OutputSpec] {
        var specs: [OutputSpec] = []
        var rowProblems = RowProblems()
        var rows = Set<String>()
        let isError = { (problem: Diagnostic) in problem.severity == .error }
        for set in sets {
            for diagnostic in set.diagnostics { reader.diagnostics.add(diagnostic) }
            if let origin = set.origin, !set.name.isEmpty {
                rows.insert(origin)
                rowProblems.add(set.rowProblems, from: origin)
            }
            guard let spec = set.spec else { continue }
            guard checkUnique(spec, node: plan.nameNode, origin: set.origin, reader: &reader) else {
                duplicateCounts[file.path, default: 0] += 1
                continue
            }
            specs.append(spec)
            // Its own problems, also those an earlier output reported first (a template's, shown once).
            if entryFailed || set.diagnostics.contains(where: isError) || set.rowProblems.contains(where: isError) {
                invalidNames.insert(set.name)
            }
        }
        for problem in rowProblems.folded(rowCount: rows.count) { reader.diagnostics.add(problem) }
        return specs
    }

    /// Whether `node` reads no variable: no scalar value has a brace (unless `placeholders` allows them) or names a
    /// named source that uses variables. Any scalar that may resolve to such a name counts as naming one.
    static func isFixed(_ node: YAMLNode, dynamicSources: Set<String>, placeholders: Bool = false) -> Bool {
        switch node.kind {
        case .scalar(let text, _):
            if Interpolation.hasBraces(text) { return placeholders && dynamicSources.isEmpty }
            return !dynamicSources.contains(text)
        case .sequence(let items):
            return items.allSatisfy { isFixed($0, dynamicSources: dynamicSources, placeholders: placeholders) }
        case .mapping(let pairs):
            return pairs.allSatisfy { isFixed($0.value, dynamicSources: dynamicSources, placeholders: placeholders) }
        }
    }

    /// Refuses names that are empty or leave the output directory.
    func checkName(_ name: String, node: YAMLNode, origin: String?, reader: inout NodeReader) -> Bool {
        Self.isPlainName(name) || checkShape(name, node: node, origin: origin, reader: &reader)
    }

    /// Refuses a name an earlier output already gives a file in the same output folder.
    private mutating func checkUnique(_ spec: OutputSpec, node: YAMLNode, origin: String?, reader: inout NodeReader) -> Bool {
        let key = spec.outDirectory + "\u{0}" + spec.name
        if let earlier = producedNames[key] {
            let from = origin.map { " (from data row \($0))" } ?? ""
            let earlierFrom = earlier.origin.map { " from data row \($0)" } ?? ""
            reader.error("output name '\(spec.name)'\(from) is already produced at \(earlier.location)\(earlierFrom); output names must be unique in an output folder", at: node)
            return false
        }
        producedNames[key] = (node.location, origin)
        return true
    }

    /// A quick yes for the usual name: ASCII, not blank, relative, without control characters, backslashes, empty
    /// parts, parts starting with `.` or a `posters` folder. Anything else gets the full check.
    static func isPlainName(_ name: String) -> Bool {
        var componentLength = 0, componentDots = 0, hasNonSpace = false, first = true
        for byte in name.utf8 {
            if first && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "~")) { return false }
            first = false
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return false }
            if componentLength == 0 && byte == UInt8(ascii: ".") { return false }
            if byte != UInt8(ascii: " ") { hasNonSpace = true }
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || (componentLength == 2 && componentDots == 2) { return false }
                componentLength = 0
                componentDots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { componentDots += 1 }
            }
        }
        return hasNonSpace && componentLength > 0 && !(componentLength == 2 && componentDots == 2)
            && !name.lowercased().contains(Self.reservedFolder + "/")
    }

    /// The folder beside each output where its poster picture goes; no output name may use it as a folder.
    static let reservedFolder = "posters"

    /// The full check of a name's shape, reporting what is wrong.
    private func checkShape(_ name: String, node: YAMLNode, origin: String?, reader: inout NodeReader) -> Bool {
        let from = origin.map { " (from data row \($0))" } ?? ""
        if name.isEmpty || name.trimmingCharacters(in: .whitespaces).isEmpty {
            reader.error("output name is empty\(from)", at: node)
            return false
        }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasPrefix("/") || name.hasPrefix("~") || components.contains("..") || components.contains("")
            || name.contains("\\") || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            reader.error("output name '\(name)'\(from) would leave the output directory; names may not be absolute or contain '..', empty parts or control characters", at: node)
            return false
        }
        if let scalar = name.unicodeScalars.first(where: TerminalText.isUnsafe) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            reader.error("output name '\(name)'\(from) has a character that changes how text is shown (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)); names may not contain bidirectional controls or line separators", at: node)
            return false
        }
        if components.contains(where: { $0.hasPrefix(".") }) {
            reader.error("output name '\(name)'\(from) has a part starting with '.'; such names are kept for mediabatch's own files (temporary files, fingerprints, the lock)", at: node)
            return false
        }
        if components.dropLast().contains(where: { $0.lowercased() == Self.reservedFolder }) {
            reader.error("output name '\(name)'\(from) puts the file in a '\(Self.reservedFolder)' folder, where mediabatch writes the report's poster pictures; choose another folder name", at: node)
            return false
        }
        return true
    }
}
