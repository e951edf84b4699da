extension JobGraph {
    /// Splits the graph's connected components over `count` shards, largest expected cost first, each onto the
    /// least-loaded shard (ties: the lower shard index; equal-cost components: the one with the smaller first job).
    /// Every machine computing this with the same graph and costs gets the same split.
    public func shards(count: Int, cost: (ID) -> Double = { _ in 1 }) -> [[ID]] {
        precondition(count >= 1, "shard count must be at least 1")
        let weighted = components.map { component in (jobs: component, cost: component.reduce(0) { $0 + cost($1) }) }
        let ordered = weighted.sorted { a, b in a.cost != b.cost ? a.cost > b.cost : a.jobs[0] < b.jobs[0] }
        var loads = LeastLoadedShards(count: count)
        var result = [[ID]](repeating: [], count: count)
        for component in ordered {
            result[loads.first].append(contentsOf: component.jobs)
            loads.addToFirst(component.cost)
        }
        return result.map { $0.sorted() }
    }

    /// The jobs of shard `index` (0-based) of `count`, sorted; see `shards(count:cost:)`.
    public func shard(index: Int, count: Int, cost: (ID) -> Double = { _ in 1 }) -> [ID] {
        precondition(index >= 0 && index < count, "shard index \(index) out of 0..<\(count)")
        return shards(count: count, cost: cost)[index]
    }

    /// The jobs of `spec`'s shard, sorted.
    public func shard(_ spec: ShardSpec, cost: (ID) -> Double = { _ in 1 }) -> [ID] {
        shard(index: spec.index, count: spec.count, cost: cost)
    }
}
