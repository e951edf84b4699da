import LibAV
import MediaCore

/// Re-encodes the pictures of one smart-passthrough segment: decodes the source from a keyframe, encodes the
/// pictures shown in the segment's times with a fresh libx264 (so each segment starts with its own IDR), and hands
/// out length-prefixed packets ready for the copied stream.
final class SmartSegmentEncoder {
    /// The source, opened for decoding.
    private let input: InputFile
    /// The source's video decoder.
    private let decoder: Decoder
    /// The plan being carried out.
    private let plan: SmartPassthroughPlan

    /// Opens the plan's source for decoding.
    init(plan: SmartPassthroughPlan) throws(ExportError) {
        self.plan = plan
        do {
            input = try InputFile(path: plan.path)
            decoder = try Decoder(input: input, stream: plan.videoStream)
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
    }

    /// Re-encodes the pictures shown in `times`, decoding from packet `decodeFrom`; `write` gets each packet in
    /// decode order with its payload already length-prefixed.
    func encode(decodeFrom: Int, times: Range<MediaTime>, cancelled: () -> Bool,
                write: (Packet) throws(ExportError) -> Void) throws(ExportError) {
        let wanted = plan.index.times(from: times.lowerBound, to: times.upperBound).count
        let encoder = try makeEncoder()
        var encoded = 0
        // The last packet is held back to end the sequence.
        var held: Packet?
        func feed(_ frames: [Frame]) throws(ExportError) {
            for frame in frames where times.contains(frame.pts) && encoded < wanted {
                encoded += 1
                for packet in try wrapped({ () throws(LibAVError) in try encoder.encode(frame) }) {
                    if let held { try write(try repackage(held, endsSequence: false)) }
                    held = packet
                }
            }
        }
        // Pictures before the segment are only decoded for the ones they are references of.
        decoder.showingUpTo = times.lowerBound
        let packet = try wrapped { () throws(LibAVError) in try seek(to: decodeFrom) }
        try feed(try wrapped { () throws(LibAVError) in try decoder.decode(packet) })
        while encoded < wanted {
            if cancelled() { throw ExportError.cancelled }
            guard try wrapped({ () throws(LibAVError) in try input.readPacket(into: packet) }) else {
                try feed(try wrapped { () throws(LibAVError) in try decoder.drain() })
                break
            }
            if packet.streamIndex == plan.videoStream {
                try feed(try wrapped { () throws(LibAVError) in try decoder.decode(packet) })
            }
        }
        for packet in try wrapped({ () throws(LibAVError) in try encoder.finish() }) {
            if let held { try write(try repackage(held, endsSequence: false)) }
            held = packet
        }
        if let held { try write(try repackage(held, endsSequence: true)) }
        guard encoded == wanted else {
            throw ExportError.decode(path: plan.path, reason: "smart passthrough decoded \(encoded) of the \(wanted) "
                                     + "pictures in \(times.lowerBound)-\(times.upperBound)")
        }
    }

    /// A fresh encoder whose parameter sets are the ones announced in the output's avcC.
    private func makeEncoder() throws(ExportError) -> Encoder {
        let setup = plan.reencode
        let encoder: Encoder
        do {
            encoder = try Encoder(codec: SmartReencodeSetup.encoderName, video: setup.settings, globalHeader: true)
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
        let sets = H264Bitstream.units(annexB: encoder.extradata).filter {
            [H264Bitstream.sps, H264Bitstream.pps].contains(H264Bitstream.type($0))
        }
        guard sets.map({ Array($0) }) == setup.parameterSets else {
            throw ExportError.encode(path: plan.path, reason: "libx264 changed its parameter sets between segments")
        }
        return encoder
    }

    /// Runs a libav call, its failure named after the source.
    private func wrapped<T>(_ body: () throws(LibAVError) -> T) throws(ExportError) -> T {
        do {
            return try body()
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
    }

    /// Moves the demuxer to packet `position` (a keyframe), empties the decoder and returns that packet, read.
    private func seek(to position: Int) throws(LibAVError) -> Packet {
        let entry = plan.index.entries[position]
        try input.seek(to: entry.pts, stream: plan.videoStream)
        decoder.flush()
        // The demuxer may land on an earlier keyframe; skip to the wanted one without decoding.
        let packet = try Packet()
        while try input.readPacket(into: packet) {
            guard packet.streamIndex == plan.videoStream else { continue }
            if packet.dts == entry.dts { return packet }
            if packet.dts > entry.dts { break }
        }
        throw LibAVError.invalidArgument("seeking '\(plan.path)' missed the keyframe at \(entry.pts)")
    }

    /// An encoder packet with its Annex B payload rewritten as the avcC's length-prefixed NAL units (parameter sets
    /// dropped: they travel in the avcC).
    private func repackage(_ packet: Packet, endsSequence: Bool) throws(ExportError) -> Packet {
        var units = H264Bitstream.units(annexB: packet.payload).filter {
            ![H264Bitstream.sps, H264Bitstream.pps].contains(H264Bitstream.type($0))
        }
        if endsSequence { units.append([H264Bitstream.endOfSequence][...]) }
        let payload = H264Bitstream.lengthPrefixed(units, lengthSize: plan.reencode.configuration.lengthSize)
        return try wrapped { () throws(LibAVError) in
            try Packet(payload: payload, timeBase: packet.timeBaseDuration, pts: packet.pts, dts: packet.dts,
                       duration: packet.duration, keyframe: packet.isKeyframe)
        }
    }
}
