import Composition
import Foundation
@testable import MediaBatch
import MediaTestSupport
import Testing

/// Where jobs are only counted (`validate`), outputs that read no other output are built on all cores a window at a
/// time (`BatchPlan.buildWindow`); the plan must be the one building in order gives (`plan`, `run`): the same
/// counts, warnings in the same order, and the same jobs for the outputs others read, across windows.
@Suite struct ParallelBuildTests {
    static let rows = 300

    /// A batch of `rows` outputs from a table, some with a headline too long for its box, and two outputs that read
    /// one of them: the last row (in the second window) and the first.
    static func manifest(in folder: URL) throws -> String {
        var table = "product,headline\n"
        for row in 0..<rows {
            let headline = row % 7 == 0 ? String(repeating: "Far too long a headline \(row) ", count: 150) : "Headline \(row)"
            table += "p\(row),\"\(headline)\"\n"
        }
        try table.write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("batch.yaml")
        try """
        mediabatch: 1
        defaults: { preset: web-720p, out: out }
        sources:
          body: { generate: testpattern, duration: 4s, size: 1280x720 }
        outputs:
          - name: "promo-{product}"
            data: rows.csv
            clips:
              - { source: body, from: 0s, duration: 2s }
            title: { text: "{headline}", at: 0.5s, duration: 1s, position: bottom }
          - name: recap-last
            clips:
              - { source: { output: promo-p\(rows - 1) }, from: 0s, duration: 1s }
          - name: recap-first
            clips:
              - { source: { output: promo-p0 }, from: 0s, duration: 1s }
        """.write(to: manifest, atomically: true, encoding: .utf8)
        return manifest.path
    }

    @Test func buildingAheadGivesThePlanOfBuildingInOrder() throws {
        let folder = try TestScratch.directory("parallel-build")
        let path = try Self.manifest(in: folder)
        let inOrder = BatchPlan.make(paths: [path])
        #expect(inOrder.problems.isEmpty && !inOrder.isInvalid, "\(inOrder.problems) \(inOrder.diagnostics)")
        #expect(inOrder.jobs.count == Self.rows + 2)
        let order = inOrder.jobs.map(\.name)
        for (reader, read) in [("recap-last", "promo-p\(Self.rows - 1)"), ("recap-first", "promo-p0")] {
            let readAt = try #require(order.firstIndex(of: read)), readerAt = try #require(order.firstIndex(of: reader))
            #expect(readAt < readerAt)
            let job = try #require(inOrder.jobs.first { $0.name == reader })
            let sources = job.composition.tracks.flatMap(\.segments).compactMap(\.sourceURL?.path)
            #expect(sources.contains(inOrder.jobs[readAt].outputPath))
        }
        let tooLong = inOrder.diagnostics.filter { $0.message.contains("does not fit") }
        #expect(tooLong.count == (0..<Self.rows).filter { $0 % 7 == 0 }.count)

        let ahead = BatchPlan.make(paths: [path], keeping: .dependencies)
        #expect(ahead.builtCount == inOrder.builtCount)
        #expect(ahead.problems == inOrder.problems)
        #expect(ahead.diagnostics.map(\.description) == inOrder.diagnostics.map(\.description))
        #expect(ahead.outputs.map(\.name) == inOrder.outputs.map(\.name))
        #expect(ahead.jobs.map(\.name) == ["promo-p0", "promo-p\(Self.rows - 1)"])
        #expect(ahead.jobs == inOrder.jobs.filter { ahead.jobs.map(\.name).contains($0.name) })
        #expect(ahead.textWarnings == inOrder.textWarnings)
    }
}
