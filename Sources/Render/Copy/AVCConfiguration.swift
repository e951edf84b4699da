/// An H.264 decoder configuration record (`avcC`, ISO/IEC 14496-15): profile and level bytes, NAL length size, the
/// sequence and picture parameter sets, and any trailing extension bytes, kept as they are.
struct AVCConfiguration: Equatable {
    /// Version, profile, profile compatibility and level (the first four bytes).
    var header: [UInt8]
    /// Bytes in each NAL unit's length prefix (1, 2 or 4).
    var lengthSize: Int
    /// The sequence parameter sets.
    var sequenceParameterSets: [[UInt8]]
    /// The picture parameter sets.
    var pictureParameterSets: [[UInt8]]
    /// What follows the parameter sets (the High-profile chroma and bit-depth bytes), unchanged.
    var trailer: [UInt8]

    /// Parses an `avcC` record; nil when it is not one (an Annex B header, truncated).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 7, bytes[0] == 1, bytes[4] & 3 != 2 else { return nil }
        header = Array(bytes[0..<4])
        lengthSize = Int(bytes[4] & 3) + 1
        var index = 6
        guard let sps = Self.sets(in: bytes, count: Int(bytes[5] & 0x1F), at: &index), index < bytes.count else { return nil }
        let ppsCount = Int(bytes[index])
        index += 1
        guard let pps = Self.sets(in: bytes, count: ppsCount, at: &index) else { return nil }
        sequenceParameterSets = sps
        pictureParameterSets = pps
        trailer = Array(bytes[index...])
    }

    /// `count` parameter sets, each a 16-bit length and its bytes, from `index` on (moved past them).
    private static func sets(in bytes: [UInt8], count: Int, at index: inout Int) -> [[UInt8]]? {
        var result: [[UInt8]] = []
        for _ in 0..<count {
            guard index + 2 <= bytes.count else { return nil }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            index += 2
            guard length > 0, index + length <= bytes.count else { return nil }
            result.append(Array(bytes[index..<index + length]))
            index += length
        }
        return result
    }

    /// The record as bytes.
    var bytes: [UInt8] {
        var bytes = header
        bytes.append(0xFC | UInt8(lengthSize - 1))
        bytes.append(0xE0 | UInt8(sequenceParameterSets.count))
        for set in sequenceParameterSets { bytes += [UInt8(set.count >> 8), UInt8(set.count & 0xFF)] + set }
        bytes.append(UInt8(pictureParameterSets.count))
        for set in pictureParameterSets { bytes += [UInt8(set.count >> 8), UInt8(set.count & 0xFF)] + set }
        return bytes + trailer
    }

    /// The ids the parameter sets already use.
    var usedIDs: (sps: Set<Int>, pps: Set<Int>) {
        (Set(sequenceParameterSets.compactMap { H264Bitstream.parameterSetID($0[...]) }),
         Set(pictureParameterSets.compactMap { H264Bitstream.parameterSetID($0[...]) }))
    }

    /// The first parameter-set id (1 to 31) that neither an SPS nor a PPS of the record uses, for an encoder whose
    /// sets must sit beside the record's in one stream (smart trim and splicing alike); nil when every id is taken.
    var freeParameterSetID: Int? {
        let used = usedIDs
        return (1...31).first { !used.sps.contains($0) && !used.pps.contains($0) }
    }
}

extension AVCConfiguration {
    /// This record with the one SPS and one PPS of an encoder's Annex B header appended, and those two sets: nil
    /// unless the header has exactly one of each, the SPS under `id` and the PPS under an id this record does not use.
    func appending(parameterSetsOf header: [UInt8], id: Int) -> (AVCConfiguration, [[UInt8]])? {
        let units = H264Bitstream.units(annexB: header)
        let sps = units.filter { H264Bitstream.type($0) == H264Bitstream.sps }
        let pps = units.filter { H264Bitstream.type($0) == H264Bitstream.pps }
        guard sps.count == 1, pps.count == 1, H264Bitstream.parameterSetID(sps[0]) == id,
              let ppsID = H264Bitstream.parameterSetID(pps[0]), !usedIDs.pps.contains(ppsID) else { return nil }
        var record = self
        record.sequenceParameterSets.append(Array(sps[0]))
        record.pictureParameterSets.append(Array(pps[0]))
        return (record, [Array(sps[0]), Array(pps[0])])
    }
}
