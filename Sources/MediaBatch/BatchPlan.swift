import Foundation
public import Composition
public import Manifest
public import MediaCore
import LibAV
import Reframe
import Beats
import Render

/// Manifests read, expanded, ordered by dependency and built into jobs: what `validate`, `plan` and `run` work from.
public struct BatchPlan: Sendable {
    /// Problems that make the manifests meaningless (syntax, schema, unknown keys, cycles): exit 2 before rendering.
    public var diagnostics: [Diagnostic]
    /// Jobs that could be built, dependencies before dependents.
    public var jobs: [Job]
    /// Outputs that cannot be built (missing or unreadable source, range beyond a source), by output name.
    public var problems: [JobProblem]
    /// Every output, expanded, in dependency order (for `validate`, the outputs of a dependency cycle last).
    public var outputs: [OutputSpec]
    /// How many jobs were built (equal to `jobs.count` unless `make` was told to keep only what others need).
    public var builtCount: Int
    /// The manifests that declare at least one built job.
    public var builtManifests: Set<String>
    /// Command-line values the manifests cannot satisfy: the command stops with exit status 64.
    public var argumentErrors: [PlanArgumentError] = []
    /// Every output the manifests declare (before `--only`), by name, with the folder it is written to.
    public var declaredOutputs: [String: String] = [:]
    /// The manifests read.
    public var manifestPaths: [String] = []
    /// Outputs whose own manifest fields have errors, or that are part of a dependency cycle (among `diagnostics`):
    /// `run` never builds them.
    public var invalidOutputs: Set<String> = []
    /// Per manifest path, the outputs declared under a name an earlier output already has in their folder: not in
    /// `outputs`, never built.
    public var duplicateOutputCounts: [String: Int] = [:]
    /// The video stream of every source file the jobs use, by path, as planning probed it (for memory estimates).
    public var videoStreams: [String: ProbedStream] = [:]
    /// Per output, what laying its text out found (also among `diagnostics`), for the run report's warnings.
    public var textWarnings: [String: [SourceWarning]] = [:]

    /// Which built jobs `make` keeps in `jobs`.
    public enum Keeping: Sendable {
        /// Every job (`plan`, `run`).
        case all
        /// Only the jobs other outputs use as sources (`validate`, which needs counts, not jobs): memory stays flat.
        /// Outputs whose entries have errors are built too, so their missing sources are found in the same pass.
        case dependencies
    }

    /// Whether the manifests themselves are invalid.
    public var isInvalid: Bool { diagnostics.contains { $0.severity == .error } }

