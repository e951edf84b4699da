import Foundation
import Manifest

/// What a run would do with one output, and why: `run --dry-run`.
public struct PlannedAction: Sendable, Hashable {
    /// The four things a run can do with an output.
    public enum Kind: String, Sendable, Hashable {
        /// It would be rendered.
        case render
        /// Its file matches its fingerprint; it would be left alone.
        case upToDate = "up to date"
        /// It cannot be built (a source is missing, a value is wrong): the run reports it failed.
        case fail
        /// An output it uses cannot be built: the run skips it.
        case skip
    }

    /// The output.
    public var name: String
    /// What would happen.
    public var kind: Kind
    /// Why, in a few words.
    public var reason: String
    /// For an output that would render: the seconds of its video kept in the cache folder by earlier runs, and of
    /// all its video; nil without video or a cache folder.
    public var keptVideo: KeptVideo? = nil

    /// How much of an output's video the cache folder holds.
    public struct KeptVideo: Sendable, Hashable {
        /// Seconds taken from kept segments.
        public var kept: Double
        /// Seconds of video in all.
        public var total: Double
    }
}

extension BatchRunner {
    /// What `run` would do with each output of `plan` it looks at (this shard's, in dependency order), without
    /// rendering anything.
    public func dryRun(_ plan: BatchPlan) -> [PlannedAction] {
        let decision = decide(plan)
        let renders = decision.selection.order.filter { decision.problems[$0] == nil && !decision.upToDate.contains($0) }
        let kept = Dictionary(renders.compactMap { decision.jobs[$0] }.parallelMap { ($0.name, keptVideo($0)) },
                              uniquingKeysWith: { first, _ in first })
        // Each output that cannot be built, with the one whose failure is the cause (itself, or what it uses), as the
        // run's scheduler names it when it skips the dependents of a failed output.
        var cannot: [String: String] = [:]
        var actions: [PlannedAction] = []
        for name in decision.selection.order {
            let dependencies = decision.selection.graph.dependencies[name] ?? []
            if let cause = dependencies.lazy.compactMap({ cannot[$0] }).first {
                cannot[name] = cause
                actions.append(PlannedAction(name: name, kind: .skip, reason: "dependency '\(cause)' cannot be built"))
            } else if let problems = decision.problems[name] {
                cannot[name] = name
                actions.append(PlannedAction(name: name, kind: .fail, reason: problems.reason))
            } else if decision.upToDate.contains(name) {
                actions.append(PlannedAction(name: name, kind: .upToDate, reason: "fingerprint matches the file"))
            } else if let job = decision.jobs[name] {
                actions.append(PlannedAction(name: name, kind: .render,
                                             reason: renderReason(job, staleness: decision.renderReasons[name]),
                                             keptVideo: kept[name] ?? nil))
            }
        }
        return actions
    }

    /// How much of `job`'s video the cache folder holds; nil without video or a usable cache folder.
    private func keptVideo(_ job: Job) -> PlannedAction.KeptVideo? {
        guard let store = segmentStore,
              let seconds = plannedSession(job).keptVideoSeconds(isKept: { store.holds($0) }) else { return nil }
        return PlannedAction.KeptVideo(kept: seconds.kept, total: seconds.total)
    }

    /// Why an output that is not up to date would render; `staleness` is what the run's decision said.
    private func renderReason(_ job: Job, staleness: String?) -> String {
        if options.force && FileManager.default.fileExists(atPath: job.outputPath) { return "--force" }
        if !FileManager.default.fileExists(atPath: job.outputPath) { return "no file yet" }
        if !FileManager.default.fileExists(atPath: Fingerprint.sidecarPath(for: job.outputPath)) {
            return "no fingerprint beside the file (made by something else, or by a run that was stopped)"
        }
        return staleness ?? "its manifest, preset, sources or mediabatch changed since it was rendered"
    }
}
