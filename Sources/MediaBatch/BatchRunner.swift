import Composition
import Foundation
import LibAV
import Manifest
import MediaCore
import Render
public import Report
public import Scheduler
import Synchronization

/// Runs a planned batch: picks this shard's outputs, skips up-to-date ones, renders the rest in dependency order
/// under a CPU budget, writes each output under a temporary name and renames it only once verified, and reports.
public final class BatchRunner: Sendable {
    /// The options the batch runs with.
    public let options: BatchOptions
    /// Trip to stop the batch (SIGINT / SIGTERM): running renders stop, the rest are `cancelled`.
    public let cancellation = CancellationToken()
    private let sessions = Mutex<[String: ExportSession]>([:])
    /// Where encoded segments are kept between runs (`options.cacheDirectory`); nil without one.
    public let segmentStore: SegmentStore?
    /// The content digests fingerprints and segment keys name files by, remembered in the cache folder across runs.
    let fileDigests: FileDigests

    /// How many drawing-library calls of renders stopped by a signal or `--timeout` are still running in this process
    /// (see `ExportSession.abandonedLibraryCalls`).
    public static var abandonedLibraryCalls: Int { ExportSession.abandonedLibraryCalls }

    /// A runner with `options`.
    public init(options: BatchOptions) {
        self.options = options
        // Under --strict every picture is decoded from its sources, so that any damaged packet is found: segments
        // kept by earlier runs are not taken.
        segmentStore = options.cacheDirectory.flatMap { directory in
            options.cacheBytes > 0 && !options.strict
                ? SegmentStore(cacheDirectory: directory, toolVersion: options.toolVersion, byteLimit: options.cacheBytes)
                : nil
        }
        // Fingerprints name files by content too, so the digests are remembered even where segments are not kept.
        fileDigests = segmentStore?.fileDigests
            ?? FileDigests(memo: options.cacheDirectory.map(SegmentStore.digestMemo(in:)))
    }

    /// Renders `plan`'s outputs and returns the run report (not yet written to disk).
    public func run(_ plan: BatchPlan, events: @escaping @Sendable (BatchEvent) -> Void = { _ in }) -> RunReport {
        let started = Date()
        let decision = decide(plan)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let renderCount = decision.selection.order
            .filter { decision.jobs[$0] != nil && !decision.upToDate.contains($0) }.count
        let concurrency = max(1, options.jobs ?? min(cores, max(1, renderCount)))
        // Decoder threads share the cores between renders (decoding gives the same pictures with any count). A
        // render that has the machine to itself decodes on one thread: frame-threaded decoders hold frames per thread
        // per source and gain nothing when the encoder keeps every core busy (docs/performance.md).
        // Encoder threads are the preset's: they change the bytes, so the batch never chooses them.
        let decoderThreads = concurrency == 1 ? 1 : max(1, cores / concurrency)
        events(.planned(total: decision.selection.order.count, toRender: renderCount,
                        cannotBuild: decision.selection.order.count { decision.problems[$0] != nil },
                        concurrency: concurrency))

        let toRender = decision.selection.order.filter {
            decision.jobs[$0] != nil && !decision.upToDate.contains($0) && decision.problems[$0] == nil
        }
        let shared = planSharedSegments(toRender, jobs: decision.jobs, concurrency: concurrency, cores: cores)
        let memory = memoryPlan(toRender, jobs: decision.jobs, streams: plan.videoStreams,
                                decoderThreads: decoderThreads, concurrency: concurrency, short: shared.short)
        let run = RunRenders(plan: plan, decision: decision, cache: shared.cache, keys: shared.keys,
                             singleLane: memory.singleLane, decoderThreads: decoderThreads)
        let alone = memory.pairs ? []
            : rendersAlone(toRender, jobs: decision.jobs, excluded: memory.singleLane.union(shared.short), cores: cores)
        let reports = schedule(run, concurrency: concurrency, memory: memory, rank: shared.rank, alone: alone,
                               events: events)
        segmentStore?.evict()

        let finished = Date()
        return RunReport(toolVersion: options.toolVersion, host: ProcessInfo.processInfo.hostName,
                         startedAt: started, finishedAt: finished, wallSeconds: finished.timeIntervalSince(started),
                         shard: options.shard.map { "\($0.index + 1)/\($0.count)" }, outputs: reports)
    }

