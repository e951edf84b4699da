import Scheduler
import Testing

@Suite struct JobGraphTests {
    @Test func diamondRunsDependenciesFirst() throws {
        let graph = JobGraph(dependencies: ["d": ["b", "c"], "b": ["a"], "c": ["a"], "a": []])
        #expect(try graph.topologicalOrder() == ["a", "b", "c", "d"])
    }

    @Test func readyJobsComeInIdOrder() throws {
        let graph = JobGraph(dependencies: ["z": [], "m": ["z"], "a": [], "b": ["a", "a"]])
        #expect(graph.dependencies["b"] == ["a"])
        #expect(try graph.topologicalOrder() == ["a", "b", "z", "m"])
    }

    @Test(arguments: [
        (["a": ["b"], "b": ["c"], "c": ["a"]], "dependency cycle: a -> b -> c -> a", ["a", "b", "c"]),
        (["x": [], "c": ["b"], "b": ["a"], "a": ["c"]], "dependency cycle: a -> c -> b -> a", ["a", "c", "b"]),
        (["a": [], "s": ["s"]], "dependency cycle: s -> s", ["s"]),
        (["top": ["q"], "q": ["p"], "p": ["q"]], "dependency cycle: p -> q -> p", ["p", "q"]),
    ] as [([String: [String]], String, [String])])
    func cyclesAreNamed(dependencies: [String: [String]], message: String, cycle: [String]) {
        let graph = JobGraph(dependencies: dependencies)
        #expect(graph.findCycle() == cycle)
        #expect(throws: SchedulerError.cycle(cycle)) { try graph.topologicalOrder() }
        #expect(SchedulerError.cycle(cycle).description == message)
    }

    @Test func unknownDependencyIsReported() {
        let graph = JobGraph(dependencies: ["a": [], "b": ["a", "ghost"]])
        #expect(throws: SchedulerError.unknownDependency(job: "b", dependency: "ghost")) { try graph.validate() }
        #expect(SchedulerError<String>.unknownDependency(job: "b", dependency: "ghost").description
            == "unknown dependency 'ghost' of job 'b'")
    }

    @Test func addMergesDependencies() throws {
        var graph = JobGraph<String>()
        graph.add("b", dependsOn: ["a"])
        graph.add("a")
        graph.add("b", dependsOn: ["c", "a"])
        graph.add("c")
        #expect(graph.dependencies == ["a": [], "b": ["a", "c"], "c": []])
        #expect(graph.dependents == ["a": ["b"], "b": [], "c": ["b"]])
        #expect(graph.transitiveDependents(of: "a") == ["b"])
    }

    @Test func componentsIgnoreDirection() {
        let graph = JobGraph(dependencies: [
            "a": [], "b": ["a"], "c": ["b"], "x": [], "y": ["x"], "z": ["x"], "solo": [], "m": ["n"], "n": [],
        ])
        #expect(graph.components == [["a", "b", "c"], ["m", "n"], ["solo"], ["x", "y", "z"]])
    }

    @Test func integerIdsWork() throws {
        let graph = JobGraph(dependencies: [3: [1, 2], 2: [1], 1: []])
        #expect(try graph.topologicalOrder() == [1, 2, 3])
        #expect(SchedulerError.cycle([1, 2]).description == "dependency cycle: 1 -> 2 -> 1")
    }
}
