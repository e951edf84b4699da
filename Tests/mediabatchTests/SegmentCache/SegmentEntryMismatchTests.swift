import Foundation
import LibAV
@testable import MediaBatch
import Render
import Testing

/// An entry of the cache folder whose checksum is right but whose packets do not show its segment's pictures (one
/// missing, one at another time, a first one that is no keyframe: what another program writing the shared folder could
/// leave) is not used: the segment is rendered again, the outputs keep the bytes of a render from an empty cache, and
/// the entry is written again whole.
@Suite(.serialized)
struct SegmentEntryMismatchTests {
    /// One way to spoil a segment's packets while keeping the entry's checksum right.
    enum Spoiling: String, CaseIterable, CustomTestStringConvertible {
        case lastPacketDropped, picturesMovedAFrameLater, firstPacketNotAKeyframe

        var testDescription: String { rawValue }

        func apply(to packets: inout [PacketRecord]) {
            switch self {
            case .lastPacketDropped:
                packets.removeLast()
            case .picturesMovedAFrameLater:
                let frame = packets[1].pts - packets[0].pts
                for index in packets.indices {
                    packets[index].pts += frame
                    packets[index].dts += frame
                }
            case .firstPacketNotAKeyframe:
                packets[0].flags = 0
            }
        }
    }

    /// The full key an entry file was saved under (the block after the magic line).
    static func identity(of bytes: [UInt8]) throws -> String {
        let start = SegmentEntry.magic.count
        let length = bytes[start..<(start + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
        return String(decoding: bytes[(start + 4)..<(start + 4 + length)], as: UTF8.self)
    }

    @Test(arguments: Spoiling.allCases)
    func anEntryThatDoesNotShowItsSegmentsPicturesIsRenderedAgain(_ spoiling: Spoiling) throws {
        let directory = try SharedSegmentTests.makeBatch()
        let cache = directory.appendingPathComponent("cache")
        let first = try SegmentCacheRunTests.render(directory, cache: "cache")
        let files = try SegmentCacheRunTests.entries(cache)
        try #require(files.count == 5)
        for file in files {
            let bytes = try #require(EntryFile.contents(of: file.path))
            let identity = try Self.identity(of: bytes)
            var segment = try #require(SegmentEntry.decode(bytes, identity: identity))
            try #require(segment.packets.count > 2)
            spoiling.apply(to: &segment.packets)
            try FileManager.default.removeItem(at: file)
            try SegmentEntry.write(segment, identity: identity, to: EntryFile(creating: file.path))
            #expect(SegmentEntry.decode(try #require(EntryFile.contents(of: file.path)), identity: identity) == segment)
        }
        let spoiled = try SegmentCacheRunTests.render(directory, cache: "cache")
        #expect(spoiled.files == first.files)
        #expect(SegmentCacheRunTests.cached(in: spoiled.report).isEmpty,
                "\(SegmentCacheRunTests.cached(in: spoiled.report))")
        #expect(try SegmentCacheRunTests.entries(cache).count == 5)
        let healed = try SegmentCacheRunTests.render(directory, cache: "cache")
        #expect(healed.files == first.files)
        #expect(SegmentCacheRunTests.cached(in: healed.report).count == 3)
    }
}
