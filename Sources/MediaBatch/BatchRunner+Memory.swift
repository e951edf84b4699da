import Manifest
import MediaCore
import Render

/// What each render of a run is counted at and how renders share the cores, from their memory estimates.
struct RenderMemoryPlan {
    /// The scheduler's budget for the renders (the process's own memory aside).
    var budget: Int
    /// Each render's estimate when it starts from idle: in its lanes, or in one lane when held to one.
    var alone: [String: Int]
    /// Each render's estimate when it starts beside others.
    var beside: [String: Int]
    /// The renders held to one encoder lane (their lanes do not fit the budget).
    var singleLane: Set<String>
    /// Whether renders are paired instead of running their lanes alone (`RenderMemory.pairedBudget`).
    var pairs: Bool
}

extension BatchRunner {
    /// The memory plan of `names`. Without `--jobs`, renders whose lanes would hold more than a large output beside
    /// a small one (`RenderMemory.pairedBudget`) run in one lane beside others, which keeps the cores as busy. Without
    /// `--max-memory` the budget is then that pair's (capped by the machine's); with it, the budget stays the user's,
    /// and renders pair when some render's lanes do not fit it but the pair does (else such a render would run in
    /// one lane with the other core idle). Renders of `short` (most of their video in the cache folder) do not ask
    /// for pairs: they encode too little to run their lanes, and two of them run at once.
    func memoryPlan(_ names: [String], jobs: [String: Job], streams: [String: ProbedStream], decoderThreads: Int,
                    concurrency: Int, short: Set<String>) -> RenderMemoryPlan {
        var estimates: [String: RenderMemory.Estimates] = [:]
        for name in names {
            guard let job = jobs[name] else { continue }
            let one = RenderMemory.estimate(settings: job.settings, composition: job.composition,
                                            videoComposition: job.videoComposition, sources: streams,
                                            decoderThreads: decoderThreads)
            estimates[name] = RenderMemory.Estimates(
                oneLane: one, inLanes: RenderMemory.inLanes(one, settings: job.settings, composition: job.composition),
                beside: RenderMemory.besideOthers(one, settings: job.settings))
        }
        let machine = max(0, (options.maxMemory ?? .machineDefault).bytes - RenderMemory.processBytes)
        var budget = machine
        var pairs = false
        if options.jobs == nil, concurrency > 1,
           let paired = RenderMemory.pairedBudget(names.compactMap { estimates[$0] }), paired < machine {
            let lanesBeyond = options.maxMemory == nil ? paired : machine
            if estimates.contains(where: { !short.contains($0.key) && $0.value.inLanes > lanesBeyond }) {
                pairs = true
                if options.maxMemory == nil { budget = paired }
            }
        }
        // Alone, a render runs all its encoder lanes when they fit the budget, else one (the same bytes either way).
        let singleLane = Set(estimates.filter { $0.value.inLanes > budget }.keys)
        return RenderMemoryPlan(
            budget: budget,
            alone: estimates.mapValues { $0.inLanes > budget ? $0.oneLane : $0.inLanes },
            beside: estimates.mapValues(\.beside), singleLane: singleLane, pairs: pairs)
    }
}
