import Foundation
import MediaCore
@testable import Render
import Testing

/// The copy-source cache answers a file it has seen without analysing it again, until the file changes; indexes
/// beyond its packet limit push the oldest answers out.
@Suite struct CopySourceCacheTests {
    let fixtures: SmartPassthroughFixtures

    init() throws {
        fixtures = try SmartPassthroughFixtures.get()
    }

    func key(_ path: String) -> CopySourceCache.Key {
        CopySourceCache.Key(path: path, trackID: 1, width: 320, height: 240, frameDuration: MediaTime(value: 1, timescale: 30))
    }

    @Test func aSeenFileIsNotAnalysedAgainUntilItChanges() throws {
        let cache = CopySourceCache(packetLimit: 1000)
        let path = fixtures.output("cache")
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        var analysed = 0
        let analyse = { () -> CopySource? in analysed += 1; return nil }
        _ = cache.source(for: key(path), make: analyse)
        _ = cache.source(for: key(path), make: analyse)
        #expect(analysed == 1)
        try Data("three".utf8).write(to: URL(fileURLWithPath: path))
        _ = cache.source(for: key(path), make: analyse)
        #expect(analysed == 2)
    }

    @Test func indexesBeyondTheLimitPushOutTheOldest() throws {
        // The tagged source has 120 packets: a limit of 150 keeps one index.
        let cache = CopySourceCache(packetLimit: 150)
        var analysed: [String] = []
        func source(_ path: String) -> CopySource? {
            cache.source(for: key(path)) {
                analysed.append(path)
                return CopySource.make(path: path, trackID: 1, width: 320, height: 240,
                                       frameDuration: MediaTime(value: 1, timescale: 30))
            }
        }
        #expect(source(fixtures.tagged)?.index.entries.count == 120)
        #expect(source(fixtures.tagged) != nil)
        let copy = fixtures.output("tagged-copy")
        try FileManager.default.copyItem(atPath: fixtures.tagged, toPath: copy)
        #expect(source(copy) != nil)
        #expect(source(fixtures.tagged) != nil)
        #expect(analysed == [fixtures.tagged, copy, fixtures.tagged])
    }
}
