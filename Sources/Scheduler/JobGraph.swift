/// A set of jobs and the jobs each depends on; generic over the job id, with no knowledge of what a job does.
public struct JobGraph<ID: Hashable & Sendable & Comparable>: Sendable, Hashable {
    /// Each job's direct dependencies, sorted and without duplicates.
    public private(set) var dependencies: [ID: [ID]]

    /// An empty graph.
    public init() { dependencies = [:] }

    /// A graph from each job's dependencies; ids that appear only as dependencies are not jobs (see `validate`).
    public init(dependencies: [ID: [ID]]) {
        self.dependencies = dependencies.mapValues { Array(Set($0)).sorted() }
    }

    /// Adds `id` (or extends it) with the jobs it depends on.
    public mutating func add(_ id: ID, dependsOn: [ID] = []) {
        dependencies[id] = Array(Set(dependencies[id, default: []]).union(dependsOn)).sorted()
    }

    /// All jobs, sorted.
    public var jobs: [ID] { dependencies.keys.sorted() }

    /// The number of jobs.
    public var count: Int { dependencies.count }

    /// Whether `id` is a job of the graph.
    public func contains(_ id: ID) -> Bool { dependencies[id] != nil }

    /// The jobs that depend directly on each job, sorted; unknown dependencies are left out.
    public var dependents: [ID: [ID]] {
        var result: [ID: [ID]] = dependencies.mapValues { _ in [] }
        for job in jobs {
            for dependency in dependencies[job, default: []] where result[dependency] != nil {
                result[dependency, default: []].append(job)
            }
        }
        return result
    }

    /// The jobs that depend on `id` directly or through others, sorted.
    public func transitiveDependents(of id: ID) -> [ID] {
        let direct = dependents
        var seen: Set<ID> = []
        var stack = direct[id, default: []]
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack.append(contentsOf: direct[next, default: []]) }
        }
        return seen.sorted()
    }

    /// Throws the first unknown dependency (in job order), then the first cycle found.
    public func validate() throws(SchedulerError<ID>) {
        for job in jobs {
            for dependency in dependencies[job, default: []] where dependencies[dependency] == nil {
                throw .unknownDependency(job: job, dependency: dependency)
            }
        }
        if let cycle = findCycle() { throw .cycle(cycle) }
    }

    /// Every job after its dependencies; among jobs ready at the same time the smallest id comes first.
    public func topologicalOrder() throws(SchedulerError<ID>) -> [ID] {
        try validate()
        let direct = dependents
        var waiting = dependencies.mapValues(\.count)
        var ready = jobs.filter { waiting[$0] == 0 }
        var order: [ID] = []
        order.reserveCapacity(count)
        while !ready.isEmpty {
            let next = ready.removeFirst()
            order.append(next)
            for dependent in direct[next, default: []] {
                waiting[dependent, default: 0] -= 1
                if waiting[dependent] == 0 { ready.insertSorted(dependent) }
            }
        }
        return order
    }

    /// A cycle as `SchedulerError.cycle` lists it, or nil; depth-first in job order, so the same graph gives the same cycle.
    public func findCycle() -> [ID]? {
        var marks: [ID: Bool] = [:]  // true while on the current path, false when finished
        var path: [ID] = []
        // Iterative DFS: each frame is a job and the index of the next dependency to visit.
        for root in jobs where marks[root] == nil {
            var frames: [(id: ID, next: Int)] = [(root, 0)]
            marks[root] = true
            path.append(root)
            while let top = frames.last {
                let edges = dependencies[top.id, default: []]
                if top.next == edges.count {
                    frames.removeLast()
                    path.removeLast()
                    marks[top.id] = false
                    continue
                }
                frames[frames.count - 1].next += 1
                let dependency = edges[top.next]
                guard dependencies[dependency] != nil else { continue }
                switch marks[dependency] {
                case true:
                    let start = path.lastIndex(of: dependency)!
                    return Self.rotatedToSmallest(Array(path[start...]))
                case false:
                    continue
                case nil:
                    marks[dependency] = true
                    path.append(dependency)
                    frames.append((dependency, 0))
                }
            }
        }
        return nil
    }

    /// Connected components ignoring edge direction, each sorted, ordered by their smallest job.
    public var components: [[ID]] {
        var parent: [ID: ID] = [:]
        func root(_ id: ID) -> ID {
            var current = id
            while let up = parent[current], up != current { current = up }
            var walk = id
            while let up = parent[walk], up != current { parent[walk] = current; walk = up }
            return current
        }
        for job in jobs { parent[job] = job }
        for job in jobs {
            for dependency in dependencies[job, default: []] where parent[dependency] != nil {
                let a = root(job), b = root(dependency)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var groups: [ID: [ID]] = [:]
        for job in jobs { groups[root(job), default: []].append(job) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// The graph restricted to `ids`; dependencies on jobs outside it are dropped.
    public func subgraph(_ ids: some Sequence<ID>) -> JobGraph {
        let keep = Set(ids).filter { dependencies[$0] != nil }
        var result = JobGraph()
        for id in keep { result.dependencies[id] = dependencies[id, default: []].filter(keep.contains) }
        return result
    }

    private static func rotatedToSmallest(_ cycle: [ID]) -> [ID] {
        guard let smallest = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) else { return cycle }
        return Array(cycle[smallest...] + cycle[..<smallest])
    }
}

extension Array where Element: Comparable {
    /// Inserts keeping ascending order.
    mutating func insertSorted(_ element: Element) {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < element { low = mid + 1 } else { high = mid }
        }
        insert(element, at: low)
    }
}
