/// Reading and rewriting H.264 NAL units: the Annex B byte streams libx264 writes and the length-prefixed samples
/// mp4, mov and Matroska carry.
enum H264Bitstream {
    /// NAL unit types this file cares about.
    static let idrSlice: UInt8 = 5, sps: UInt8 = 7, pps: UInt8 = 8, endOfSequence: UInt8 = 10

    /// The type of a NAL unit (its first byte's low five bits).
    static func type(_ nal: ArraySlice<UInt8>) -> UInt8 { nal.first.map { $0 & 0x1F } ?? 0 }

    /// The NAL units of a length-prefixed sample; nil when a length runs past the end.
    static func units(lengthPrefixed bytes: [UInt8], lengthSize: Int) -> [ArraySlice<UInt8>]? {
        var units: [ArraySlice<UInt8>] = []
        var index = 0
        while index + lengthSize <= bytes.count {
            var length = 0
            for offset in 0..<lengthSize { length = length << 8 | Int(bytes[index + offset]) }
            index += lengthSize
            guard length <= bytes.count - index else { return nil }
            units.append(bytes[index..<index + length])
            index += length
        }
        return index == bytes.count ? units : nil
    }

    /// The NAL units of an Annex B byte stream (split at 3- and 4-byte start codes).
    static func units(annexB bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, payload: Int)] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                let code = index > 0 && bytes[index - 1] == 0 ? index - 1 : index
                starts.append((code, index + 3))
                index += 3
            } else {
                index += 1
            }
        }
        return starts.indices.map { i in
            let end = i + 1 < starts.count ? starts[i + 1].code : bytes.count
            return bytes[starts[i].payload..<max(starts[i].payload, end)]
        }
    }

    /// `units` as one length-prefixed sample.
    static func lengthPrefixed(_ units: [ArraySlice<UInt8>], lengthSize: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.reduce(0) { $0 + $1.count + lengthSize })
        for unit in units {
            for shift in stride(from: (lengthSize - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: unit.count >> shift)) }
            bytes.append(contentsOf: unit)
        }
        return bytes
    }

    /// The parameter-set id of an SPS (after profile, constraint flags and level) or a PPS (first field).
    static func parameterSetID(_ nal: ArraySlice<UInt8>) -> Int? {
        switch type(nal) {
        case sps: var reader = BitReader(nal.dropFirst(4)); return reader.unsignedGolomb()
        case pps: var reader = BitReader(nal.dropFirst(1)); return reader.unsignedGolomb()
        default: return nil
        }
    }

    /// Reads Exp-Golomb codes from the start of a NAL payload (parameter-set ids come before any emulation
    /// prevention byte can matter: they are the first bits after at most three fixed bytes).
    struct BitReader {
        /// The bytes read.
        let bytes: [UInt8]
        /// The next bit's position.
        var position = 0

        /// A reader at the first bit of `bytes`.
        init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

        /// The next bit, nil past the end.
        mutating func bit() -> Int? {
            guard position / 8 < bytes.count else { return nil }
            defer { position += 1 }
            return Int(bytes[position / 8] >> (7 - UInt8(position % 8))) & 1
        }

        /// The next `ue(v)` value, nil past the end or when longer than 31 bits.
        mutating func unsignedGolomb() -> Int? {
            var zeros = 0
            while let bit = bit(), bit == 0 {
                zeros += 1
                if zeros > 31 { return nil }
            }
            var value = 0
            for _ in 0..<zeros {
                guard let bit = bit() else { return nil }
                value = value << 1 | bit
            }
            return (1 << zeros) - 1 + value
        }
    }
}
