import Manifest
import MediaCore
import Scheduler

extension BatchPlan {
    /// A manifest set's outputs in the order they are built, each after the outputs it reads; the outputs of a
    /// dependency cycle are named (and reported) so that the build leaves them out.
    struct OrderedOutputs {
        /// Each output's position in the set's outputs, by name (the first of equal names): copying an `OutputSpec`
        /// is not free.
        let index: [String: Int]
        /// Each output's dependencies, by position.
        let dependencies: [[String]]
        /// The names in build order.
        let order: [String]
        /// The outputs of the first dependency cycle found.
        let cyclic: Set<String>
        /// The cycle's error, and the conflicts of outputs that would write the same file.
        let diagnostics: [Diagnostic]

        /// The order of `set`'s outputs.
        init(_ set: ManifestSet) {
            // By position, not by element: each element taken would be a copy of a large value.
            let outputs = set.outputs
            var index: [String: Int] = [:]
            index.reserveCapacity(outputs.count)
            for position in outputs.indices where index[outputs[position].name] == nil {
                index[outputs[position].name] = position
            }
            let dependencies = outputs.indices.map { outputs[$0].dependencies }
            var graph = JobGraph<String>()
            for position in outputs.indices {
                graph.add(outputs[position].name, dependsOn: dependencies[position].filter { index[$0] != nil })
            }
            var diagnostics: [Diagnostic] = []
            let cycle = graph.findCycle()
            if let cycle {
                diagnostics += cycleDiagnostics(cycle, outputs: index.mapValues { set.outputs[$0] }, files: set.files)
            }
            diagnostics += OutputIdentity.conflicts(among: set.outputs, files: set.files)
            self.index = index
            self.dependencies = dependencies
            self.cyclic = Set(cycle ?? [])
            self.diagnostics = diagnostics
            self.order = declarationOrder(outputs.indices.map { outputs[$0].name }) { name in
                index[name].map { dependencies[$0] }
            }
        }

        /// An output's dependencies by name; nil for a name that is no output.
        func dependencies(of name: String) -> [String]? {
            index[name].map { dependencies[$0] }
        }

        /// The outputs `only`'s patterns select with everything they read (all outputs without patterns), and the
        /// error for patterns that select nothing.
        func selection(_ only: [String]) -> (wanted: Set<String>, unmatched: PlanArgumentError?) {
            guard !only.isEmpty else { return (Set(order), nil) }
            let unmatched = only.filter { pattern in !order.contains { Glob.matches(pattern, $0) } }
            let error = unmatched.isEmpty || order.isEmpty ? nil
                : PlanArgumentError.unmatchedPatterns(unmatched, nearest: Glob.nearest(to: unmatched, among: order))
            let selected = order.filter { name in only.contains { Glob.matches($0, name) } }
            return (Set(selected.flatMap { [$0] + transitiveDependencies(of: $0, in: dependencies(of:)) }), error)
        }
    }

    /// The jobs of a plan as they are built, with what building them found.
    struct JobsBuilt {
        var diagnostics: [Diagnostic]
        var jobs: [Job] = []
        var problems: [JobProblem] = []
        var outputs: [OutputSpec] = []
        var builtCount = 0
        var builtManifests = Set<String>()

        /// Builds the `wanted` outputs of `ordered` in order. With `keeping` `.dependencies` (`validate`), outputs
        /// whose entries have errors are built too (their missing sources are found in the same pass), only the jobs
        /// other outputs read are kept, and a cycle's outputs are listed last, unbuilt.
        mutating func build(_ ordered: OrderedOutputs, wanted: Set<String>, from set: ManifestSet, keeping: Keeping,
                            catalog: SourceCatalog) {
            let validates = keeping == .dependencies
            let positions = ordered.order.compactMap { name -> Int? in
                guard wanted.contains(name), !ordered.cyclic.contains(name),
                      validates || !set.invalidOutputs.contains(name) else { return nil }
                return ordered.index[name]
            }
            // Only outputs used as sources are looked up by later outputs.
            var usedAsSource = Set<String>()
            for names in ordered.dependencies { usedAsSource.formUnion(names) }
            if keeping == .all { jobs.reserveCapacity(positions.count) }
            outputs.reserveCapacity(positions.count)
            let builder = JobBuilder(catalog: catalog, manifests: set.files)
            var built: [String: Job] = [:]
            // Where the jobs are dropped once counted (`validate`), outputs that read no other output are built
            // ahead on all cores, a window at a time; then the window is taken in order, building the others here
            // with what they read. Jobs that are kept are built here in order: kept jobs built on two threads made
            // the run's later planning of them slower than the building saved (see docs/performance.md).
            for start in stride(from: 0, to: positions.count, by: buildWindow) {
                let window = positions[start..<min(start + buildWindow, positions.count)]
                let early = validates ? buildAlone(window.filter { ordered.dependencies[$0].isEmpty },
                                                   outputs: set.outputs, catalog: catalog, manifests: set.files)
                    : [:]
                for position in window {
                    let spec = set.outputs[position], name = spec.name
                    outputs.append(spec)
                    let (result, warnings) = early[position] ?? BatchPlan.build(spec, with: builder, built: built)
                    switch result {
                    case .success(let job):
                        diagnostics += warnings
                        if usedAsSource.contains(name) { built[name] = job }
                        builtCount += 1
                        builtManifests.insert(job.manifestPath)
                        if keeping == .all || usedAsSource.contains(name) { jobs.append(job) }
                    case .failure(let found):
                        problems += found.all
                    }
                }
            }
            if validates {
                // `validate` counts a cycle's outputs among those that cannot be built; they have no order to take.
                outputs += ordered.order.filter { ordered.cyclic.contains($0) && wanted.contains($0) }
                    .compactMap { ordered.index[$0] }.map { set.outputs[$0] }
            }
        }
    }
}
