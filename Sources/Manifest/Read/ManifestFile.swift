import Composition
import Foundation
import MediaCore
public import YAML

/// One manifest file, checked at the top level: its defaults, named sources, templates and output entries.
/// Output entries and templates stay YAML until expansion, because any string in them may use variables.
public struct ManifestFile: Sendable {
    /// The path as given (for messages).
    public var path: String
    /// The directory relative paths in the manifest are resolved against.
    public var directory: String
    /// The parsed document.
    public var document: YAMLDocument
    /// `defaults.preset`, if set.
    var defaultPreset: YAMLNode?
    /// `defaults.out`, resolved against `directory`.
    var defaultOut: String
    /// `defaults.template`, if set.
    var defaultTemplate: YAMLNode?
    /// `defaults.background`, if set.
    var defaultBackground: String
    /// `defaults.background` when it is a gradient.
    var defaultBackgroundGradient: GeneratedSource?
    /// Manifest-wide variables.
    var variables: [String: String] = [:]
    /// The value nodes of `variables`, for placeholders inside them.
    var variableNodes: [String: YAMLNode] = [:]
    /// Named sources, by name.
    var sources: [String: YAMLNode] = [:]
    /// Templates, by name.
    var templates: [String: YAMLNode] = [:]
    /// Output entries in order.
    var outputs: [YAMLNode] = []
    /// Where the output entries whose own keys have an error start, and the names of templates whose keys have one:
    /// their outputs cannot be built as written, whatever else is right.
    var faultyEntries: Set<SourceLocation> = []
    var faultyTemplates: Set<String> = []
    /// Presets the manifest defines itself.
    var presets: [String: YAMLNode] = [:]
    /// The rules for URL sources (`downloads:`).
    public var downloadPolicy = DownloadPolicy()
    /// `limits.outputs`: the most outputs this manifest may expand to, if set.
    var outputLimit: Int?
    /// `limits.duration` and `limits.loops`: how long an output may last and how often a soundtrack may loop.
    var timelineLimits = TimelineLimits()
    /// How long one render of the manifest's outputs may run (`limits.render_time`); nil for no limit.
    var renderTimeLimit: MediaTime?

    /// The YAML text, for quoting lines.
    public var source: YAMLSource { document.source }

    /// Reads and checks the top level of `document`; problems go into `diagnostics`.
    public init(document: YAMLDocument, path: String, diagnostics: inout DiagnosticList) {
        self.path = path
        self.document = document
        let parent = (path as NSString).deletingLastPathComponent
        self.directory = Self.resolve(parent.isEmpty ? "." : parent, against: FileManager.default.currentDirectoryPath)
        self.defaultOut = directory + "/out"
        self.defaultBackground = "black"
        var reader = NodeReader(source: document.source)
        defer { diagnostics.append(contentsOf: reader.diagnostics) }

        guard let top = reader.mapping(document.root, in: "the manifest", keys: ManifestSchema.topLevel,
                                       required: ["mediabatch", "outputs"]) else { return }
        if let version = top["mediabatch"], version.string != "1" {
            reader.error("unsupported manifest version '\(version.string ?? version.kindName)'; this mediabatch reads version 1 ('mediabatch: 1')", at: version)
        }
        if let node = top["defaults"] { readDefaults(node, reader: &reader) }
        if let node = top["vars"] { readVariables(node, reader: &reader) }
        if let node = top["sources"] {
            sources = Self.namedEntries(node, kind: "source", of: "names to media", reader: &reader) { value, name, reader in
                if value.isMapping { _ = reader.mapping(value, in: "source '\(name)'", keys: ManifestSchema.source) }
                return true
            }
        }
        if let node = top["templates"] {
            var faulty: Set<String> = []
            templates = Self.namedEntries(node, kind: "template", of: "names to templates",
                                          reader: &reader) { value, name, reader in
                let errors = reader.diagnostics.errorCount
                _ = reader.mapping(value, in: "template '\(name)'", keys: ManifestSchema.template)
                TemplateKeyCheck.check(value, reader: &reader)
                if reader.diagnostics.errorCount > errors { faulty.insert(name) }
                return true
            }
            faultyTemplates = faulty
        }
        if let node = top["downloads"] { downloadPolicy = Self.downloads(node, reader: &reader) }
        if let node = top["presets"] { presets = Self.presets(node, reader: &reader) }
        if let node = top["limits"] { (outputLimit, timelineLimits, renderTimeLimit) = Self.limits(node, reader: &reader) }
        if let node = top["outputs"], let items = reader.list(node, "outputs") {
            for item in items {
                let label = item["name"]?.string.map { "output '\($0)'" } ?? "an output"
                let errors = reader.diagnostics.errorCount
                _ = reader.mapping(item, in: label, keys: ManifestSchema.output, required: ["name"])
                if reader.diagnostics.errorCount > errors { faultyEntries.insert(item.location) }
                if item.isMapping { outputs.append(item) }
            }
        }
    }

