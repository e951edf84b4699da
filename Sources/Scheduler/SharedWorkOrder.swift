/// A launch order for jobs that share work (cached segments): longest first, then, one after another, the job that
/// shares the most keys with the jobs just started, so a shared segment's users run close together while it is in
/// the cache (and the cache can drop it soon after).
public enum SharedWorkOrder {
    /// Ranks (0 first) for `jobs`; `keys` are each job's shared-work keys, `cost` its expected length; `window` is
    /// how many recently started jobs count as running (the concurrency). Deterministic: ties go to the smaller id.
    public static func rank<ID: Hashable & Comparable, Key: Hashable>(
        _ jobs: [ID], keys: [ID: [Key]], cost: [ID: Double], window: Int
    ) -> [ID: Int] {
        var remaining = jobs.sorted { (cost[$0] ?? 0, $1) > (cost[$1] ?? 0, $0) }
        var recent: [Set<Key>] = []
        var rank: [ID: Int] = [:]
        while !remaining.isEmpty {
            let hot = recent.reduce(into: Set<Key>()) { $0.formUnion($1) }
            var best = 0
            var bestShared = 0
            for (index, job) in remaining.enumerated() {
                let shared = Set(keys[job] ?? []).intersection(hot).count
                if shared > bestShared { (best, bestShared) = (index, shared) }
            }
            let job = remaining.remove(at: best)
            rank[job] = rank.count
            recent.append(Set(keys[job] ?? []))
            if recent.count > max(1, window) { recent.removeFirst() }
        }
        return rank
    }
}
