import Foundation
import Scheduler
import Testing

/// Under a memory budget the scheduler starts a job only when its estimate fits beside the running jobs' estimates;
/// a job too big for the budget runs alone, and a smaller job that fits overtakes a bigger one that does not.
@Suite struct MemoryBudgetSchedulingTests {
    /// Runs `memory`'s jobs (ranked in name order) for 200 ms each (long enough for jobs started together to overlap,
    /// even on a loaded machine) and returns, for every moment a job started, the names of the jobs running then.
    func run(memory: [String: Int], budget: Int?, limit: Int = 4) throws -> [Set<String>] {
        var graph = JobGraph<String>()
        for name in memory.keys.sorted() { graph.add(name) }
        let rank = Dictionary(uniqueKeysWithValues: memory.keys.sorted().enumerated().map { ($1, $0) })
        let running = Shared((now: Set<String>(), seen: [Set<String>]()))
        let scheduler = Scheduler(maxConcurrentJobs: limit, memoryBudget: budget)
        let outcomes = try scheduler.run(graph, rank: rank, memory: memory) { id, _ in
            running.update { $0.now.insert(id); $0.seen.append($0.now) }
            sleepMilliseconds(200)
            running.update { _ = $0.now.remove(id) }
        }
        #expect(outcomes.allSatisfy { $0.status == .succeeded })
        return running.value.seen
    }

    /// The estimates of the jobs running together at each start, added up.
    func sums(_ seen: [Set<String>], _ memory: [String: Int]) -> [Int] {
        seen.map { $0.reduce(0) { $0 + memory[$1]! } }
    }

    @Test(arguments: [
        // budget, estimates, the most jobs that may ever run together
        (100, ["a": 40, "b": 40, "c": 40, "d": 40], 2),
        (100, ["a": 60, "b": 60, "c": 60], 1),
        (120, ["a": 30, "b": 30, "c": 30, "d": 30], 4),
        (10, ["a": 40, "b": 40], 1),
    ])
    func runningEstimatesStayWithinTheBudget(budget: Int, memory: [String: Int], most: Int) throws {
        let seen = try run(memory: memory, budget: budget)
        #expect(seen.allSatisfy { $0.count <= most }, "\(seen)")
        // A set of jobs above the budget only ever happens as one job alone.
        #expect(zip(seen, sums(seen, memory)).allSatisfy { $0.count == 1 || $1 <= budget }, "\(seen)")
    }

    @Test func aJobThatFitsOvertakesOneThatDoesNot() throws {
        // 'a' runs; 'b' (ranked next) needs 80 and cannot join it under 100, 'c' (30) can. 'b' cannot join 'c' either
        // (110), so whichever of 'a' and 'c' ends first, 'b' runs alone.
        let seen = try run(memory: ["a": 50, "b": 80, "c": 30], budget: 100)
        #expect(seen.contains(["a", "c"]), "\(seen)")
        #expect(!seen.contains { $0.contains("b") && $0.count > 1 }, "\(seen)")
    }

    /// Runs `memory`'s jobs as `run(memory:budget:)` does, each holding `beside` when started beside others, and
    /// returns the running sets at each start and what each job was told.
    func run(memory: [String: Int], beside: [String: Int], budget: Int) throws
        -> (seen: [Set<String>], told: [String: Bool])
    {
        var graph = JobGraph<String>()
        for name in memory.keys.sorted() { graph.add(name) }
        let rank = Dictionary(uniqueKeysWithValues: memory.keys.sorted().enumerated().map { ($1, $0) })
        let running = Shared((now: Set<String>(), seen: [Set<String>](), told: [String: Bool]()))
        let scheduler = Scheduler(maxConcurrentJobs: 4, memoryBudget: budget)
        let outcomes = try scheduler.run(graph, rank: rank, memory: memory, memoryBeside: beside) { id, _, lease in
            running.update { $0.now.insert(id); $0.seen.append($0.now); $0.told[id] = lease.besideOthers }
            sleepMilliseconds(200)
            running.update { _ = $0.now.remove(id) }
        }
        #expect(outcomes.allSatisfy { $0.status == .succeeded })
        return (running.value.seen, running.value.told)
    }