    /// `defaults: { preset, template, out, background }`.
    private mutating func readDefaults(_ node: YAMLNode, reader: inout NodeReader) {
        guard let defaults = reader.mapping(node, in: "'defaults'", keys: ManifestSchema.defaults) else { return }
        defaultPreset = defaults["preset"]
        defaultTemplate = defaults["template"]
        if let out = defaults["out"], let text = reader.string(out, "out") { defaultOut = Self.resolve(text, against: directory) }
        if let node = defaults["background"], let value = GeneratorDecoder.background(node, reader: &reader) {
            (defaultBackground, defaultBackgroundGradient) = value
        }
    }

    /// `vars:`, a mapping of names to text.
    private mutating func readVariables(_ node: YAMLNode, reader: inout NodeReader) {
        for pair in VariableSets.variablePairs(node, reader: &reader) ?? [] {
            variables[pair.name] = pair.value
            variableNodes[pair.name] = pair.node
        }
    }

    /// The entries of a mapping of names (`sources:`, `templates:`, `presets:`) that `check` keeps, `contents`
    /// saying what the mapping holds in its error (the YAML reader has already refused a name used twice).
    static func namedEntries(_ node: YAMLNode, kind: String, of contents: String, reader: inout NodeReader,
                             check: (YAMLNode, String, inout NodeReader) -> Bool) -> [String: YAMLNode] {
        guard let pairs = node.pairs else {
            reader.error("'\(kind)s' must be a mapping of \(contents), not a \(node.kindName)", at: node)
            return [:]
        }
        var entries: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let name = pair.key.string, check(pair.value, name, &reader) else { continue }
            entries[name] = pair.value
        }
        return entries
    }

    /// `path` made absolute against `directory` unless it already is.
    static func resolve(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        return ((directory as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    /// `downloads: { allow_hosts: [...], max_size: 2G, timeout: 600s }`.
    private static func downloads(_ node: YAMLNode, reader: inout NodeReader) -> DownloadPolicy {
        var policy = DownloadPolicy()
        guard let fields = reader.mapping(node, in: "'downloads'", keys: ManifestSchema.downloads) else { return policy }
        if let hosts = fields["allow_hosts"], let items = reader.list(hosts, "allow_hosts", allowSingle: true) {
            for item in items {
                guard let host = reader.string(item, "allow_hosts") else { continue }
                if host.contains("/") || host.contains(":") || host.isEmpty {
                    reader.error("'\(host)' is not a host name; write just the host, such as 'media.example.com' or '*.cdn.example.com'", at: item)
                } else {
                    policy.allowedHosts.append(host)
                }
            }
        }
        if let size = fields["max_size"], let text = reader.string(size, "max_size") {
            if let bytes = ValueSyntax.bitRate(text) {
                policy.maximumSize = Int64(bytes)
            } else {
                reader.error("invalid size '\(text)' for 'max_size'; use bytes such as '500M' or '2G'", at: size)
            }
        }
        if let timeout = fields["timeout"], let time = reader.time(timeout, "timeout", frameRate: nil) {
            if time > .zero { policy.timeout = time.seconds } else { reader.error("'timeout' must be above 0", at: timeout) }
        }
        return policy
    }
}
