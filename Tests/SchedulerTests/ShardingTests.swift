import Scheduler
import Testing

@Suite struct ShardingTests {
    /// Components: {a,b,c} (3), {m,n} (2), {p,q} (2), {s} (1), {t} (1), {u} (1).
    let graph = JobGraph(dependencies: [
        "a": [], "b": ["a"], "c": ["a"], "m": [], "n": ["m"], "p": ["q"], "q": [], "s": [], "t": [], "u": [],
    ])

    @Test func threeShardsPartitionWholeComponents() {
        let shards = graph.shards(count: 3)
        #expect(shards == [["a", "b", "c", "u"], ["m", "n", "s"], ["p", "q", "t"]])
        let all = shards.flatMap { $0 }
        #expect(all.sorted() == graph.jobs)
        #expect(Set(all).count == all.count)
        for component in graph.components {
            #expect(shards.filter { !Set($0).isDisjoint(with: component) }.count == 1)
        }
        #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1)
        for index in 0..<3 {
            #expect(graph.shard(index: index, count: 3) == shards[index])
            #expect(graph.shard(ShardSpec(index: index, count: 3)!) == shards[index])
        }
    }

    @Test func costsBalanceShards() {
        let costs: [String: Double] = ["a": 10, "b": 10, "c": 10, "m": 20, "n": 20, "p": 1, "q": 1, "s": 5, "t": 5, "u": 5]
        let shards = graph.shards(count: 2) { costs[$0]! }
        // Largest first: {m,n}=40 -> 0, {a,b,c}=30 -> 1, s and t -> 1 (35, 40), u -> 0 on the tie, {p,q}=2 -> 1.
        #expect(shards == [["m", "n", "u"], ["a", "b", "c", "p", "q", "s", "t"]])
    }

    /// The heap that finds the least-loaded shard picks what a scan of every shard would (ties: the lower index),
    /// with many components over many shards.
    @Test func leastLoadedShardMatchesAScanOfEveryShard() {
        var dependencies: [String: [String]] = [:]
        for index in 0..<3000 {
            // Chains of three: 1,000 components.
            dependencies[String(format: "j%05d", index)] = index % 3 == 0 ? [] : [String(format: "j%05d", index - 1)]
        }
        let graph = JobGraph(dependencies: dependencies)
        let cost: (String) -> Double = { name in Double(Int(name.dropFirst())! % 7 + 1) }
        for count in [1, 2, 7, 500, 2_000] {
            let weighted = graph.components.map { ($0, $0.reduce(0) { $0 + cost($1) }) }
            let ordered = weighted.sorted { a, b in a.1 != b.1 ? a.1 > b.1 : a.0[0] < b.0[0] }
            var loads = [Double](repeating: 0, count: count)
            var expected = [[String]](repeating: [], count: count)
            for (jobs, weight) in ordered {
                let target = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
                loads[target] += weight
                expected[target] += jobs
            }
            #expect(graph.shards(count: count, cost: cost) == expected.map { $0.sorted() }, "\(count) shards")
        }
    }

    @Test func moreShardsThanComponentsLeavesSomeEmpty() {
        let small = JobGraph(dependencies: ["a": [], "b": ["a"]])
        #expect(small.shards(count: 3) == [["a", "b"], [], []])
        #expect(small.shards(count: 1) == [["a", "b"]])
    }

    @Test(arguments: [
        ("1/3", 0, 3), ("3/3", 2, 3), ("1/1", 0, 1), (" 2 / 4 ", 1, 4),
    ])
    func parsesShardSpecs(text: String, index: Int, count: Int) throws {
        let spec = try ShardSpec(parsing: text)
        #expect(spec == ShardSpec(index: index, count: count))
        #expect(spec.description == "\(index + 1)/\(count)")
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "", "-1/2", "1/10001", "1/99999999999"])
    func rejectsBadShardSpecs(text: String) {
        #expect(throws: ShardSpecError.invalidSpec(text)) { try ShardSpec(parsing: text) }
        #expect(ShardSpecError.invalidSpec(text).description
            == "invalid shard '\(text)'; expected K/N with 1 <= K <= N <= 10000, e.g. '2/4'")
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "0"], 4, "1/4"),
        (["JOB_COMPLETION_INDEX": "3", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"], 4, "4/4"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], nil, "1/3"),
        (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"], nil, "3/3"),
        (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"], nil, "1/2"),
        (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"], 7, "2/2"),
        (["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "5"], nil, "5/5"),
        (["HOME": "/root"], nil, nil),
    ] as [([String: String], Int?, String?)])
    func readsShardFromEnvironment(environment: [String: String], count: Int?, expected: String?) throws {
        #expect(try ShardSpec.fromEnvironment(environment, count: count)?.description == expected)
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "2"], nil,
         "'JOB_COMPLETION_INDEX' is set but the shard count is unknown; set MEDIABATCH_SHARD_COUNT to the Job's completions"),
        (["JOB_COMPLETION_INDEX": "2"], 2, "invalid value '2' of environment variable 'JOB_COMPLETION_INDEX'"),
        (["JOB_COMPLETION_INDEX": "x"], 2, "invalid value 'x' of environment variable 'JOB_COMPLETION_INDEX'"),
        (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], nil, "invalid value '0' of environment variable 'CI_NODE_INDEX'"),
        (["CI_NODE_INDEX": "1"], nil, "'CI_NODE_INDEX' is set but 'CI_NODE_TOTAL' is not; set both or neither"),
        (["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "2"], nil,
         "invalid value '2' of environment variable 'CIRCLE_NODE_INDEX'"),
        (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "0"], nil,
         "invalid value '0' of environment variable 'BUILDKITE_PARALLEL_JOB_COUNT'"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999"], nil,
         "invalid value '99999999999' of environment variable 'CI_NODE_TOTAL'"),
    ] as [([String: String], Int?, String)])
    func rejectsBadEnvironment(environment: [String: String], count: Int?, message: String) {
        do {
            _ = try ShardSpec.fromEnvironment(environment, count: count)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }
}
