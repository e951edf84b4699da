/// An error in a job graph, found before anything runs.
public enum SchedulerError<ID: Hashable & Sendable & Comparable>: Error, CustomStringConvertible, Sendable, Hashable {
    /// The jobs of a dependency cycle in order, each once, starting at the smallest id; each depends on the next
    /// and the last on the first (a self-loop is a one-element list).
    case cycle([ID])
    /// `job` depends on `dependency`, which is not a job of the graph.
    case unknownDependency(job: ID, dependency: ID)

    /// `dependency cycle: a -> b -> a`, `unknown dependency 'x' of job 'a'`.
    public var description: String {
        switch self {
        case .cycle(let ids):
            let names = (ids + ids.prefix(1)).map { String(describing: $0) }
            return "dependency cycle: " + names.joined(separator: " -> ")
        case .unknownDependency(let job, let dependency):
            return "unknown dependency '\(dependency)' of job '\(job)'"
        }
    }
}
