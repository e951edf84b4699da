import Foundation
import Scheduler
import Testing

/// A lock-protected value for counting from many threads.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func update<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&stored) }
    var value: Value { update { $0 } }
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

struct Flaky: TransientFailure, CustomStringConvertible {
    var description: String { "flaky" }
}

func sleepMilliseconds(_ ms: Int) { Thread.sleep(forTimeInterval: Double(ms) / 1000) }

func statuses<V>(_ outcomes: [JobOutcome<String, V>]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: outcomes.map { ($0.id, $0.status.rawValue + ($0.reason.map { ": " + $0 } ?? "")) })
}

@Suite struct SchedulerTests {
    @Test func runsInDependencyOrderAndReturnsValues() throws {
        let graph = JobGraph(dependencies: ["d": ["b", "c"], "b": ["a"], "c": ["a"], "a": []])
        let log = Shared<[String]>([])
        let outcomes = try Scheduler(maxConcurrentJobs: 2).run(graph) { id, _ in
            log.update { $0.append(id) }
            return id.uppercased()
        }
        #expect(outcomes.map(\.id) == ["a", "b", "c", "d"])
        #expect(outcomes.map(\.value) == ["A", "B", "C", "D"])
        #expect(outcomes.allSatisfy { $0.status == .succeeded && $0.attempts == 1 && $0.duration != nil })
        let order = log.value
        #expect(order.first == "a" && order.last == "d")
    }

    @Test func neverExceedsTheConcurrencyLimit() throws {
        var graph = JobGraph<String>()
        for index in 0..<12 { graph.add("j\(index)") }
        graph.add("after", dependsOn: ["j0", "j1"])
        let counters = Shared((running: 0, peak: 0))
        let outcomes = try Scheduler(maxConcurrentJobs: 3).run(graph) { _, _ in
            counters.update { $0.running += 1; $0.peak = max($0.peak, $0.running) }
            sleepMilliseconds(5)
            counters.update { $0.running -= 1 }
        }
        #expect(outcomes.count == 13)
        #expect(outcomes.allSatisfy { $0.status == .succeeded })
        // Never above the limit; above 1 shows the jobs really overlapped (exactly 3 on an idle machine).
        #expect(counters.value.peak <= 3)
        #expect(counters.value.peak > 1)
    }

