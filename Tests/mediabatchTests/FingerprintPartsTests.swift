@testable import MediaBatch
import Testing

/// How a changed fingerprint is told: which parts are named, in what words, and how many before the rest are counted.
struct FingerprintPartsTests {
    static let recorded = [
        "part tool mediabatch\t0.1.0", "part property settings\tS1", "part property composition\tC1",
        "part property titles\tT1", "part property sourceFiles\tF1", "part property dependencies\tD1",
        "part source 1a\t100 1.5\ta.mp4", "part source 2b\t7 2.5\ttab%09name.mp4", "part output teaser\tX1",
    ]

    @Test(arguments: [
        ([:], nil),
        (["part tool mediabatch\t0.1.0": "part tool mediabatch\t0.2.0"], "mediabatch changed (it was rendered by mediabatch 0.1.0)"),
        (["part property titles\tT1": "part property titles\tT2"], "its titles changed"),
        (["part property settings\tS1": "part property settings\tS2", "part property titles\tT1": "part property titles\tT2"],
         "its preset and its titles changed"),
        (["part source 1a\t100 1.5\ta.mp4": "part source 1a\t100 9.5\ta.mp4"], "source 'a.mp4' changed"),
        (["part source 2b\t7 2.5\ttab%09name.mp4": "part source 2b\t8 2.5\ttab%09name.mp4"],
         "source 'tab\tname.mp4' changed"),
        (["part output teaser\tX1": "part output teaser\tX2"], "output 'teaser' changed"),
        // Recorded by size and time (or an output by its fingerprint) by an earlier mediabatch, by content now.
        (["part source 1a\t100 1.5\ta.mp4": "part source 1a\tsha256 5e1f\ta.mp4"],
         "source 'a.mp4' (recorded by size and time before) changed"),
        (["part output teaser\tX1": "part output teaser\tsha256 5e1f"], "output 'teaser' (recorded by its fingerprint before) changed"),
        // Another file: the list of files changes too, but the files' own parts say which.
        (["part property sourceFiles\tF1": "part property sourceFiles\tF2",
          "part source 1a\t100 1.5\ta.mp4": "part source 3c\t100 1.5\tb.mp4"],
         "source 'b.mp4' (new) and source 'a.mp4' (no longer read) changed"),
        (["part property dependencies\tD1": "part property dependencies\tD2"], "the outputs it reads changed"),
        (["part tool mediabatch\t0.1.0": "part tool mediabatch\t0.2.0", "part property settings\tS1": "part property settings\tS2",
          "part property composition\tC1": "part property composition\tC2", "part property titles\tT1": "part property titles\tT2",
          "part output teaser\tX1": "part output teaser\tX2"],
         "mediabatch, its preset, its clips, its titles and 1 more changed (it was rendered by mediabatch 0.1.0)"),
    ] as [([String: String], String?)])
    func namesWhatChanged(replacements: [String: String], reason: String?) throws {
        let before = try #require(FingerprintParts(sidecarLines: Self.recorded))
        let now = try #require(FingerprintParts(sidecarLines: Self.recorded.map { replacements[$0] ?? $0 }))
        #expect(now.changes(since: before) == reason)
        #expect((now.digest == before.digest) == replacements.isEmpty)
    }

    @Test func sidecarLinesReadBackAsTheSameParts() throws {
        let parts = try #require(FingerprintParts(sidecarLines: Self.recorded + ["file 1 2.3 4:5", "loudness -14.0"]))
        #expect(parts.sidecarLines == Self.recorded)
        #expect(parts.parts[7].key == "2b")
        #expect(parts.parts[7].name == "tab\tname.mp4")
        #expect(FingerprintParts(sidecarLines: ["file 1 2.3 4:5"]) == nil)
    }
}
