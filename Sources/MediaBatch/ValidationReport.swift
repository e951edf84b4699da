import Foundation
public import MediaCore
public import Manifest

/// What `validate` prints: every problem of a plan, manifest problems and output problems alike, grouped by the
/// file they are in, with counts per manifest and in all. A problem that many outputs share (one missing intro used
/// by every output of a matrix) is shown once, with a note naming the other outputs.
public struct ValidationReport: Sendable {
    /// The problems of one file.
    public struct Group: Sendable {
        /// The file; nil for problems that belong to no file (a path that does not exist).
        public var file: String?
        /// Its problems in file order, notes after the problem they explain.
        public var diagnostics: [Diagnostic]
        /// Errors among them (notes and warnings not counted).
        public var errorCount: Int
        /// Warnings among them.
        public var warningCount: Int
        /// Outputs the file declares that were planned (nil for files that are not manifests).
        public var outputCount: Int?
        /// How many of those cannot be built.
        public var brokenOutputCount: Int
    }

    /// The groups: problems without a file first, then files in path order.
    public var groups: [Group]
    /// Manifests read.
    public var manifestCount: Int
    /// Outputs planned.
    public var outputCount: Int
    /// Outputs that cannot be built.
    public var brokenOutputCount: Int

    /// Errors in all groups.
    public var errorCount: Int { groups.reduce(0) { $0 + $1.errorCount } }
    /// Warnings in all groups.
    public var warningCount: Int { groups.reduce(0) { $0 + $1.warningCount } }

    /// The report of `plan`.
    public init(plan: BatchPlan) {
        var byFile: [String?: [Diagnostic]] = [:]
        for list in [plan.diagnostics, Self.folded(plan.problems)] {
            // A note stays with the problem it explains, also when it points into another file (a data table).
            var file: String?
            for diagnostic in list {
                if diagnostic.severity != .note { file = diagnostic.location?.file }
                byFile[diagnostic.severity == .note ? file : diagnostic.location?.file, default: []].append(diagnostic)
            }
        }
        var outputs: [String: Int] = [:], broken: [String: Set<String>] = [:]
        for output in plan.outputs { outputs[output.manifestPath, default: 0] += 1 }
        // An output whose name an earlier one has is declared, and cannot be built.
        for (manifest, count) in plan.duplicateOutputCounts { outputs[manifest, default: 0] += count }
        let manifests = Dictionary(plan.outputs.map { ($0.name, $0.manifestPath) }, uniquingKeysWith: { first, _ in first })
        // An output cannot be built when an error names it: its own fields' (manifest stage) or its sources'.
        let unbuildable = Set(plan.problems.map(\.output)).union(plan.invalidOutputs)
        for name in unbuildable {
            if let manifest = manifests[name] { broken[manifest, default: []].insert(name) }
        }
        var files = Set(byFile.keys.compactMap { $0 })
        files.formUnion(plan.manifestPaths)
        var groups: [Group] = []
        if let loose = byFile[nil] { groups.append(Self.group(nil, loose, outputs: nil, broken: 0)) }
        for file in files.sorted() {
            let isManifest = plan.manifestPaths.contains(file)
            let brokenCount = (broken[file]?.count ?? 0) + (plan.duplicateOutputCounts[file] ?? 0)
            groups.append(Self.group(file, byFile[file] ?? [], outputs: isManifest ? outputs[file] ?? 0 : nil,
                                     broken: brokenCount))
        }
        self.groups = groups
        manifestCount = plan.manifestPaths.count
        let duplicates = plan.duplicateOutputCounts.values.reduce(0, +)
        outputCount = plan.outputs.count + duplicates
        brokenOutputCount = broken.values.reduce(0) { $0 + $1.count } + duplicates
    }

    private static func group(_ file: String?, _ diagnostics: [Diagnostic], outputs: Int?, broken: Int) -> Group {
        // Sorted by place; a note stays right after the diagnostic before it.
        var blocks: [[Diagnostic]] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !blocks.isEmpty { blocks[blocks.count - 1].append(diagnostic) } else { blocks.append([diagnostic]) }
        }
        let sorted = blocks.enumerated().sorted { a, b in
            let (x, y) = (a.element[0].location, b.element[0].location)
            if let x, let y, (x.line, x.column) != (y.line, y.column) { return (x.line, x.column) < (y.line, y.column) }
            return a.offset < b.offset
        }.flatMap(\.element)
        return Group(file: file, diagnostics: sorted,
                     errorCount: sorted.filter { $0.severity == .error }.count,
                     warningCount: sorted.filter { $0.severity == .warning }.count,
                     outputCount: outputs, brokenOutputCount: broken)
    }

    /// Output problems, those that differ only in the output's name shown once with a note naming the others (a
    /// missing intro of a 1000-output matrix is one error, not a thousand).
    public static func folded(_ problems: [JobProblem]) -> [Diagnostic] {
        struct Key: Hashable {
            var location: SourceLocation?
            var stage: String
            var message: String
        }
        var order: [Key] = [], members: [Key: [JobProblem]] = [:]
        for problem in problems {
            let generic = problem.diagnostic.message.replacingOccurrences(of: "'\(problem.output)'", with: "'\u{0}'")
            let key = Key(location: problem.diagnostic.location, stage: problem.stage, message: generic)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(problem)
        }
        return order.flatMap { key -> [Diagnostic] in
            guard let same = members[key], let first = same.first else { return [] }
            guard same.count > 1 else { return first.diagnostics }
            let others = same.dropFirst().map(\.output)
            let shown = others.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let more = others.count > 5 ? " and \(others.count - 5) more" : ""
            let noun = others.count == 1 ? "output" : "outputs"
            return first.diagnostics + [Diagnostic(.note, at: first.diagnostic.location,
                                                   "the same problem affects \(noun) \(shown)\(more)")]
        }
    }

    /// `m/a.yaml: 2 errors, 1 warning; 3 of 4 outputs can be built` (or `ok, 4 outputs`).
    public func summary(of group: Group) -> String {
        let name = group.file ?? "command line"
        var parts: [String] = []
        if group.errorCount > 0 { parts.append(Self.count(group.errorCount, "error")) }
        if group.warningCount > 0 { parts.append(Self.count(group.warningCount, "warning")) }
        var text = "\(name): " + (parts.isEmpty ? "ok" : parts.joined(separator: ", "))
        if let outputs = group.outputCount {
            text += group.brokenOutputCount > 0
                ? "; \(outputs - group.brokenOutputCount) of \(Self.count(outputs, "output")) can be built"
                : (parts.isEmpty ? ", " : "; ") + Self.count(outputs, "output")
        }
        return text
    }

    /// The closing line: `valid: 10 outputs in 1 manifest`, or the error count and what can still be built.
    public var totalLine: String {
        let manifests = Self.count(manifestCount, "manifest")
        guard errorCount > 0 else {
            let warnings = warningCount > 0 ? " (\(Self.count(warningCount, "warning")))" : ""
            return "valid: \(Self.count(outputCount, "output")) in \(manifests)\(warnings)"
        }
        let failing = groups.filter { $0.errorCount > 0 }.count
        var text = "\(Self.count(errorCount, "error")) in \(failing) of \(Self.count(groups.count, "file"))"
        if warningCount > 0 { text += ", \(Self.count(warningCount, "warning"))" }
        return text + "; \(outputCount - brokenOutputCount) of \(Self.count(outputCount, "output")) in \(manifests) can be built"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