    @Test func failedJobSkipsOnlyItsDependents() throws {
        // a <- b <- c, a <- d; x <- y independent; e depends on b and y.
        let graph = JobGraph(dependencies: [
            "a": [], "b": ["a"], "c": ["b"], "d": ["a"], "x": [], "y": ["x"], "e": ["b", "y"],
        ])
        let outcomes = try Scheduler(maxConcurrentJobs: 2).run(graph) { id, _ in
            if id == "b" { throw Boom() }
        }
        #expect(statuses(outcomes) == [
            "a": "succeeded", "b": "failed", "c": "skipped: dependency 'b' failed", "d": "succeeded",
            "x": "succeeded", "y": "succeeded", "e": "skipped: dependency 'b' failed",
        ])
        let failed = outcomes.first { $0.id == "b" }!
        #expect(failed.errorDescription == "boom")
        #expect(failed.attempts == 1)
        #expect(outcomes.first { $0.id == "c" }!.attempts == 0)
    }

    @Test func transitiveDependentsNameTheFailedJob() throws {
        let graph = JobGraph(dependencies: ["a": [], "b": ["a"], "c": ["b"]])
        let outcomes = try Scheduler().run(graph) { id, _ in if id == "a" { throw Boom() } }
        #expect(statuses(outcomes) == [
            "a": "failed", "b": "skipped: dependency 'a' failed", "c": "skipped: dependency 'a' failed",
        ])
    }

    @Test func failFastStopsLaunching() throws {
        let graph = JobGraph(dependencies: ["a": [], "b": [], "c": [], "d": ["a"]])
        let outcomes = try Scheduler(maxConcurrentJobs: 1, failFast: true).run(graph) { id, _ in
            if id == "b" { throw Boom() }
        }
        #expect(statuses(outcomes) == [
            "a": "succeeded", "b": "failed", "c": "skipped: not started: --fail-fast after 'b' failed",
            "d": "skipped: not started: --fail-fast after 'b' failed",
        ])
    }

    /// A job whose attempt fails transiently after another job tripped --fail-fast still gets its retries (it was
    /// started); jobs not started are skipped.
    @Test func failFastLetsAStartedJobRetry() throws {
        let graph = JobGraph(dependencies: ["a": [], "b": [], "c": ["a"]])
        let calls = Shared([String: Int]())
        let outcomes = try Scheduler(maxConcurrentJobs: 2, failFast: true, retries: 1).run(graph) { (id, _) -> Void in
            switch id {
            case "b": throw Boom()
            case "a":
                sleepMilliseconds(200)
                if calls.update({ $0["a", default: 0] += 1; return $0["a"]! }) == 1 { throw Flaky() }
            default: break
            }
        }
        #expect(statuses(outcomes) == [
            "a": "succeeded", "b": "failed", "c": "skipped: not started: --fail-fast after 'b' failed",
        ])
        #expect(outcomes.first { $0.id == "a" }?.attempts == 2)
    }

    @Test func retriesOnlyTransientFailures() throws {
        let graph = JobGraph(dependencies: ["flaky-then-ok": [], "always-flaky": [], "broken": []])
        let calls = Shared([String: Int]())
        let events = Shared([String]())
        let outcomes = try Scheduler(maxConcurrentJobs: 2, retries: 2).run(
            graph,
            progress: { (event: SchedulerEvent<String, Void>) in
                if case .retrying(let id, let attempt, _) = event { events.update { $0.append("\(id)#\(attempt)") } }
            }
        ) { id, _ in
            let call = calls.update { $0[id, default: 0] += 1; return $0[id]! }
            switch id {
            case "flaky-then-ok": if call < 3 { throw Flaky() }
            case "always-flaky": throw Flaky()
            default: throw Boom()
            }
        }
        let byId = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.id, $0) })
        #expect(byId["flaky-then-ok"]!.status == .succeeded)
        #expect(byId["flaky-then-ok"]!.attempts == 3)
        #expect(byId["always-flaky"]!.status == .failed)
        #expect(byId["always-flaky"]!.attempts == 3)
        #expect(byId["always-flaky"]!.errorDescription == "flaky")
        #expect(byId["broken"]!.status == .failed)
        #expect(byId["broken"]!.attempts == 1)
        #expect(events.value.sorted() == ["always-flaky#1", "always-flaky#2", "flaky-then-ok#1", "flaky-then-ok#2"])
    }

    @Test func classifierClosureDecidesTransience() throws {
        let graph = JobGraph(dependencies: ["a": []])
        let outcomes = try Scheduler(retries: 1, isTransient: { $0 is Boom }).run(graph) { _, _ in throw Boom() }
        #expect(outcomes[0].attempts == 2)
        #expect(outcomes[0].status == .failed)
    }

    @Test func cancellationStopsRunningAndPendingJobs() throws {
        // Two at a time: "a" trips the token, "b" (running alongside) polls it and stops, the rest never start.
        let graph = JobGraph(dependencies: ["a": [], "b": [], "c": [], "d": ["c"]])
        let token = CancellationToken()
        let outcomes = try Scheduler(maxConcurrentJobs: 2).run(graph, cancellation: token) { id, cancel in
            switch id {
            case "a":
                sleepMilliseconds(5)
                token.cancel()
            case "b":
                while !cancel.isCancelled { sleepMilliseconds(1) }
                try cancel.checkCancellation()
            default:
                break
            }
        }
        #expect(statuses(outcomes) == [
            "a": "succeeded", "b": "cancelled: cancelled", "c": "cancelled: cancelled", "d": "cancelled: cancelled",
        ])
        #expect(outcomes.first { $0.id == "b" }!.attempts == 1)
        #expect(outcomes.first { $0.id == "c" }!.attempts == 0)
    }

    @Test func cancelledBeforeStartRunsNothing() throws {
        let token = CancellationToken()
        token.cancel()
        let ran = Shared(0)
        let outcomes = try Scheduler().run(JobGraph(dependencies: ["a": [], "b": ["a"]]), cancellation: token) { _, _ in
            ran.update { $0 += 1 }
        }
        #expect(ran.value == 0)
        #expect(outcomes.map(\.status) == [.cancelled, .cancelled])
    }

    @Test func cancellationHandlersRunOnce() {
        let token = CancellationToken()
        let count = Shared(0)
        token.onCancel { count.update { $0 += 1 } }
        token.cancel()
        token.cancel()
        token.onCancel { count.update { $0 += 10 } }
        #expect(count.value == 11)
        #expect(throws: CancellationError.self) { try token.checkCancellation() }
    }

    @Test func progressEventsAreSerialAndComplete() throws {
        let graph = JobGraph(dependencies: ["a": [], "b": ["a"], "c": []])
        let events = Shared([String]())
        let outcomes = try Scheduler(maxConcurrentJobs: 2).run(
            graph,
            progress: { (event: SchedulerEvent<String, Void>) in
                switch event {
                case .started(let id, let attempt): events.update { $0.append("start \(id) \(attempt)") }
                case .finished(let outcome): events.update { $0.append("end \(outcome.id) \(outcome.status)") }
                case .retrying: break
                }
            }
        ) { id, _ in if id == "a" { throw Boom() } }
        let log = events.value
        #expect(outcomes.count == 3)
        #expect(log.count == 5)
        #expect(Set(log) == ["start a 1", "end a failed", "end b skipped", "start c 1", "end c succeeded"])
        #expect(log.firstIndex(of: "start a 1")! < log.firstIndex(of: "end a failed")!)
        #expect(log.firstIndex(of: "end a failed")! < log.firstIndex(of: "end b skipped")!)
    }

    @Test func invalidGraphThrowsBeforeRunning() {
        let ran = Shared(0)
        #expect(throws: SchedulerError.cycle(["a", "b"])) {
            try Scheduler().run(JobGraph(dependencies: ["a": ["b"], "b": ["a"]])) { _, _ in ran.update { $0 += 1 } }
        }
        #expect(ran.value == 0)
    }

    @Test func emptyGraphReturnsNoOutcomes() throws {
        #expect(try Scheduler().run(JobGraph<String>()) { _, _ in }.isEmpty)
    }

    @Test(arguments: [(2, 1, 2), (8, 2, 4), (2, 4, 1), (8, 3, 3), (0, 0, 1), (16, 0, 16)])
    func defaultConcurrencyKeepsThreadsNearCores(cores: Int, threads: Int, expected: Int) {
        #expect(Scheduler.defaultConcurrency(cores: cores, threadsPerJob: threads) == expected)
    }
}