    /// Runs `run`'s renders through the scheduler in dependency order and returns each finished output's line.
    private func schedule(_ run: RunRenders, concurrency: Int, memory: RenderMemoryPlan, rank: [String: Int],
                          alone: Set<String>, events: @escaping @Sendable (BatchEvent) -> Void) -> [OutputReport] {
        let decision = run.decision
        let scheduler = Scheduler(maxConcurrentJobs: concurrency, failFast: options.failFast, retries: options.retries,
                                  memoryBudget: memory.budget,
                                  isTransient: { error in (error as? JobFailure)?.isTransient ?? false })
        let ticker = startProgressTicker(events)
        defer { ticker.cancel() }
        let collected = Mutex<[OutputReport]>([])
        do {
            _ = try scheduler.run(decision.selection.graph, rank: rank, memory: memory.alone,
                                  memoryBeside: memory.beside, alone: alone, cancellation: cancellation,
                                  progress: { [self] (event: SchedulerEvent<String, RenderedOutput>) in
                switch event {
                // Outputs up to date or that cannot be built finish without starting a render.
                case .started(let name, let attempt)
                    where attempt == 1 && decision.problems[name] == nil && !decision.upToDate.contains(name):
                    events(.started(name: name, expectedSeconds: decision.jobs[name]?.expectedDuration.seconds ?? 0))
                case .finished(let outcome):
                    let line = finishedLine(outcome, in: run)
                    collected.withLock { $0.append(line) }
                    events(.finished(line))
                default:
                    break
                }
            }) { [self] name, token, lease in
                try renderOrSettle(name, token: token, lease: lease, in: run)
            }
        } catch {
            // The plan has no cycles or unknown dependencies by now; nothing ran.
        }
        return collected.withLock { $0 }
    }

    /// The report line of a finished output, with why it rendered and the text warnings its plan found.
    private func finishedLine(_ outcome: JobOutcome<String, RenderedOutput>, in run: RunRenders) -> OutputReport {
        let name = outcome.id, decision = run.decision
        var line = report(for: outcome, job: decision.jobs[name], problem: decision.problems[name],
                          upToDate: decision.upToDate.contains(name))
        if line.status == .rendered {
            line.renderReason = run.settledReasons.withLock { $0[name] } ?? decision.renderReasons[name]
        }
        if let text = run.plan.textWarnings[name], line.status == .rendered || line.status == .upToDate {
            line.warnings = (line.warnings ?? []) + text
        }
        return line
    }

    /// Renders output `name`, unless it is up to date, or reads outputs of this run that came out as before (then
    /// its planned segments are withdrawn); records its fingerprint once it is written.
    private func renderOrSettle(_ name: String, token: CancellationToken, lease: JobLease,
                                in run: RunRenders) throws -> RenderedOutput {
        let decision = run.decision
        if let problem = decision.problems[name] {
            throw JobFailure(stage: FailureStage(rawValue: problem.stage) ?? .load, reason: problem.reason,
                             problems: problem.all.flatMap(\.diagnostics).map {
                                 ReportProblem(severity: $0.severity.rawValue, message: $0.message, location: $0.location)
                             })
        }
        guard let job = decision.jobs[name] else {
            throw JobFailure(stage: .load, reason: "output '\(name)' was not planned")
        }
        if decision.upToDate.contains(name) { return RenderedOutput(result: nil, posterPath: nil) }
        var fingerprint = decision.fingerprints[name]
        if decision.readsRenderedOutputs.contains(name) {
            let settled = settle(job, in: decision)
            run.settledReasons.withLock { $0[name] = settled.reason }
            guard settled.reason != nil else {
                // What it reads came out as before: nothing to render, and its planned segments are not used.
                run.cache.withdraw(run.keys[name] ?? [])
                return RenderedOutput(result: nil, posterPath: nil)
            }
            fingerprint = settled.parts
        }
        let output = try render(job, decoderThreads: run.decoderThreads, cache: run.cache, token: token,
                                lease: lease, lanes: run.singleLane.contains(name) ? 1 : Int.max)
        if let fingerprint {
            let loudness = output.result?.loudness.map(\.integrated).flatMap { $0.isFinite ? $0 : nil }
            try? Fingerprint.record(fingerprint, for: job.outputPath, digests: fileDigests, loudness: loudness,
                                    warnings: output.result?.warnings ?? [])
        }
        return output
    }

    /// The outputs this run looks at (its shard, in dependency order) and their graph.
    func select(_ plan: BatchPlan) -> (order: [String], graph: JobGraph<String>) {
        let names = plan.outputs.map(\.name)
        let known = Set(names)
        var graph = JobGraph<String>()
        for output in plan.outputs { graph.add(output.name, dependsOn: output.dependencies.filter(known.contains)) }
        guard let shard = options.shard else { return (names, graph) }
        let costs = Dictionary(plan.jobs.map { ($0.name, max(1, $0.expectedDuration.seconds)) }, uniquingKeysWith: { a, _ in a })
        let mine = Set(graph.shard(index: shard.index, count: shard.count, cost: { costs[$0] ?? 1 }))
        return (names.filter(mine.contains), graph.subgraph(mine))
    }

