import LibAV
import MediaCore

/// Writes one output's video when encoded segments and copied source packets share the stream: encoder packets
/// rewritten from Annex B to the avcC's length-prefixed form (parameter sets dropped: they travel in the avcC),
/// copied packets as they are, and every decode time re-timed across the joins by `SmartVideoWriter`. An encoded
/// stretch followed by a copy ends its sequence (an end-of-sequence NAL unit after its last picture), as the
/// copied IDR picture, under other parameter sets, requires; so the last encoder packet is held until the next.
struct SplicedVideoWriter {
    /// Decode times and the output stream.
    private var timing: SmartVideoWriter
    /// The avcC's NAL length size.
    let lengthSize: Int
    /// The last encoder packet (already length-prefixed), written once it is known whether a copy follows it.
    private var held: (packet: Packet, pts: MediaTime)?
    /// Pictures copied so far.
    private(set) var copied: Int64 = 0

    /// A writer for `frameCount` pictures at `clock`'s times into `stream`, packets at most `depth` places early.
    init(clock: FrameClock, frameCount: Int64, depth: Int, lengthSize: Int, stream: Int) {
        timing = SmartVideoWriter(displayTimes: (0..<frameCount).map { clock.time(ofFrame: $0) }, depth: depth,
                                  frameDuration: clock.frameDuration, stream: stream)
        self.lengthSize = lengthSize
    }

    /// Writes encoder packets (segment time, Annex B) moved to `start`, in decode order.
    mutating func writeEncoded(_ packets: [Packet], shiftedBy start: MediaTime, to output: OutputFile) throws(ExportError) {
        for packet in packets {
            try release(to: output, endsSequence: false)
            held = (try repackaged(packet, endsSequence: false, output: output), packet.pts + start)
        }
    }

    /// Copies `stretch`'s packets from `input` (the stretch's source, opened), after ending the encoded sequence.
    mutating func copy(_ stretch: CopiedStretch, from input: InputFile, to output: OutputFile,
                       cancelled: () -> Bool) throws(ExportError) {
        try release(to: output, endsSequence: true)
        try SourcePacketCopier.copy(stretch.packets, shown: stretch.times, of: stretch.source.index,
                                    stream: stretch.source.stream, from: input, output: output.path,
                                    cancelled: cancelled) { (packet) throws(ExportError) in
            try timing.write(packet, pts: packet.pts + stretch.offset, to: output)
        }
        copied += Int64(stretch.frames.count)
    }

    /// Writes the packet held back.
    mutating func finish(to output: OutputFile) throws(ExportError) {
        try release(to: output, endsSequence: false)
    }

    /// Writes the held packet, with an end of sequence when `endsSequence`.
    private mutating func release(to output: OutputFile, endsSequence: Bool) throws(ExportError) {
        guard let (packet, pts) = held else { return }
        held = nil
        let written = endsSequence
            ? try repackaged(packet, endsSequence: true, lengthPrefixed: true, output: output) : packet
        try timing.write(written, pts: pts, to: output)
    }

    /// `packet` with its payload length-prefixed (from Annex B unless `lengthPrefixed`), parameter sets dropped and,
    /// when `endsSequence`, an end-of-sequence NAL unit appended.
    private func repackaged(_ packet: Packet, endsSequence: Bool, lengthPrefixed: Bool = false,
                            output: OutputFile) throws(ExportError) -> Packet {
        let bytes = packet.payload
        var units = (lengthPrefixed ? H264Bitstream.units(lengthPrefixed: bytes, lengthSize: lengthSize) ?? []
                        : H264Bitstream.units(annexB: bytes)).filter {
            ![H264Bitstream.sps, H264Bitstream.pps].contains(H264Bitstream.type($0))
        }
        if endsSequence { units.append([H264Bitstream.endOfSequence][...]) }
        do {
            return try Packet(payload: H264Bitstream.lengthPrefixed(units, lengthSize: lengthSize),
                              timeBase: packet.timeBaseDuration, pts: packet.pts, dts: packet.dts,
                              duration: packet.duration, keyframe: packet.isKeyframe)
        } catch {
            throw ExportError.wrap(error, path: nil, output: output.path)
        }
    }
}