    /// Jobs that hold less beside others (`memoryBeside`): a pair that fits only at both beside estimates starts
    /// together, both told they run beside another (the first one too, started from idle); a job that fits with no
    /// other at its beside estimate runs alone and is told so; the jobs running together never add up above the
    /// budget at what they were counted at.
    @Test func jobsStartedBesideOthersAreCountedAndToldSo() throws {
        let memory = ["a": 60, "b": 60, "c": 90, "d": 60]
        let beside = ["a": 50, "b": 50, "c": 80, "d": 50]
        let (seen, told) = try run(memory: memory, beside: beside, budget: 100)
        #expect(seen.contains(["a", "b"]), "\(seen)")
        #expect(!seen.contains { $0.contains("c") && $0.count > 1 }, "\(seen)")
        #expect(seen.allSatisfy { $0.count == 1 || $0.reduce(0) { $0 + beside[$1]! } <= 100 }, "\(seen)")
        // 'd' joins whichever of 'a' and 'b' is left, or runs after 'c': what it is told depends on the timing.
        #expect(told["a"] == true && told["b"] == true && told["c"] == false, "\(told) \(seen)")
    }

    /// Where a partner fits beside a job's full estimate, the first job keeps it (a render alone is faster with
    /// its full pipeline) and only the one that joins it runs lean.
    @Test func theFirstJobKeepsItsFullEstimateWhenAPartnerFitsBesideIt() throws {
        let (seen, told) = try run(memory: ["a": 60, "b": 60], beside: ["a": 50, "b": 50], budget: 110)
        #expect(seen.contains(["a", "b"]), "\(seen)")
        #expect(told == ["a": false, "b": true], "\(told)")
    }

    @Test func withoutABudgetOnlyTheJobLimitCounts() throws {
        let seen = try run(memory: ["a": 500, "b": 500, "c": 500], budget: nil, limit: 3)
        #expect(seen.contains(["a", "b", "c"]), "\(seen)")
    }

    /// Runs `memory`'s jobs (ranked in name order) for 100 ms, then, for those in `tails`, a 300 ms tail held at that
    /// many bytes (`JobLease.finishing(holding:)`, called twice: the second call must change nothing); returns the
    /// running sets at each start (a job in its tail marked `name+`) and what each job was told.
    func run(memory: [String: Int], beside: [String: Int] = [:], tails: [String: Int], budget: Int?,
             limit: Int = 4) throws -> (seen: [Set<String>], told: [String: Bool]) {
        var graph = JobGraph<String>()
        for name in memory.keys.sorted() { graph.add(name) }
        let rank = Dictionary(uniqueKeysWithValues: memory.keys.sorted().enumerated().map { ($1, $0) })
        let running = Shared((now: Set<String>(), seen: [Set<String>](), told: [String: Bool]()))
        let scheduler = Scheduler(maxConcurrentJobs: limit, memoryBudget: budget)
        let outcomes = try scheduler.run(graph, rank: rank, memory: memory, memoryBeside: beside) { id, _, lease in
            running.update { $0.now.insert(id); $0.seen.append($0.now); $0.told[id] = lease.besideOthers }
            sleepMilliseconds(100)
            if let held = tails[id] {
                running.update { $0.now.remove(id); $0.now.insert(id + "+") }
                lease.finishing(holding: held)
                lease.finishing(holding: 0)
                sleepMilliseconds(300)
            }
            running.update { $0.now.remove(id); $0.now.remove(id + "+") }
        }
        #expect(outcomes.allSatisfy { $0.status == .succeeded && $0.attempts == 1 })
        return (running.value.seen, running.value.told)
    }

    /// A job in its tail gives back its place: with one job at a time, the next starts beside the tail.
    @Test func aJobInItsTailLetsTheNextStart() throws {
        let (seen, _) = try run(memory: ["a": 10, "b": 10], tails: ["a": 5], budget: nil, limit: 1)
        #expect(seen == [["a"], ["a+", "b"]], "\(seen)")
    }

