/// The loads of `count` shards, answering which is least loaded (ties: the lower index) in log(count) time, so
/// splitting many components over many shards costs components x log(shards), not components x shards.
struct LeastLoadedShards {
    /// A binary min-heap of (load, index), ordered by load, then index.
    private var heap: [(load: Double, index: Int)]

    /// `count` shards, all empty.
    init(count: Int) {
        // Equal loads in index order already satisfy the heap order.
        heap = (0..<count).map { (0, $0) }
    }

    /// The least-loaded shard.
    var first: Int { heap[0].index }

    /// Adds `cost` to the least-loaded shard.
    mutating func addToFirst(_ cost: Double) {
        heap[0].load += cost
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private static func precedes(_ a: (load: Double, index: Int), _ b: (load: Double, index: Int)) -> Bool {
        a.load != b.load ? a.load < b.load : a.index < b.index
    }
}
