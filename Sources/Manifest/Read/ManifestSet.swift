import Foundation
public import MediaCore
import YAML

/// Every manifest of a run read, checked and expanded into resolved outputs.
public struct ManifestSet: Sendable {
    /// The manifest files read, in path order.
    public var files: [ManifestFile] = []
    /// Every output, expanded, in manifest and declaration order.
    public var outputs: [OutputSpec] = []
    /// Problems that make the manifests meaningless: YAML syntax, schema, unknown keys and variables, duplicates,
    /// unknown outputs named as sources, cycles. `run` stops on these before anything renders.
    public var diagnostics: [Diagnostic] = []
    /// Outputs whose own entries have errors: reported in `diagnostics`, not built into jobs.
    public var invalidOutputs: Set<String> = []
    /// Per manifest path, the outputs left out of `outputs` because an earlier output has their name in their folder
    /// (reported in `diagnostics`).
    public var duplicateOutputCounts: [String: Int] = [:]
    /// The presets available.
    public var presets = PresetLibrary()
    /// The `--preset` name when no preset of that name exists (the outputs keep their own presets meanwhile).
    public var unknownPresetOverride: String?

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Options for reading manifests.
    public struct Options: Sendable {
        /// Directories of `*.yaml` presets, searched in order (earlier ones win on equal names).
        public var presetDirectories: [String]
        /// A preset name that replaces every output's preset (`--preset`).
        public var presetOverride: String?
        /// A directory that replaces every output's `out` (`--out`).
        public var outOverride: String?
        /// How many outputs the run may expand to (`--max-outputs`).
        public var limits: OutputLimits
        /// How many variable sets of an entry one thread expands at a time (see `OutputExpander.setsPerGroup`).
        var setsPerGroup = 256
        /// Creates options.
        public init(presetDirectories: [String] = [], presetOverride: String? = nil, outOverride: String? = nil,
                    limits: OutputLimits = OutputLimits()) {
            self.presetDirectories = presetDirectories
            self.presetOverride = presetOverride
            self.outOverride = outOverride
            self.limits = limits
        }
    }

    /// Reads every manifest at `paths`: files, or directories whose `*.yaml` and `*.yml` files, and `*.json` files
    /// with a top-level `mediabatch` key (others are data tables), are read in name order.
    public static func load(paths: [String], options: Options = Options()) -> ManifestSet {
        var set = ManifestSet()
        var diagnostics = DiagnosticList()
        for directory in options.presetDirectories { set.presets.load(directory: directory, diagnostics: &diagnostics) }
        let found = manifestPaths(paths, diagnostics: &diagnostics)
        // JSON files found in a directory are manifests only when they say so; named ones always are.
        let scanned = Set(found.filter { $0.hasSuffix(".json") && !paths.contains($0) })
        for path in found {
            do {
                let documents = try YAMLParser.parse(fileAt: path)
                if scanned.contains(path), documents.first?.root["mediabatch"] == nil { continue }
                guard let document = documents.first else {
                    diagnostics.error("the manifest is empty; it needs at least 'mediabatch: 1' and 'outputs'",
                                      at: SourceLocation(file: path, line: 1, column: 1), in: nil)
                    continue
                }
                if documents.count > 1 {
                    diagnostics.error("a manifest holds one document; split the others into files of their own",
                                      at: documents[1].location, in: documents[1].source)
                }
                set.files.append(ManifestFile(document: document, path: path, diagnostics: &diagnostics))
            } catch {
                diagnostics.add(error.diagnostic)
            }
        }
        for file in set.files {
            for (name, node) in file.presets.sorted(by: { $0.key < $1.key }) {
                set.presets.define(name, node: node, source: file.source)
            }
        }
        // A preset a manifest defines is checked even when no output uses it.
        for file in set.files { set.presets.check(file.presets, source: file.source, diagnostics: &diagnostics) }
        var presetOverride = options.presetOverride
        if let name = presetOverride, !set.presets.contains(name) {
            set.unknownPresetOverride = name
            presetOverride = nil
        }
        var expander = OutputExpander(presets: set.presets, presetOverride: presetOverride,
                                      outOverride: options.outOverride, limits: options.limits)
        expander.setsPerGroup = options.setsPerGroup
        for file in set.files {
            set.outputs += expander.expand(file, diagnostics: &diagnostics)
        }
        OutputIdentity.resolve(&set.outputs, files: set.files, diagnostics: &diagnostics)
        set.invalidOutputs = Set(set.outputs.filter { expander.invalidNames.contains($0.fileName ?? $0.name) }.map(\.name))
        set.duplicateOutputCounts = expander.duplicateCounts
        set.diagnostics = diagnostics.sorted
        return set
    }

    /// The manifest files named by `paths`, directories expanded.
    static func manifestPaths(_ paths: [String], diagnostics: inout DiagnosticList) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.add(Diagnostic(.error, at: nil, "no manifest file or directory at '\(path)'"))
                continue
            }
            if !isDirectory.boolValue {
                result.append(path)
                continue
            }
            let names = ((try? manager.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
            if names.isEmpty {
                diagnostics.add(Diagnostic(.error, at: nil, "no manifests ('*.yaml', '*.yml', '*.json') in directory '\(path)'"))
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            result += names.map { prefix + $0 }
        }
        return result
    }
}