    /// Under a budget a tail is counted at what it holds: 'b' (70) starts beside 'a''s tail (20) under 100, 'c' (90)
    /// does not fit beside 'b''s tail (30) and waits for it to end. A job started beside tails alone is counted at its
    /// full estimate and told it runs alone ('b' could not join 'a' at its beside estimate: 60 + 45).
    @Test func aTailIsCountedAtWhatItHolds() throws {
        let (seen, told) = try run(memory: ["a": 60, "b": 70, "c": 90], beside: ["a": 60, "b": 45, "c": 80],
                                   tails: ["a": 20, "b": 30], budget: 100)
        #expect(seen == [["a"], ["a+", "b"], ["c"]], "\(seen)")
        #expect(told == ["a": false, "b": false, "c": false], "\(told)")
    }

    /// A job that would fit beside a tail only at its beside estimate waits for the tail to end and then runs with
    /// its full pipeline, rather than starting lean and running lean alone.
    @Test func aJobWaitsForATailRatherThanRunLean() throws {
        let (seen, told) = try run(memory: ["a": 60, "b": 90], beside: ["a": 60, "b": 70], tails: ["a": 20],
                                   budget: 100)
        #expect(seen == [["a"], ["b"]], "\(seen)")
        #expect(told == ["a": false, "b": false], "\(told)")
    }

    /// A job that fails transiently in its tail is queued again like a new job: its tail's memory and place are given
    /// back, and its next attempt starts when its full estimate fits.
    @Test func aJobRetriedFromItsTailStartsAgainWhenItFits() throws {
        var graph = JobGraph<String>()
        graph.add("a")
        graph.add("b")
        let attempts = Shared([String: Int]())
        let seen = Shared((now: Set<String>(), sets: [Set<String>]()))
        let scheduler = Scheduler(maxConcurrentJobs: 1, retries: 1, memoryBudget: 100)
        let outcomes = try scheduler.run(graph, rank: ["a": 0, "b": 1], memory: ["a": 60, "b": 60],
                                         memoryBeside: [:]) { id, _, lease in
            let attempt = attempts.update { $0[id, default: 0] += 1; return $0[id]! }
            seen.update { $0.now.insert(id); $0.sets.append($0.now) }
            defer { seen.update { _ = $0.now.remove(id) } }
            sleepMilliseconds(100)
            lease.finishing(holding: 30)
            sleepMilliseconds(200)
            if id == "a", attempt == 1 { throw Flaky() }
        }
        #expect(outcomes.map(\.status) == [.succeeded, .succeeded])
        #expect(outcomes.first { $0.id == "a" }?.attempts == 2)
        // 'b' starts in the first attempt's tail (30 + 60 under 100), the second attempt in 'b''s tail.
        #expect(seen.value.sets == [["a"], ["a", "b"], ["a", "b"]], "\(seen.value.sets)")
    }
}

/// A job that fills the cores by itself (`alone`) runs with no other job beside it, though the limit allows more;
/// the other jobs run together before or after it.
@Test func aJobThatRunsAloneHasNoJobBesideIt() throws {
    var graph = JobGraph<String>()
    for name in ["a", "b", "c", "d"] { graph.add(name) }
    let rank = ["a": 0, "b": 1, "c": 2, "d": 3]
    let running = Shared((now: Set<String>(), seen: [Set<String>]()))
    let scheduler = Scheduler(maxConcurrentJobs: 2, memoryBudget: 1000)
    let outcomes = try scheduler.run(graph, rank: rank, memory: [:], memoryBeside: [:], alone: ["b"]) { id, _, _ in
        running.update { $0.now.insert(id); $0.seen.append($0.now) }
        sleepMilliseconds(200)
        running.update { _ = $0.now.remove(id) }
    }
    #expect(outcomes.allSatisfy { $0.status == .succeeded })
    let seen = running.value.seen
    #expect(!seen.contains { $0.contains("b") && $0.count > 1 }, "\(seen)")
    #expect(seen.contains { $0.count == 2 }, "\(seen)")
}
