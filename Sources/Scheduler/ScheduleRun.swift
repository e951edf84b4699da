import Foundation

/// The mutable state of one `Scheduler.run`: a lock-protected ready list, counters and outcomes.
final class ScheduleRun<ID: Hashable & Sendable & Comparable, Value: Sendable>: @unchecked Sendable {
    private struct State {
        var waiting: [ID: Int]
        var ready: [ID]
        /// Jobs started and not yet in their tail: they take the places `maxConcurrentJobs` allows.
        var running = 0
        /// Jobs in their tail (`JobLease.finishing(holding:)`), still running.
        var tails: Set<ID> = []
        /// Attempts made so far and when the first started, by job.
        var attempts: [ID: Int] = [:]
        var firstStarts: [ID: Date] = [:]
        /// The memory estimates of the running jobs, added up.
        var memoryInUse = 0
        /// The estimate each running job is counted at.
        var counted: [ID: Int] = [:]
        /// How many jobs of `alone` run now (tails aside).
        var runningAlone = 0
        var outcomes: [ID: JobOutcome<ID, Value>] = [:]
        var failFastCause: ID?
        var finished = false
    }

    private let order: [ID]
    private let rank: [ID: Int]
    private let memory: [ID: Int]
    private let memoryBeside: [ID: Int]
    private let alone: Set<ID>
    private let dependents: [ID: [ID]]
    private let scheduler: Scheduler
    private let cancellation: CancellationToken
    private let progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)?
    private let job: @Sendable (ID, CancellationToken, JobLease) throws -> Value
    private let state: Locked<State>
    private let done = DispatchSemaphore(value: 0)
    private let progressQueue = DispatchQueue(label: "mediabatch.scheduler.progress")

    init(
        graph: JobGraph<ID>, order: [ID], rank: [ID: Int], memory: [ID: Int], memoryBeside: [ID: Int],
        alone: Set<ID> = [], scheduler: Scheduler, cancellation: CancellationToken,
        progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)?,
        job: @escaping @Sendable (ID, CancellationToken, JobLease) throws -> Value
    ) {
        self.order = order
        self.rank = rank
        self.memory = memory
        self.memoryBeside = memoryBeside
        self.alone = alone
        self.dependents = graph.dependents
        self.scheduler = scheduler
        self.cancellation = cancellation
        self.progress = progress
        self.job = job
        let waiting = graph.dependencies.mapValues(\.count)
        state = Locked(State(waiting: waiting, ready: graph.jobs.filter { waiting[$0] == 0 }))
    }

    /// Launches the ready jobs, waits for the whole graph, and returns the outcomes in topological order.
    func execute() -> [JobOutcome<ID, Value>] {
        state.withLock { pump(&$0) }
        done.wait()
        progressQueue.sync {}
        return state.withLock { state in order.map { state.outcomes[$0]! } }
    }

    /// Starts ready jobs up to the limit; when nothing runs any more, settles the rest and signals the end.
    private func pump(_ state: inout State) {
        let limit = max(1, scheduler.maxConcurrentJobs)
        // After a --fail-fast failure only retries start: a job already started finishes its attempts.
        while state.running < limit, !cancellation.isCancelled,
              let (id, beside) = next(&state, retriesOnly: state.failFastCause != nil) {
            state.running += 1
            if alone.contains(id) { state.runningAlone += 1 }
            let estimate = beside ? besideEstimate(id) : memory[id] ?? 0
            state.memoryInUse += estimate
            state.counted[id] = estimate
            let attempt = state.attempts[id, default: 0] + 1
            state.attempts[id] = attempt
            if state.firstStarts[id] == nil { state.firstStarts[id] = Date() }
            emit(.started(id, attempt: attempt))
            // One thread per launched job: jobs block for seconds to minutes, and libdispatch on Linux caps its
            // worker pool near the core count, which would silently lower `maxConcurrentJobs`.
            let lease = JobLease(besideOthers: beside) { [self] bytes in taper(id, holding: bytes) }
            let thread = Thread { self.work(id, attempt: attempt, lease: lease) }
            thread.name = "mediabatch job \(id)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        guard state.running == 0, state.tails.isEmpty, !state.finished else { return }
        state.finished = true
        let cancelled = cancellation.isCancelled
        for id in order where state.outcomes[id] == nil {
            if cancelled {
                settle(&state, JobOutcome(id: id, status: .cancelled, attempts: state.attempts[id] ?? 0,
                                          reason: "cancelled", started: state.firstStarts[id]))
            } else if let cause = state.failFastCause {
                settle(&state, JobOutcome(id: id, status: .skipped, reason: "not started: --fail-fast after '\(cause)' failed"))
            } else {
                // Unreachable for a validated graph; keeps every job accounted for.
                settle(&state, JobOutcome(id: id, status: .skipped, reason: "not started"))
            }
        }
        done.signal()
    }

    /// Removes and returns the ready job to start next: the lowest-ranked one (`ready` is sorted by id, and the
    /// first of equals wins) that fits the memory budget beside the running jobs at its beside estimate, or beside
    /// tails alone at its full estimate; any job when nothing runs, tails included. `beside` says whether it starts
    /// beside others: when others run, or, started from idle, when another ready job fits beside it only if both run
    /// at their beside estimates (so that the two start together); a job that starts from idle otherwise keeps its
    /// full estimate, and the next one joins it.
    /// A job of `alone` starts only when no other job runs (tails aside), and nothing starts beside it.
    private func next(_ state: inout State, retriesOnly: Bool) -> (id: ID, beside: Bool)? {
        guard state.runningAlone == 0 else { return nil }
        let idle = state.running == 0 && state.tails.isEmpty
        let room = idle ? nil : scheduler.memoryBudget.map { $0 - state.memoryInUse }
        var chosen: Int?
        for index in state.ready.indices {
            let id = state.ready[index]
            if retriesOnly, state.attempts[id] == nil { continue }
            if state.running > 0, alone.contains(id) { continue }
            // Beside tails only, a job starts at its full estimate: the tails end soon and it would run on alone.
            if let room, (state.running > 0 ? besideEstimate(id) : memory[id] ?? 0) > room { continue }
            if let best = chosen, rank[state.ready[best]] ?? .max <= rank[id] ?? .max { continue }
            chosen = index
        }
        guard let index = chosen else { return nil }
        let id = state.ready.remove(at: index)
        if alone.contains(id) { return (id, false) }
        if state.running > 0 { return (id, true) }
        guard idle, scheduler.maxConcurrentJobs > 1, let budget = scheduler.memoryBudget else { return (id, false) }
        let fitsFull = state.ready.contains { (memory[id] ?? 0) + besideEstimate($0) <= budget }
        let fitsBeside = state.ready.contains { besideEstimate(id) + besideEstimate($0) <= budget }
        return (id, !fitsFull && fitsBeside)
    }

    /// A job's estimate when it runs beside others (its plain estimate when it has no other).
    private func besideEstimate(_ id: ID) -> Int {
        memoryBeside[id] ?? memory[id] ?? 0
    }

    /// Runs one attempt of a job on its worker thread; a transient failure with retries left queues the job again.
    private func work(_ id: ID, attempt: Int, lease: JobLease) {
        do {
            let value = try job(id, cancellation, lease)
            complete(id, status: .succeeded, value: value)
        } catch {
            if cancellation.isCancelled { return complete(id, status: .cancelled, error: error, reason: "cancelled") }
            if attempt <= scheduler.retries, scheduler.isTransient(error) {
                return retry(id, attempt: attempt, error: error)
            }
            complete(id, status: .failed, error: error)
        }
    }

    /// Counts a job that said it is in its tail at `bytes` (at most its estimate) and out of the running places,
    /// then starts what now fits.
    private func taper(_ id: ID, holding bytes: Int) {
        state.withLock { state in
            guard let counted = state.counted[id], !state.tails.contains(id) else { return }
            let kept = min(counted, max(0, bytes))
            state.memoryInUse -= counted - kept
            state.counted[id] = kept
            state.running -= 1
            if alone.contains(id) { state.runningAlone -= 1 }
            state.tails.insert(id)
            pump(&state)
        }
    }

    /// Frees a job's place and memory: it ended, or will be started again.
    private func release(_ id: ID, _ state: inout State) {
        if state.tails.remove(id) == nil {
            state.running -= 1
            if alone.contains(id) { state.runningAlone -= 1 }
        }
        state.memoryInUse -= state.counted.removeValue(forKey: id) ?? 0
    }

    /// Queues a job whose attempt failed transiently to start again (at its place in the ranking, when it fits).
    private func retry(_ id: ID, attempt: Int, error: any Error) {
        state.withLock { state in
            release(id, &state)
            emit(.retrying(id, attempt: attempt, error: error))
            state.ready.insertSorted(id)
            pump(&state)
        }
    }

    /// Records a finished job, releases or skips its dependents, and launches what became ready.
    private func complete(_ id: ID, status: JobStatus, value: Value? = nil, error: (any Error)? = nil,
                          reason: String? = nil) {
        state.withLock { state in
            release(id, &state)
            let outcome = JobOutcome(id: id, status: status, attempts: state.attempts[id] ?? 1, value: value,
                                     error: error, reason: reason, started: state.firstStarts[id], finished: Date())
            settle(&state, outcome)
            switch outcome.status {
            case .succeeded:
                for dependent in dependents[outcome.id, default: []] {
                    state.waiting[dependent, default: 0] -= 1
                    if state.waiting[dependent] == 0, state.outcomes[dependent] == nil { state.ready.insertSorted(dependent) }
                }
            case .failed:
                var stack = dependents[outcome.id, default: []]
                while let next = stack.popLast() {
                    guard state.outcomes[next] == nil else { continue }
                    settle(&state, JobOutcome(id: next, status: .skipped, reason: "dependency '\(outcome.id)' failed"))
                    stack.append(contentsOf: dependents[next, default: []])
                }
                if scheduler.failFast, state.failFastCause == nil { state.failFastCause = outcome.id }
            case .skipped, .cancelled:
                break
            }
            pump(&state)
        }
    }

    private func settle(_ state: inout State, _ outcome: JobOutcome<ID, Value>) {
        state.outcomes[outcome.id] = outcome
        emit(.finished(outcome))
    }

    /// Queues an event; called with the lock held so events keep the order of the state changes.
    private func emit(_ event: SchedulerEvent<ID, Value>) {
        guard let progress else { return }
        progressQueue.async { progress(event) }
    }
}
