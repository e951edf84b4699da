import Foundation
import Report
import Testing

@Suite struct ReportMergeTests {
    static func output(_ name: String, _ status: OutputStatus) -> OutputReport {
        OutputReport(name: name, path: "out/\(name).mp4", status: status)
    }

    let shards = [
        Fixtures.report([output("m", .rendered), output("b", .failed)], shard: "1/3", wall: 10, host: "ci-1"),
        Fixtures.report([output("z", .upToDate), output("a", .skipped), output("c", .cancelled)], shard: "2/3", wall: 30, host: "ci-2"),
        Fixtures.report([output("k", .rendered)], shard: "3/3", wall: 20, host: "ci-1"),
    ]

    @Test func mergesThreeShards() throws {
        let merged = try RunReport.merge(shards)
        #expect(merged.outputs.map(\.name) == ["a", "b", "c", "k", "m", "z"])
        var expected = StatusTotals()
        expected[.rendered] = 2
        expected[.upToDate] = 1
        expected[.failed] = 1
        expected[.skipped] = 1
        expected[.cancelled] = 1
        #expect(merged.totals == expected)
        #expect(merged.totals.total == 6)
        #expect(merged.wallSeconds == 30)
        #expect(merged.host == "ci-1, ci-2")
        #expect(merged.shard == nil)
        #expect(merged.startedAt == Fixtures.start)
        #expect(merged.finishedAt == Fixtures.start.addingTimeInterval(30))
        #expect(!merged.isSuccess)
        #expect(merged.summaryLine == "6 outputs: 2 rendered, 1 up-to-date, 1 failed, 1 skipped, 1 cancelled in 30.00s")
    }

    @Test func mergeOrderDoesNotMatter() throws {
        #expect(try RunReport.merge(shards) == RunReport.merge(shards.reversed()).with(host: "ci-1, ci-2"))
    }

    @Test func duplicateOutputsAreAnError() {
        let overlapping = shards + [Fixtures.report([Self.output("k", .rendered)])]
        #expect(throws: ReportError.duplicateOutput("k")) { try RunReport.merge(overlapping) }
        #expect(ReportError.duplicateOutput("k").description
            == "output 'k' appears in more than one report; were the shards overlapping?")
    }

    @Test func mergingNothingIsAnError() {
        #expect(throws: ReportError.nothingToMerge) { try RunReport.merge([]) }
        #expect(ReportError.nothingToMerge.description == "no reports to merge")
    }
}

extension RunReport {
    func with(host: String) -> RunReport {
        var copy = self
        copy.host = host
        return copy
    }
}
