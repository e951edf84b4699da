import Foundation

/// The mutable state of one `Scheduler.run`: a lock-protected ready list, counters and outcomes.
final class ScheduleRun<ID: Hashable & Sendable & Comparable, Value: Sendable>: @unchecked Sendable {
    private struct State {
        var waiting: [ID: Int]
        var ready: [ID]
        var running = 0
        /// The memory estimates of the running jobs, added up.
        var memoryInUse = 0
        /// The estimate each running job is counted at.
        var counted: [ID: Int] = [:]
        var outcomes: [ID: JobOutcome<ID, Value>] = [:]
        var failFastCause: ID?
        var finished = false
    }

    private let order: [ID]
    private let rank: [ID: Int]
    private let memory: [ID: Int]
    private let memoryBeside: [ID: Int]
    private let dependents: [ID: [ID]]
    private let scheduler: Scheduler
    private let cancellation: CancellationToken
    private let progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)?
    private let job: @Sendable (ID, CancellationToken, Bool) throws -> Value
    private let state: Locked<State>
    private let done = DispatchSemaphore(value: 0)
    private let progressQueue = DispatchQueue(label: "mediabatch.scheduler.progress")

    init(
        graph: JobGraph<ID>, order: [ID], rank: [ID: Int], memory: [ID: Int], memoryBeside: [ID: Int],
        scheduler: Scheduler, cancellation: CancellationToken,
        progress: (@Sendable (SchedulerEvent<ID, Value>) -> Void)?,
        job: @escaping @Sendable (ID, CancellationToken, Bool) throws -> Value
    ) {
        self.order = order
        self.rank = rank
        self.memory = memory
        self.memoryBeside = memoryBeside
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
        while state.running < limit, !cancellation.isCancelled, state.failFastCause == nil,
              let (id, beside) = next(&state) {
            state.running += 1
            let estimate = beside ? besideEstimate(id) : memory[id] ?? 0
            state.memoryInUse += estimate
            state.counted[id] = estimate
            // One thread per launched job: jobs block for seconds to minutes, and libdispatch on Linux caps its
            // worker pool near the core count, which would silently lower `maxConcurrentJobs`.
            let thread = Thread { self.work(id, beside: beside) }
            thread.name = "mediabatch job \(id)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        guard state.running == 0, !state.finished else { return }
        state.finished = true
        let cancelled = cancellation.isCancelled
        for id in order where state.outcomes[id] == nil {
            if cancelled {
                settle(&state, JobOutcome(id: id, status: .cancelled, reason: "cancelled"))
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
    /// first of equals wins) that fits the memory budget beside the running jobs at its beside estimate; any job
    /// when nothing runs. `beside` says whether it starts beside others: when others run, or, started from idle,
    /// when another ready job fits beside it only if both run at their beside estimates (so that the two start
    /// together); a job that starts from idle otherwise keeps its full estimate, and the next one joins it.
    private func next(_ state: inout State) -> (id: ID, beside: Bool)? {
        let room = state.running == 0 ? nil : scheduler.memoryBudget.map { $0 - state.memoryInUse }
        var chosen: Int?
        for index in state.ready.indices {
            let id = state.ready[index]
            if let room, besideEstimate(id) > room { continue }
            if let best = chosen, rank[state.ready[best]] ?? .max <= rank[id] ?? .max { continue }
            chosen = index
        }
        guard let index = chosen else { return nil }
        let id = state.ready.remove(at: index)
        if state.running > 0 { return (id, true) }
        guard scheduler.maxConcurrentJobs > 1, let budget = scheduler.memoryBudget else { return (id, false) }
        let fitsFull = state.ready.contains { (memory[id] ?? 0) + besideEstimate($0) <= budget }
        let fitsBeside = state.ready.contains { besideEstimate(id) + besideEstimate($0) <= budget }
        return (id, !fitsFull && fitsBeside)
    }

    /// A job's estimate when it runs beside others (its plain estimate when it has no other).
    private func besideEstimate(_ id: ID) -> Int {
        memoryBeside[id] ?? memory[id] ?? 0
    }

    /// Runs one job on a worker thread, retrying transient failures.
    private func work(_ id: ID, beside: Bool) {
        let started = Date()
        var attempt = 0
        while true {
            attempt += 1
            emitLocked(.started(id, attempt: attempt))
            do {
                let value = try job(id, cancellation, beside)
                complete(JobOutcome(id: id, status: .succeeded, attempts: attempt, value: value, started: started, finished: Date()))
                return
            } catch {
                if cancellation.isCancelled {
                    complete(JobOutcome(
                        id: id, status: .cancelled, attempts: attempt, error: error, reason: "cancelled",
                        started: started, finished: Date()))
                    return
                }
                if attempt <= scheduler.retries, scheduler.isTransient(error) {
                    emitLocked(.retrying(id, attempt: attempt, error: error))
                    continue
                }
                complete(JobOutcome(id: id, status: .failed, attempts: attempt, error: error, started: started, finished: Date()))
                return
            }
        }
    }

    /// Records a finished job, releases or skips its dependents, and launches what became ready.
    private func complete(_ outcome: JobOutcome<ID, Value>) {
        state.withLock { state in
            state.running -= 1
            state.memoryInUse -= state.counted.removeValue(forKey: outcome.id) ?? 0
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

    private func emitLocked(_ event: SchedulerEvent<ID, Value>) {
        state.withLock { _ in emit(event) }
    }

    /// Queues an event; called with the lock held so events keep the order of the state changes.
    private func emit(_ event: SchedulerEvent<ID, Value>) {
        guard let progress else { return }
        progressQueue.async { progress(event) }
    }
}
