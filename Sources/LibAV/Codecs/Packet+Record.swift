internal import CFFmpeg

extension Packet {
    /// The packet as plain values (payload, timestamps, flags, side data), copied.
    public var record: PacketRecord {
        let packet = pointer.pointee
        var sides: [PacketRecord.SideData] = []
        for index in 0..<Int(packet.side_data_elems) {
            let side = packet.side_data[index]
            let bytes = side.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(side.size))) } ?? []
            sides.append(PacketRecord.SideData(type: Int32(side.type.rawValue), bytes: bytes))
        }
        return PacketRecord(payload: payload, pts: packet.pts, dts: packet.dts, duration: packet.duration,
                            timeBaseNumerator: timeBase.num, timeBaseDenominator: timeBase.den, flags: packet.flags,
                            sideData: sides)
    }

    /// A packet holding a copy of everything `record` holds.
    public convenience init(record: PacketRecord) throws(LibAVError) {
        try self.init()
        try check(av_new_packet(pointer, Int32(record.payload.count)), "av_new_packet", .allocate("a packet"))
        record.payload.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                pointer.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
        }
        timeBase = AVRational(num: record.timeBaseNumerator, den: record.timeBaseDenominator)
        (pointer.pointee.pts, pointer.pointee.dts) = (record.pts, record.dts)
        pointer.pointee.duration = record.duration
        pointer.pointee.flags = record.flags
        for side in record.sideData {
            let type = AVPacketSideDataType(rawValue: UInt32(side.type))
            let data = try checkAllocation(av_packet_new_side_data(pointer, type, side.bytes.count),
                                           "av_packet_new_side_data", .allocate("packet side data"))
            side.bytes.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                }
            }
        }
    }
}