    /// The directories presets are looked up in: next to each manifest path and its parents, the current
    /// directory, and the tool's own checkout (found from the executable's location).
    public static func presetDirectories(for paths: [String],
                                         executable: String = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "") -> [String] {
        var candidates: [String] = []
        let manager = FileManager.default
        func ancestors(of path: String) -> [String] {
            var result: [String] = []
            var url = URL(fileURLWithPath: path).standardizedFileURL
            for _ in 0..<6 {
                result.append(url.appendingPathComponent("presets").path)
                let parent = url.deletingLastPathComponent()
                if parent.path == url.path { break }
                url = parent
            }
            return result
        }
        for path in paths { candidates += ancestors(of: path) }
        candidates.append(URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent("presets").path)
        if !executable.isEmpty {
            let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().path
            candidates += ancestors(of: resolved)
        }
        var seen = Set<String>()
        return candidates.filter { candidate in
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: candidate, isDirectory: &isDirectory) && isDirectory.boolValue
                && seen.insert(candidate).inserted
        }
    }

    /// Reads `paths`, expands every output, checks dependencies for cycles, downloads URL sources, probes sources
    /// and builds the jobs. `allowsDevices` lets the default probe read named pipes and devices; `limits` bounds the
    /// expansion.
    public static func make(paths: [String], presetOverride: String? = nil, only: [String] = [], outDirectory: String? = nil,
                            probe: (any SourceProbe)? = nil, allowsDevices: Bool = false,
                            downloads: DownloadOptions = DownloadOptions(), keeping: Keeping = .all,
                            limits: OutputLimits = OutputLimits(), fonts: any FontProbe = SystemFonts(),
                            text: (any TextMeasuring)? = TextChecker()) -> BatchPlan {
        let options = ManifestSet.Options(presetDirectories: presetDirectories(for: paths), presetOverride: presetOverride,
                                          outOverride: outDirectory, limits: limits)
        let set = ManifestSet.load(paths: paths, options: options)
        var argumentErrors: [PlanArgumentError] = []
        if let name = set.unknownPresetOverride {
            argumentErrors.append(.unknownPreset(name, suggestion: Suggestion.closest(to: name, among: set.presets.names)))
        }
        let ordered = OrderedOutputs(set)
        let (wanted, unmatched) = ordered.selection(only)
        if let unmatched { argumentErrors.append(unmatched) }
        let catalog = Self.catalog(probe: probe ?? MediaProbe(allowsDevices: allowsDevices), downloads: downloads,
                                   fonts: fonts, text: text)
        var building = JobsBuilt(diagnostics: set.diagnostics + ordered.diagnostics)
        building.build(ordered, wanted: wanted, from: set, keeping: keeping, catalog: catalog)

        var plan = BatchPlan(diagnostics: building.diagnostics, jobs: building.jobs, problems: building.problems,
                             outputs: building.outputs, builtCount: building.builtCount,
                             builtManifests: building.builtManifests)
        plan.argumentErrors = argumentErrors
        plan.manifestPaths = set.files.map(\.path)
        plan.invalidOutputs = set.invalidOutputs.union(ordered.cyclic)
        plan.duplicateOutputCounts = set.duplicateOutputCounts
        plan.videoStreams = catalog.probedVideoStreams
        plan.textWarnings = catalog.textWarnings.mapValues { diagnostics in
            diagnostics.map { SourceWarning(stage: .text, source: $0.location?.file ?? "", message: $0.message) }
        }
        for output in set.outputs where plan.declaredOutputs[output.name] == nil {
            plan.declaredOutputs[output.name] = output.outDirectory
        }
        return plan
    }

    /// The sources' catalog of a plan: `probe` for media files, downloads, fonts, text measuring, and the subject
    /// and beat analyses kept in the download cache's folder.
    static func catalog(probe: any SourceProbe, downloads: DownloadOptions, fonts: any FontProbe,
                        text: (any TextMeasuring)?) -> SourceCatalog {
        let subjects = CachedSubjectAnalysis(analysis: SubjectAnalyzer(), version: SubjectAnalyzer.version,
                                             cacheDirectory: downloads.cacheDirectory)
        let beats = CachedBeatAnalysis(analysis: BeatAnalyzer(), version: BeatAnalyzer.version,
                                       cacheDirectory: downloads.cacheDirectory)
        return SourceCatalog(probe: probe, fetcher: RemoteFetcher(options: downloads), fonts: fonts,
                             text: text, subjects: subjects, beats: beats)
    }

    /// `dependency cycle: a -> b -> a` at each output of the cycle.
    static func cycleDiagnostics(_ cycle: [String], outputs: [String: OutputSpec], files: [ManifestFile]) -> [Diagnostic] {
        let text = (cycle + [cycle[0]]).joined(separator: " -> ")
        let sources = Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        return cycle.enumerated().compactMap { index, name in
            guard let spec = outputs[name] else { return nil }
            let message = index == 0 ? "dependency cycle: \(text)" : "output '\(name)' is part of the cycle"
            let severity: Diagnostic.Severity = index == 0 ? .error : .note
            return sources[spec.manifestPath]?.diagnostic(severity, at: spec.location, message)
                ?? Diagnostic(severity, at: spec.location, message)
        }
    }

    /// Outputs in the order the manifests declare them, each moved after the outputs it depends on.
    /// `dependencies` gives an output's dependencies by name, nil for names that are no output.
    static func declarationOrder(_ names: [String], dependencies: (String) -> [String]?) -> [String] {
        var order: [String] = [], placed = Set<String>(), visiting = Set<String>()
        order.reserveCapacity(names.count)
        func visit(_ name: String) {
            guard !placed.contains(name), visiting.insert(name).inserted, let direct = dependencies(name) else { return }
            for dependency in direct { visit(dependency) }
            visiting.remove(name)
            placed.insert(name)
            order.append(name)
        }
        for name in names { visit(name) }
        return order
    }

    static func transitiveDependencies(of name: String, in dependencies: (String) -> [String]?) -> [String] {
        var result: [String] = [], stack = [name], seen: Set<String> = [name]
        while let next = stack.popLast() {
            for dependency in dependencies(next) ?? [] where seen.insert(dependency).inserted {
                result.append(dependency)
                stack.append(dependency)
            }
        }
        return result
    }
}
