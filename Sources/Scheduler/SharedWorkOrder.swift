/// A launch order for jobs that share work (cached segments): longest first, then, one after another, the job that
/// would not wait for a segment another running job is still rendering, preferring jobs that render segments nobody
/// has rendered yet. So the first users of different segments run side by side, and the later users of a segment
/// start once it is in the cache instead of idling while another job renders it.
public enum SharedWorkOrder {
    /// Ranks (0 first) for `jobs`; `keys` are each job's shared-work keys, `cost` its expected work (a render's
    /// length times its pixels); `window` is how many jobs run at once (the concurrency). Deterministic: ties go to
    /// the costlier job, then the smaller id.
    public static func rank<ID: Hashable & Comparable, Key: Hashable>(
        _ jobs: [ID], keys: [ID: [Key]], cost: [ID: Double], window: Int
    ) -> [ID: Int] {
        var remaining = jobs.sorted { (cost[$0] ?? 0, $1) > (cost[$1] ?? 0, $0) }
        // Per started job, the keys it renders itself (those nobody started before it renders).
        var fresh: [Set<Key>] = []
        var rendered = Set<Key>()
        var rank: [ID: Int] = [:]
        while !remaining.isEmpty {
            // When a slot frees up, the last `window - 1` jobs started are still running; the rest are done.
            let running = fresh.suffix(max(1, window) - 1)
            for done in fresh.dropLast(running.count) { rendered.formUnion(done) }
            let rendering = running.reduce(into: Set<Key>()) { $0.formUnion($1) }
            var best = 0
            var bestScore = (waits: Int.max, renders: 0)
            for (index, job) in remaining.enumerated() {
                let own = Set(keys[job] ?? [])
                let waits = own.intersection(rendering).count
                let score = (waits: waits, renders: own.count - waits - own.intersection(rendered).count)
                if score.waits < bestScore.waits || (score.waits == bestScore.waits && score.renders > bestScore.renders) {
                    (best, bestScore) = (index, score)
                }
            }
            let job = remaining.remove(at: best)
            rank[job] = rank.count
            fresh.append(Set(keys[job] ?? []).subtracting(rendered).subtracting(rendering))
        }
        return rank
    }
}
