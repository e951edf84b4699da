import Foundation
import Scheduler
import Synchronization
import Testing

@Suite struct SharedWorkOrderTests {
    /// Outputs sharing an intro per aspect, one at a time: the longest starts, then the first user of each other
    /// intro, then the rest in order (their intros are in the cache by then).
    @Test func eachIntroIsRenderedFirstThenReusedLongestFirst() {
        let jobs = ["a-16x9", "a-9x16", "b-16x9", "b-9x16", "c-16x9"]
        let keys = Dictionary(uniqueKeysWithValues: jobs.map { ($0, ["intro-" + $0.split(separator: "-")[1]]) })
        let cost = ["a-16x9": 7.0, "a-9x16": 7, "b-16x9": 7, "b-9x16": 9, "c-16x9": 7]
        let rank = SharedWorkOrder.rank(jobs, keys: keys, cost: cost, window: 1)
        #expect(jobs.sorted { rank[$0]! < rank[$1]! } == ["b-9x16", "a-16x9", "a-9x16", "b-16x9", "c-16x9"])
    }

    /// Two at a time, the first users of each intro run side by side, and an intro's later users start once the job
    /// rendering it has finished, instead of waiting for it.
    @Test func twoAtATimeNoJobWaitsForASegmentStillRendering() {
        let jobs = ["a-16x9", "a-1x1", "a-9x16", "b-16x9", "b-1x1", "b-9x16"]
        let keys = Dictionary(uniqueKeysWithValues: jobs.map { ($0, ["intro-" + $0.split(separator: "-")[1]]) })
        let cost = Dictionary(uniqueKeysWithValues: jobs.map { ($0, 7.0) })
        let rank = SharedWorkOrder.rank(jobs, keys: keys, cost: cost, window: 2)
        let order = jobs.sorted { rank[$0]! < rank[$1]! }
        #expect(order == ["a-16x9", "a-1x1", "a-9x16", "b-16x9", "b-1x1", "b-9x16"])
        // No job starts right after the job that renders its intro (they would run together, one waiting).
        for (first, second) in zip(order, order.dropFirst()) {
            #expect(keys[first] != keys[second], "\(first) then \(second)")
        }
    }

    /// Without shared keys the order is longest first, then by id.
    @Test func withoutSharingLongestComesFirst() {
        let rank = SharedWorkOrder.rank(["x", "y", "z"], keys: [String: [Int]](), cost: ["x": 1, "y": 5, "z": 1], window: 2)
        #expect(rank == ["y": 0, "x": 1, "z": 2])
    }

    /// The scheduler starts ready jobs in rank order.
    @Test func schedulerStartsReadyJobsByRank() throws {
        let graph = JobGraph(dependencies: ["a": [], "b": [], "c": []])
        let started = Mutex<[String]>([])
        _ = try Scheduler(maxConcurrentJobs: 1).run(graph, rank: ["c": 0, "a": 1, "b": 2]) { id, _ in
            started.withLock { $0.append(id) }
        }
        #expect(started.withLock { $0 } == ["c", "a", "b"])
    }
}
