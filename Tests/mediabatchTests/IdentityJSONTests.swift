import Foundation
import Manifest
@testable import MediaBatch
import MediaCore
import MediaTestSupport
import Testing

/// A job's fingerprint hashes each property as compact JSON with sorted keys, written by `SortedJSONEncoder`. Every
/// property of real jobs must come out as Foundation's `JSONEncoder` writes it, so fingerprints stay what they were.
struct IdentityJSONTests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func identityPartsAreFoundationsJSON() throws {
        let folder = try TestScratch.directory("identity-json")
        let batches = [Self.repository.appendingPathComponent("manifests").path,
                       try ParallelBuildTests.manifest(in: folder)]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        foundation.userInfo[.leavesOutLocations] = true
        var compared = 0
        for path in batches {
            let plan = BatchPlan.make(paths: [path])
            #expect(plan.problems.isEmpty && !plan.isInvalid, "\(plan.problems) \(plan.diagnostics)")
            for job in plan.jobs {
                let parts = try job.identityParts()
                let expected = try Mirror(reflecting: job).children.compactMap { child -> (String, Data)? in
                    guard let name = child.label, !Job.declarationProperties.contains(name),
                          let value = child.value as? any Encodable else { return nil }
                    return (name, try foundation.encode(value))
                }
                #expect(parts.map(\.name) == expected.map(\.0))
                for (part, (name, json)) in zip(parts, expected) {
                    #expect(part.json == json, "\(job.name).\(name)")
                    compared += 1
                }
                // Segment keys record their text layers and transition effects with slashes escaped.
                if let video = job.videoComposition {
                    let escaping = JSONEncoder()
                    escaping.outputFormatting = [.sortedKeys]
                    let keyed = SortedJSONEncoder(escapesSlashes: true)
                    #expect(try keyed.encode(video) == escaping.encode(video), "\(job.name)")
                }
            }
        }
        #expect(compared > 4000)
    }
}
