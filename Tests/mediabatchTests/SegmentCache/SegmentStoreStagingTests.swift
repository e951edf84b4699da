import Foundation
import LibAV
@testable import MediaBatch
import MediaTestSupport
import Render
import Testing

/// What an export stages in the cache folder stays out of every run's sight until it is published: a run killed
/// before its export could take back a segment of damaged sources leaves nothing any later run would take.
struct SegmentStoreStagingTests {
    static let key = SegmentKey(identity: "clip a.mp4 0-2 s 1080x1080 x264 veryfast crf 23", label: "a.mp4 0-2 s")
    static let segment = ArchivedSegment(
        packets: [PacketRecord(payload: Array(repeating: 7, count: 300), pts: 0, dts: -1, duration: 1,
                               timeBaseNumerator: 1, timeBaseDenominator: 30, flags: 1, sideData: [])],
        extradata: [1, 100, 0, 31])

    /// The names of the files under the folder's `tmp/` (the write probe aside).
    static func staged(_ store: SegmentStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (store.directory as NSString).appendingPathComponent("tmp"))
            .filter { !$0.hasPrefix(".probe") }
    }

    @Test func aStagedSegmentIsFoundOnlyOncePublished() throws {
        let folder = try TestScratch.directory("segment-staging").path
        let store = SegmentStore(cacheDirectory: folder, toolVersion: "test", byteLimit: 1 << 30)
        let staged = store.stage(Self.key, Self.segment)
        store.finishWrites()
        #expect(try Self.staged(store) == [staged.name])
        #expect(store.load(Self.key, extradata: Self.segment.extradata) == nil)
        #expect(!store.holds(Self.key))
        // A second store on the same folder (another run) does not see it either.
        let other = SegmentStore(cacheDirectory: folder, toolVersion: "test", byteLimit: 1 << 30)
        #expect(other.load(Self.key, extradata: Self.segment.extradata) == nil)

        store.publish(staged)
        store.finishWrites()
        #expect(try Self.staged(store).isEmpty)
        #expect(other.load(Self.key, extradata: Self.segment.extradata) == Self.segment)
        #expect(store.statistics.saved == 1)
    }

    @Test func aDiscardedSegmentLeavesNothing() throws {
        let folder = try TestScratch.directory("segment-discard").path
        let store = SegmentStore(cacheDirectory: folder, toolVersion: "test", byteLimit: 1 << 30)
        let staged = store.stage(Self.key, Self.segment)
        store.discard(staged)
        store.finishWrites()
        #expect(try Self.staged(store).isEmpty)
        #expect(store.load(Self.key, extradata: Self.segment.extradata) == nil)
        #expect(store.statistics.saved == 0)
        // Publishing what was discarded (or swept by another run's eviction) keeps nothing and is no error.
        store.publish(staged)
        store.finishWrites()
        #expect(store.load(Self.key, extradata: Self.segment.extradata) == nil)
        #expect(store.statistics.saved == 0)
    }

    /// An entry is written through a small buffer: packets smaller than it, one larger, and a poster picture of
    /// several megabytes all read back the same (a byte written twice or lost would fail the digest or the layout).
    @Test func anEntryLargerThanTheWriteBufferReadsBackWhole() throws {
        let folder = try TestScratch.directory("segment-large-entry").path
        let store = SegmentStore(cacheDirectory: folder, toolVersion: "test", byteLimit: 1 << 30)
        var packets: [PacketRecord] = []
        for index in 0..<400 {
            let payload: [UInt8] = (0..<(500 + index)).map { (byte: Int) -> UInt8 in
                UInt8(truncatingIfNeeded: byte &* 31 &+ index)
            }
            packets.append(PacketRecord(payload: payload, pts: Int64(index), dts: Int64(index) - 1, duration: 1,
                                        timeBaseNumerator: 1, timeBaseDenominator: 30, flags: index == 0 ? 1 : 0,
                                        sideData: []))
        }
        packets.append(PacketRecord(payload: Array(repeating: 9, count: 200_000), pts: 400, dts: 399, duration: 1,
                                    timeBaseNumerator: 1, timeBaseDenominator: 30, flags: 0,
                                    sideData: [.init(type: 4, bytes: [1, 2, 3])]))
        var poster = Picture(width: 1080, height: 1080, red: 200, green: 10, blue: 60)
        poster.rgb[1_000_000] = 1
        let segment = ArchivedSegment(packets: packets, extradata: [1, 100, 0, 31], stills: [120: poster])

        store.publish(store.stage(Self.key, segment))
        store.finishWrites()
        #expect(store.load(Self.key, extradata: segment.extradata) == segment)
    }
}
