import Foundation
import LibAV
import Render

/// The file format of one kept segment: a magic line, the full key it was saved under, the encoder's codec headers,
/// the packets (timestamps, time base, flags, side data, payload), the pictures its render kept for posters (frame,
/// size, RGB bytes), then the SHA-256 of everything before it.
/// Little-endian integers; a reader checks the digest first, so a truncated or damaged file is never used.
enum SegmentEntry {
    /// The first bytes of every entry; a new layout gets a new magic.
    static let magic = Array("mediabatch segment 2\n".utf8)

    /// Writes `segment`, saved under the full key text `identity`, to `file`, digest last.
    static func write(_ segment: ArchivedSegment, identity: String, to file: EntryFile) throws {
        try file.append(magic)
        try appendBlock(Array(identity.utf8), to: file)
        try appendBlock(segment.extradata, to: file)
        try appendInteger(UInt32(segment.packets.count), to: file)
        for packet in segment.packets {
            for value in [packet.pts, packet.dts, packet.duration] { try appendInteger(value, to: file) }
            for value in [packet.timeBaseNumerator, packet.timeBaseDenominator, packet.flags] {
                try appendInteger(value, to: file)
            }
            try appendInteger(UInt32(packet.sideData.count), to: file)
            for side in packet.sideData {
                try appendInteger(side.type, to: file)
                try appendBlock(side.bytes, to: file)
            }
            try appendBlock(packet.payload, to: file)
        }
        try appendInteger(UInt32(segment.stills.count), to: file)
        for (frame, picture) in segment.stills.sorted(by: { $0.key < $1.key }) {
            try appendInteger(frame, to: file)
            try appendInteger(UInt32(picture.width), to: file)
            try appendInteger(UInt32(picture.height), to: file)
            try appendBlock(picture.rgb, to: file)
        }
        try file.finish()
    }

    /// The segment in `bytes` when they are whole (the digest matches) and were saved under `identity`; nil otherwise.
    static func decode(_ bytes: [UInt8], identity: String) -> ArchivedSegment? {
        guard bytes.count > magic.count + 32, bytes.starts(with: magic) else { return nil }
        let digest = Digest()
        let body = bytes.count - 32
        bytes.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0[..<body])) }
        guard digest.finish().elementsEqual(bytes[body...]) else { return nil }
        var reader = ByteReader(bytes: bytes[magic.count..<body])
        guard let saved = reader.block(), saved.elementsEqual(identity.utf8), let extradata = reader.block(),
              let count = reader.integer(UInt32.self) else { return nil }
        var packets: [PacketRecord] = []
        for _ in 0..<count {
            guard let pts = reader.integer(Int64.self), let dts = reader.integer(Int64.self),
                  let duration = reader.integer(Int64.self), let numerator = reader.integer(Int32.self),
                  let denominator = reader.integer(Int32.self), let flags = reader.integer(Int32.self),
                  let sides = reader.integer(UInt32.self) else { return nil }
            var sideData: [PacketRecord.SideData] = []
            for _ in 0..<sides {
                guard let type = reader.integer(Int32.self), let data = reader.block() else { return nil }
                sideData.append(PacketRecord.SideData(type: type, bytes: data))
            }
            guard let payload = reader.block() else { return nil }
            packets.append(PacketRecord(payload: payload, pts: pts, dts: dts, duration: duration,
                                        timeBaseNumerator: numerator, timeBaseDenominator: denominator, flags: flags,
                                        sideData: sideData))
        }
        guard let stillCount = reader.integer(UInt32.self) else { return nil }
        var stills: [Int64: Picture] = [:]
        for _ in 0..<stillCount {
            guard let frame = reader.integer(Int64.self), let width = reader.integer(UInt32.self),
                  let height = reader.integer(UInt32.self), let rgb = reader.block(),
                  rgb.count == Int(width) * Int(height) * 3 else { return nil }
            stills[frame] = Picture(width: Int(width), height: Int(height), rgb: rgb)
        }
        guard reader.isAtEnd else { return nil }
        return ArchivedSegment(packets: packets, extradata: extradata, stills: stills)
    }

    /// Appends a length (32 bits) and `block`.
    private static func appendBlock(_ block: [UInt8], to file: EntryFile) throws {
        try appendInteger(UInt32(block.count), to: file)
        try file.append(block)
    }

    /// Appends `value` little-endian.
    private static func appendInteger<Value: FixedWidthInteger>(_ value: Value, to file: EntryFile) throws {
        try withUnsafeBytes(of: value.littleEndian) { try file.append($0) }
    }
}

/// Reads little-endian integers and length-prefixed blocks from the front of a byte range.
private struct ByteReader {
    var bytes: ArraySlice<UInt8>

    var isAtEnd: Bool { bytes.isEmpty }

    /// The next integer, nil when too few bytes are left.
    mutating func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value? {
        let size = MemoryLayout<Value>.size
        guard bytes.count >= size else { return nil }
        var value = Value.zero
        for (shift, byte) in bytes.prefix(size).enumerated() { value |= Value(truncatingIfNeeded: byte) << (shift * 8) }
        bytes = bytes.dropFirst(size)
        return value
    }

    /// The next length-prefixed block, nil when it runs past the end.
    mutating func block() -> [UInt8]? {
        guard let length = integer(UInt32.self), bytes.count >= Int(length) else { return nil }
        defer { bytes = bytes.dropFirst(Int(length)) }
        return Array(bytes.prefix(Int(length)))
    }
}
