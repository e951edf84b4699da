import Foundation
import Scheduler
import Synchronization
import Testing

@Suite struct SharedWorkOrderTests {
    /// Outputs sharing an intro per aspect: the longest starts, then the outputs of its aspect follow it.
    @Test func outputsSharingSegmentsRunTogetherLongestFirst() {
        let jobs = ["a-16x9", "a-9x16", "b-16x9", "b-9x16", "c-16x9"]
        let keys = Dictionary(uniqueKeysWithValues: jobs.map { ($0, ["intro-" + $0.split(separator: "-")[1]]) })
        let cost = ["a-16x9": 7.0, "a-9x16": 7, "b-16x9": 7, "b-9x16": 9, "c-16x9": 7]
        let rank = SharedWorkOrder.rank(jobs, keys: keys, cost: cost, window: 1)
        #expect(jobs.sorted { rank[$0]! < rank[$1]! } == ["b-9x16", "a-9x16", "a-16x9", "b-16x9", "c-16x9"])
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
