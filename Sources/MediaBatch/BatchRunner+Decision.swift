import Foundation
import LibAV
import Manifest
import Scheduler

extension BatchRunner {
    /// What a run of `plan` works from: the outputs it looks at, their jobs and problems, fingerprints, and which
    /// are up to date.
    struct Decision {
        var selection: (order: [String], graph: JobGraph<String>)
        var jobs: [String: Job]
        var problems: [String: JobProblems]
        var fingerprints: [String: FingerprintParts]
        var upToDate: Set<String>
        /// Why each job not up to date renders (`forced`, `the file is missing`, ...).
        var renderReasons: [String: String]
        /// The jobs that read an output this run renders: their fingerprints name that output's new bytes only once
        /// it is done, so they are decided again then (`settle`); some of them may turn out up to date.
        var readsRenderedOutputs: Set<String>
        /// Where each planned output is written, by name.
        var outputPaths: [String: String]
    }

    /// Decides which outputs of `plan` are up to date. A job that reads an output this run
    /// renders is decided by what that output's file holds now; if it would be up to date, it is planned as a render
    /// that may not happen: it renders only if that output comes out different (early cutoff).
    func decide(_ plan: BatchPlan) -> Decision {
        let selection = select(plan)
        let jobs = Dictionary(plan.jobs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let problems = Dictionary(grouping: plan.problems, by: \.output).mapValues(JobProblems.init)
        let outputPaths = jobs.mapValues(\.outputPath)
        // Each job's parts name the files it reads, the outputs it reads included, so they do not depend on each
        // other: taken on all cores.
        let evaluated = selection.order.compactMap { jobs[$0] }.parallelMap { job in
            Fingerprint.recallDigests(for: job.outputPath, into: fileDigests)
            let parts = FingerprintParts(of: job, toolVersion: options.toolVersion, outputPaths: outputPaths,
                                         digests: fileDigests)
            return (name: job.name, parts: parts, reason: renderReason(job, parts: parts))
        }
        var fingerprints: [String: FingerprintParts] = [:], reasons: [String: String] = [:]
        for job in evaluated { (fingerprints[job.name], reasons[job.name]) = (job.parts, job.reason) }
        var renders = Set(problems.keys), readsRendered = Set<String>()
        for name in selection.order {
            guard let job = jobs[name] else { continue }
            if let rendered = job.dependencies.first(where: renders.contains) {
                readsRendered.insert(name)
                if reasons[name] == nil {
                    reasons[name] = "output '\(rendered)' renders first; this one renders only if it comes out different"
                }
            }
            if reasons[name] != nil { renders.insert(name) }
        }
        let upToDate = Set(selection.order.filter { jobs[$0] != nil && reasons[$0] == nil })
        return Decision(selection: selection, jobs: jobs, problems: problems, fingerprints: fingerprints, upToDate: upToDate,
                        renderReasons: reasons, readsRenderedOutputs: readsRendered, outputPaths: outputPaths)
    }

    /// `job`'s fingerprint and why it renders (nil: it is up to date), taken once the outputs it reads are done.
    func settle(_ job: Job, in decision: Decision) -> (parts: FingerprintParts, reason: String?) {
        let parts = FingerprintParts(of: job, toolVersion: options.toolVersion, outputPaths: decision.outputPaths,
                                     digests: fileDigests)
        return (parts, renderReason(job, parts: parts))
    }

    /// Why `job`, whose fingerprint is made of `parts`, renders; nil when its file is up to date.
    private func renderReason(_ job: Job, parts: FingerprintParts) -> String? {
        if options.force { return Fingerprint.forced }
        // Under --strict an output rendered from damaged sources is checked again (and fails).
        if options.strict, Fingerprint.recordedWarnings(for: job.outputPath).contains(where: { $0.stage == .decode }) {
            return "it was rendered from damaged sources and --strict tolerates none"
        }
        return Fingerprint.staleness(of: job.outputPath, parts: parts, digests: fileDigests)
    }
}
