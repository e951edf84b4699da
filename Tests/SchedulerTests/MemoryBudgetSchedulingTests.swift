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

    /// Jobs that hold less beside others (`memoryBeside`): a pair whose alone estimates do not fit together but
    /// whose beside estimates do starts together, both told they run beside another (the first one too, started from
    /// idle); a job that fits with no other at its beside estimate runs alone and is told so; the jobs running
    /// together never add up above the budget at their beside estimates.
    @Test func jobsStartedBesideOthersAreCountedAndToldSo() throws {
        var graph = JobGraph<String>()
        for name in ["a", "b", "c", "d"] { graph.add(name) }
        let memory = ["a": 60, "b": 60, "c": 90, "d": 60]
        let beside = ["a": 50, "b": 50, "c": 80, "d": 50]
        let rank = ["a": 0, "b": 1, "c": 2, "d": 3]
        let running = Shared((now: Set<String>(), seen: [Set<String>](), told: [String: Bool]()))
        let scheduler = Scheduler(maxConcurrentJobs: 4, memoryBudget: 100)
        let outcomes = try scheduler.run(graph, rank: rank, memory: memory, memoryBeside: beside) { id, _, besideOthers in
            running.update { $0.now.insert(id); $0.seen.append($0.now); $0.told[id] = besideOthers }
            sleepMilliseconds(200)
            running.update { _ = $0.now.remove(id) }
        }
        #expect(outcomes.allSatisfy { $0.status == .succeeded })
        let (seen, told) = (running.value.seen, running.value.told)
        #expect(seen.contains(["a", "b"]), "\(seen)")
        #expect(!seen.contains { $0.contains("c") && $0.count > 1 }, "\(seen)")
        #expect(seen.allSatisfy { $0.count == 1 || $0.reduce(0) { $0 + beside[$1]! } <= 100 }, "\(seen)")
        #expect(told == ["a": true, "b": true, "c": false, "d": seen.contains { $0.contains("d") && $0.count > 1 }],
                "\(told) \(seen)")
    }

    @Test func withoutABudgetOnlyTheJobLimitCounts() throws {
        let seen = try run(memory: ["a": 500, "b": 500, "c": 500], budget: nil, limit: 3)
        #expect(seen.contains(["a", "b", "c"]), "\(seen)")
    }
}
