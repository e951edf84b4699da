import LibAV
import MediaCore

/// Mixed audio to muxed packets: frames the chunks to the encoder's frame size, converts them to the encoder's
/// sample format, encodes with exact sample pts and writes the packets to the output.
public final class AudioEncodePipe {
    private let encoder: Encoder
    private let output: OutputFile
    private let framer: AudioFramer
    private let frame: AudioBuffer
    private let sampleFormat: SampleFormat
    private let sampleRate: Int
    /// The bits an integer sample keeps (24 for a 24-bit codec fed 32-bit samples).
    private let integerBits: Int
    /// Where the packets go (held while a shared video segment is encoded).
    let writer: AudioPacketWriter
    /// The composition sample the mixer has reached with the chunk being pushed (`Int64.max` while finishing).
    var mark: Int64 = 0
    /// When set, a copy of every packet encoded, with `mark` at the time (for `AudioReplay`).
    var recording: SegmentCache.Payload?

    /// A pipe feeding `encoder` (opened with `settings`) and writing its packets to `stream` of `output`.
    public init(encoder: Encoder, settings: Encoder.AudioSettings, output: OutputFile, stream: Int) throws(ExportError) {
        self.encoder = encoder
        self.output = output
        writer = AudioPacketWriter(output: output, stream: stream)
        sampleFormat = settings.sampleFormat
        sampleRate = settings.sampleRate
        integerBits = (1...32).contains(encoder.codedBitsPerSample) ? encoder.codedBitsPerSample : 32
        let size = encoder.frameSize ?? 1024
        do {
            framer = try AudioFramer(channelCount: settings.channels, samplesPerFrame: size, sampleRate: settings.sampleRate)
            frame = try AudioBuffer(channelCount: settings.channels, frameCapacity: size, sampleRate: settings.sampleRate)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// Samples encoded so far.
    public var samplesWritten: Int64 { framer.samplesOut }

    /// Queues a mixed chunk and encodes every full frame.
    public func push(_ chunk: AudioBuffer) throws(ExportError) {
        do {
            try framer.push(chunk)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        try drain()
    }

    /// Encodes the last partial frame and flushes the encoder.
    public func finish() throws(ExportError) {
        framer.finish()
        try drain()
        let packets: [Packet]
        do {
            packets = try encoder.finish()
        } catch {
            throw ExportError.wrap(error, path: nil, output: output.path)
        }
        try write(packets)
    }

    private func drain() throws(ExportError) {
        while true {
            let position = framer.samplesOut
            let popped: Bool
            do {
                popped = try framer.pop(into: frame)
            } catch {
                throw ExportError.encode(path: nil, reason: "\(error)")
            }
            guard popped else { return }
            let packets: [Packet]
            do {
                let encoded = try Frame(sampleCount: frame.frameCount, sampleFormat: sampleFormat, sampleRate: sampleRate,
                                        channels: frame.channelCount)
                try fill(encoded)
                encoded.pts = MediaTime(value: position, timescale: Int32(sampleRate))
                packets = try encoder.encode(encoded)
            } catch let error as LibAVError {
                throw ExportError.wrap(error, path: nil, output: output.path)
            } catch {
                throw ExportError.encode(path: nil, reason: "\(error)")
            }
            try write(packets)
        }
    }

    /// Copies the framed samples into `encoded`: plane by plane for planar formats, interleaved otherwise.
    private func fill(_ encoded: Frame) throws {
        let count = frame.frameCount, channels = frame.channelCount
        try encoded.withMutablePlanes { planes in
            for channel in 0..<channels {
                let planar = sampleFormat.isPlanar
                guard !planar || channel < planes.count else { break }
                try frame.withChannel(channel) { samples throws in
                    try store(UnsafeBufferPointer(rebasing: samples[0..<count]), into: planes[planar ? channel : 0].base,
                              first: planar ? 0 : channel, stride: planar ? 1 : channels)
                }
            }
        }
    }

    /// Writes `samples` into every `stride`-th sample of `target` from sample `first`, in the encoder's sample
    /// type: floats as they are, integers by `PCMInteger`'s rule (a 24-bit codec takes its bits at the top of 32).
    private func store(_ samples: UnsafeBufferPointer<Float>, into target: UnsafeMutableRawPointer, first: Int,
                       stride: Int) throws {
        switch sampleFormat.packed {
        case .flt:
            let out = target.assumingMemoryBound(to: Float.self)
            for (i, sample) in samples.enumerated() { out[first + i * stride] = sample }
        case .dbl:
            let out = target.assumingMemoryBound(to: Double.self)
            for (i, sample) in samples.enumerated() { out[first + i * stride] = Double(sample) }
        case .s16:
            let out = target.assumingMemoryBound(to: Int16.self)
            for (i, sample) in samples.enumerated() { out[first + i * stride] = Int16(PCMInteger.quantize(sample, bits: 16)) }
        case .s32:
            let out = target.assumingMemoryBound(to: Int32.self)
            for (i, sample) in samples.enumerated() {
                out[first + i * stride] = PCMInteger.quantize(sample, bits: integerBits) << (32 - integerBits)
            }
        default:
            throw ExportError.encode(path: nil, reason: "the encoder's sample format \(sampleFormat) is not filled here")
        }
    }

    /// Hands `packets` to the writer, recording copies first when asked.
    private func write(_ packets: [Packet]) throws(ExportError) {
        if recording != nil {
            do {
                for packet in packets {
                    recording!.packets.append(try packet.copy())
                    recording!.marks.append(mark)
                }
            } catch {
                throw ExportError.wrap(error, path: nil, output: output.path)
            }
        }
        try writer.write(packets)
    }
}