    /// Renders one job to a temporary file beside its output, then renames it into place; `lease` says whether the
    /// scheduler started it beside other renders (and counted it at its estimate for that) and takes its tail;
    /// alone, it runs at most `lanes` encoder lanes at once.
    private func render(_ job: Job, decoderThreads: Int, cache: SegmentCache, token: CancellationToken,
                        lease: JobLease, lanes: Int) throws -> RenderedOutput {
        let staged = try Self.stage(job)
        let posterTimes = options.posters ? OutputPictures.posterCandidates(of: job) : []
        let session = makeSession(job, writingTo: staged.temporaryPath, decoderThreads: decoderThreads, cache: cache,
                                  posterTimes: posterTimes, lease: lease, lanes: lanes)
        sessions.withLock { $0[job.name] = session }
        defer { _ = sessions.withLock { $0.removeValue(forKey: job.name) } }
        token.onCancel { session.cancel() }
        let watchdog = Self.timeLimit(of: job, options: options).map {
            RenderWatchdog(limit: $0.limit, origin: $0.origin, session: session)
        }
        defer { watchdog?.disarm() }
        let result: ExportResult
        do {
            result = try Self.export(session, staged: staged)
        } catch is CancellationError {
            throw watchdog?.failure ?? CancellationError()
        }
        // The old fingerprint goes first: stopped between the two, the next run renders again.
        Fingerprint.forget(for: job.outputPath)
        do {
            try staged.commit()
        } catch {
            throw JobFailure(stage: .mux, reason: error.description, isTransient: true)
        }
        var finished = result
        finished.outputPath = job.outputPath
        finished.stills = [:]
        let poster = options.posters ? poster(for: job, candidates: posterTimes, stills: result.stills, token: token) : nil
        return RenderedOutput(result: finished, posterPath: poster)
    }

    /// The shorter of `--timeout` and the job's manifest's `limits.render_time`, and where it was given; nil for
    /// neither.
    static func timeLimit(of job: Job, options: BatchOptions) -> (limit: MediaTime, origin: String)? {
        let manifest = job.renderTimeLimit.map {
            ($0, "limits.render_time in \(URL(fileURLWithPath: job.manifestPath).lastPathComponent)")
        }
        let flag = options.timeLimit.map { ($0, "--timeout") }
        switch (flag, manifest) {
        case let (flag?, manifest?): return manifest.0 < flag.0 ? manifest : flag
        case let (flag, manifest): return flag ?? manifest
        }
    }

