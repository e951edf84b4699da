import LibAV
@testable import Render
import Testing

/// How the shared cache answers claims: a waiting claim blocks while another job renders the key, a claim that does
/// not wait (a soundtrack's) is told `busy` at once; a stored payload comes back whole, marks and loudness included.
@Suite struct SegmentCacheClaimTests {
    static let key = SegmentKey(identity: "soundtrack test", label: "soundtrack (test)")

    @Test func aClaimThatDoesNotWaitIsBusyWhileAnotherJobRenders() throws {
        let cache = SegmentCache()
        cache.expect([Self.key, Self.key, Self.key])
        guard case .render = cache.claim(Self.key, waits: false) else { Issue.record("the first claim should render"); return }
        guard case .busy = cache.claim(Self.key, waits: false) else { Issue.record("a second claim should be busy"); return }
        let loudness = Loudness(integrated: -16, range: 2, truePeak: -1.5)
        cache.store(Self.key, payload: SegmentCache.Payload(packets: [try Packet(), try Packet()], marks: [960, .max],
                                                            loudness: loudness))
        guard case .hit(let payload) = cache.claim(Self.key, waits: false) else {
            Issue.record("the third claim should find the stored payload"); return
        }
        #expect(payload.packets.count == 2 && payload.marks == [960, .max] && payload.loudness == loudness)
        #expect(cache.hits == 1)
    }

    @Test func anAbandonedClaimLetsTheNextJobRender() {
        let cache = SegmentCache()
        guard case .render = cache.claim(Self.key, waits: false) else { Issue.record("the first claim should render"); return }
        cache.abandon(Self.key)
        guard case .render = cache.claim(Self.key) else { Issue.record("after abandon, the next claim renders"); return }
    }

    @Test func storesAreWantedOnlyForLaterPlannedUses() {
        let cache = SegmentCache()
        #expect(cache.wantsStore(Self.key), "unplanned keys are kept while they fit")
        cache.expect([Self.key, Self.key])
        guard case .render = cache.claim(Self.key, waits: false) else { Issue.record("the first claim should render"); return }
        #expect(cache.wantsStore(Self.key))
        cache.abandon(Self.key)
        guard case .render = cache.claim(Self.key, waits: false) else { Issue.record("the second claim should render"); return }
        #expect(!cache.wantsStore(Self.key), "no use is left to read it")
    }

    @Test func withdrawnUsesFreeTheirPayload() throws {
        let cache = SegmentCache()
        cache.expect([Self.key, Self.key, Self.key])
        guard case .render = cache.claim(Self.key, waits: false) else { Issue.record("the first claim should render"); return }
        cache.store(Self.key, payload: SegmentCache.Payload(packets: [try Packet()]))
        #expect(cache.isReady(Self.key))
        cache.withdraw([Self.key])
        #expect(cache.isReady(Self.key), "one planned use is still to come")
        cache.withdraw([Self.key])
        #expect(!cache.isReady(Self.key) && cache.bytes == 0, "no use is left: the payload goes")
    }
}