    /// The temporary file `job` is written to, in its output's folder (made if missing), after removing what an
    /// interrupted run left there.
    private static func stage(_ job: Job) throws -> StagedFile {
        let directory = URL(fileURLWithPath: job.outputPath).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw JobFailure(stage: .mux, reason: "cannot create output directory '\(directory.path)': \(error.localizedDescription)",
                             isTransient: true)
        }
        StagedFile.removeAbandoned(besides: job.outputPath)
        do {
            // Hidden, and keeping the extension, so a muxer that looks at it still sees the right container.
            return try StagedFile(finalPath: job.outputPath)
        } catch {
            throw JobFailure(stage: .mux, reason: error.description, isTransient: true)
        }
    }

    /// The export session of `job` into `path`, set up with the run's options, its cache and the scheduler's lease.
    private func makeSession(_ job: Job, writingTo path: String, decoderThreads: Int, cache: SegmentCache,
                             posterTimes: [MediaTime], lease: JobLease, lanes: Int) -> ExportSession {
        var settings = job.settings
        if options.strict { settings.damageLimit = 0 }
        let session = ExportSession(composition: job.composition, videoComposition: job.videoComposition,
                                    audioMix: job.audioMix, settings: settings, outputPath: path)
        session.allowsDevices = options.allowsDevices
        session.decoderThreads = decoderThreads
        session.segmentCache = cache
        session.shareableRanges = Self.keyedRanges(of: job)
        session.fileDigests = fileDigests
        session.stillTimes = posterTimes
        session.stillWidth = OutputPictures.posterWidth
        // Started beside other renders, it keeps less in flight: the cores are busy either way, and the bytes are the
        // same; alone it would be slower. The scheduler decides, as it counts the render's memory by it
        // (`RenderMemory.besideOthers`).
        session.sharesCores = lease.besideOthers
        session.maximumLanes = lanes
        // Once its pictures are all encoded, the render drains x264 and writes its file: the next one starts.
        let tail = RenderMemory.tail(settings: settings)
        session.onTail = { lease.finishing(holding: tail) }
        return session
    }

    /// Runs `session`, writing `staged`, its errors as the job's failure at the stage they came from (cancellation
    /// as itself).
    private static func export(_ session: ExportSession, staged: StagedFile) throws -> ExportResult {
        do {
            return try session.export()
        } catch {
            if case .cancelled = error { throw CancellationError() }
            throw failure(error, writing: staged.finalPath, through: staged.temporaryPath)
        }
    }

    /// The job failure of an export's `error`; a file named by its temporary path (which the failure deletes) is
    /// named by the output's path, the one the user knows.
    static func failure(_ error: ExportError, writing finalPath: String, through temporaryPath: String) -> JobFailure {
        let path = error.path == temporaryPath ? finalPath : error.path
        let reason = path.map { "'\($0)': \(error.reason)" } ?? error.reason
        // Setting an export up is the last step of building the job.
        let stage = error.stage == .setup ? .load : FailureStage(rawValue: error.stage.rawValue) ?? .encode
        return JobFailure(stage: stage, reason: reason, isTransient: error.stage == .mux && looksTransient(error.reason))
    }

    /// Where an output's poster picture goes: `posters/NAME.jpg` beside it.
    static func posterPath(for job: Job) -> String {
        posterPath(for: job.outputPath)
    }

    /// Where the poster picture of the output at `outputPath` goes: `posters/NAME.jpg` beside it (no output name
    /// may have a `posters` folder).
    static func posterPath(for outputPath: String) -> String {
        // An output's path is absolute and ends in `NAME.EXT`: cut it as text (the validate check asks for ten
        // thousand posters' paths); anything else goes through URL, which also makes a relative path absolute.
        if outputPath.hasPrefix("/"), let slash = outputPath.lastIndex(of: "/"),
           let dot = outputPath[slash...].lastIndex(of: "."), outputPath.index(after: slash) < dot,
           outputPath.index(after: dot) < outputPath.endIndex {
            return outputPath[..<slash] + "/posters/" + outputPath[outputPath.index(after: slash)..<dot] + ".jpg"
        }
        let url = URL(fileURLWithPath: outputPath)
        return url.deletingLastPathComponent().appendingPathComponent("posters")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".jpg").path
    }

    /// A poster of the output, at most 320 pixels wide, for the HTML report (see `PosterChoice`), chosen among
    /// `candidates` from the pictures the export kept (`stills`), rendering only those it did not; nil if it fails.
    private func poster(for job: Job, candidates: [MediaTime], stills: [MediaTime: Picture],
                        token: CancellationToken) -> String? {
        guard job.settings.video != nil, job.expectedDuration > .zero, !token.isCancelled else { return nil }
        let path = Self.posterPath(for: job)
        return OutputPictures.writePoster(of: job, candidates: candidates, stills: stills, to: path) ? path : nil
    }

    /// I/O conditions that may pass: a full or busy disk, an interrupted call.
    static func looksTransient(_ reason: String) -> Bool {
        ["Input/output error", "No space left", "Resource temporarily unavailable", "Interrupted system call"]
            .contains { reason.contains($0) }
    }

    /// Polls running sessions' progress four times a second.
    private func startProgressTicker(_ events: @escaping @Sendable (BatchEvent) -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "mediabatch.progress"))
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [self] in
            let snapshot = self.sessions.withLock { $0.map { ($0.key, $0.value.progress) } }
            for (name, fraction) in snapshot { events(.progress(name: name, fraction: fraction)) }
        }
        timer.resume()
        return timer
    }
}

/// What the renders of one run read besides their own jobs, and the reasons of the jobs decided again once the
/// outputs they read were done.
final class RunRenders: Sendable {
    /// The plan the run renders.
    let plan: BatchPlan
    /// Which outputs render, with their jobs, problems and fingerprints.
    let decision: BatchRunner.Decision
    /// The run's shared segment cache.
    let cache: SegmentCache
    /// Each output's planned segment keys.
    let keys: [String: [SegmentKey]]
    /// The renders held to one encoder lane.
    let singleLane: Set<String>
    /// The decoder threads of each render.
    let decoderThreads: Int
    /// Why each job decided again renders (none for those that did not).
    let settledReasons = Mutex<[String: String]>([:])

    init(plan: BatchPlan, decision: BatchRunner.Decision, cache: SegmentCache, keys: [String: [SegmentKey]],
         singleLane: Set<String>, decoderThreads: Int) {
        self.plan = plan
        self.decision = decision
        self.cache = cache
        self.keys = keys
        self.singleLane = singleLane
        self.decoderThreads = decoderThreads
    }
}

/// What a successful job leaves: the export's result (nil when up to date) and its poster picture.
struct RenderedOutput: Sendable {
    var result: ExportResult?
    var posterPath: String?
}

/// A job's failure as the report shows it.
struct JobFailure: Error, CustomStringConvertible, TransientFailure {
    var stage: FailureStage
    var reason: String
    var isTransient = false
    /// Every problem and note of an output that could not be built, for the report.
    var problems: [ReportProblem]? = nil
    var description: String { "\(stage.rawValue): \(reason)" }
}
