import Composition
import Foundation
import LibAV
import MediaCore
import Render

/// One audio stream of a file being written: linear PCM in, placed by its timestamps (a gap becomes silence, an
/// overlap is dropped), resampled to the encoder's rate and channels, and encoded (or stored as linear PCM) by an
/// export's audio pipe. The
/// sound past where the other tracks have got (up to `holdLimit` bytes of samples, about 87 s of 48 kHz stereo) is
/// held back, so a session's end set after the last buffers can still cut it: a program that transcodes a long song
/// under a short video ends the session where the video ends.
final class WriterSoundTrack {
    private let pipe: AudioEncodePipe
    private let rate: Int
    /// The input as messages name it.
    private let name: String
    private let channels: Int
    /// The source's rate and channels, fixed by the first buffer.
    private var source: (rate: Int, channels: Int)?
    private var resampler: Resampler?
    /// The source sample the next buffer should start at (from the session's start).
    private var nextSample: Int64 = 0
    /// The latest converted samples not yet encoded, chunk by chunk, one array per channel.
    private var held: [[[Float]]] = []
    /// The sample frames in `held`.
    private var heldFrames = 0

    /// The most bytes of samples held back.
    static let holdLimit = 32 << 20

    /// Opens the encoder for `audio`, as an export opens it, and adds its stream to `output`.
    convenience init(_ audio: ExportSettings.Audio, output: OutputFile, name: String) throws(AVError) {
        let export = ExportSettings(name: "AVAssetWriter", container: .mp4, video: nil, audio: audio)
        try self.init(encoder: ExportSettings.encoderName(audio.codec), settings: export.encoderSettings(audio),
                      output: output, name: name)
    }

    /// Opens libav's encoder `encoder` with `settings` and adds its stream to `output`.
    init(encoder name: String, settings: Encoder.AudioSettings, output: OutputFile, name input: String) throws(AVError) {
        self.name = input
        do {
            let encoder = try Encoder(codec: name, audio: settings, globalHeader: output.needsGlobalHeader)
            let stream = try output.addStream(for: encoder)
            pipe = try AudioEncodePipe(encoder: encoder, settings: settings, output: output, stream: stream)
        } catch let error as LibAVError {
            throw AVError(.encoderNotFound, .export(.encoderSetup(error, output: output.path)))
        } catch {
            throw AVError(.encodeFailed, .export(error as? ExportError ?? .setup(reason: "\(error)")))
        }
        rate = settings.sampleRate
        channels = settings.channels
    }

    /// Where the stream's sound ends so far.
    var end: MediaTime {
        MediaTime(value: pipe.samplesWritten + Int64(heldFrames), timescale: Int32(rate))
    }

    /// Takes the samples of `layout` in `bytes` that start at `time` (from the session's start); encodes what is held
    /// up to `horizon`, where the other tracks have got to (nil when there are none).
    func append(_ bytes: UnsafeRawBufferPointer, layout: PCMLayout, at time: MediaTime,
                horizon: MediaTime?) throws(AVError) {
        let (sourceRate, sourceChannels) = (layout.sampleRate ?? rate, layout.channels ?? channels)
        if let source, source != (sourceRate, sourceChannels) {
            throw fault("sound changed from \(source.rate) Hz, \(source.channels) channels to \(sourceRate) Hz, "
                        + "\(sourceChannels) channels; one input takes one format")
        }
        source = (sourceRate, sourceChannels)
        var samples = layout.channels(of: bytes, channels: sourceChannels)
        let count = Int64(samples.first?.count ?? 0)
        let start = time.convertScale(Int32(sourceRate), method: .roundHalfAwayFromZero).value
        let gap = start - nextSample
        if gap > 0 {
            samples = samples.map { [Float](repeating: 0, count: Int(gap)) + $0 }
        } else if gap < 0 {
            samples = samples.map { Array($0.dropFirst(Int(-gap))) }
        }
        nextSample = max(nextSample, start + count)
        try hold(try convert(samples, rate: sourceRate), horizon: horizon)
    }

    /// Encodes what is held and what the resampler keeps, cut at `sessionEnd` when given, and flushes the encoder.
    func finish(sessionEnd: MediaTime?) throws(AVError) {
        if let resampler {
            do {
                try hold(samples(of: try resampler.flush()), horizon: nil)
            } catch {
                throw fault("\(error)")
            }
        }
        if let sessionEnd, sessionEnd.isNumeric {
            let limit = sessionEnd.convertScale(Int32(rate), method: .roundHalfAwayFromZero).value
            guard limit >= pipe.samplesWritten else {
                throw AVError(.unknown, .writer(input: name, problem: WriterFile.pastTheEnd(
                    kind: "sound", until: end, sessionEnd: sessionEnd)))
            }
            var keep = Int(limit - pipe.samplesWritten)
            held = held.map { chunk in
                let kept = chunk.map { Array($0.prefix(keep)) }
                keep -= kept.first?.count ?? 0
                return kept
            }
        }
        for chunk in held { try push(chunk) }
        held = []
        heldFrames = 0
        do {
            try pipe.finish()
        } catch {
            throw AVError(.encodeFailed, .export(error))
        }
    }

    /// Drops what the track holds without encoding it.
    func discard() {
        held = []
        heldFrames = 0
    }

    /// Adds `samples` to those held and encodes the oldest held chunks while they end by `horizon` (so the muxer
    /// gets sound as far as the other tracks have got) or more than `holdLimit` bytes are held.
    private func hold(_ samples: [[Float]], horizon: MediaTime?) throws(AVError) {
        guard let count = samples.first?.count, count > 0 else { return }
        held.append(samples)
        heldFrames += count
        let reach = horizon.map { $0.convertScale(Int32(rate), method: .roundTowardNegativeInfinity).value } ?? .min
        while let oldest = held.first,
              pipe.samplesWritten + Int64(oldest.first?.count ?? 0) <= reach
                || heldFrames * channels * MemoryLayout<Float>.size > Self.holdLimit {
            held.removeFirst()
            heldFrames -= oldest.first?.count ?? 0
            try push(oldest)
        }
    }

    /// `samples` at the encoder's rate and channels, the channels matched as an export matches them (libswresample's
    /// matrix: a mono source goes to left and right at -3 dB).
    private func convert(_ samples: [[Float]], rate sourceRate: Int) throws(AVError) -> [[Float]] {
        if sourceRate == rate, samples.count == channels { return samples }
        do {
            if resampler == nil {
                resampler = try Resampler(
                    source: .init(sampleRate: sourceRate, channels: samples.count, sampleFormat: .fltp),
                    destination: .init(sampleRate: rate, channels: channels, sampleFormat: .fltp))
            }
            let frame = try Frame(sampleCount: samples.first?.count ?? 0, sampleFormat: .fltp, sampleRate: sourceRate,
                                  channels: samples.count)
            try frame.withMutablePlanes { planes in
                for (plane, channel) in zip(planes, samples) {
                    channel.withUnsafeBytes { plane.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                }
            }
            return self.samples(of: try resampler!.convert(frame))
        } catch {
            throw fault("\(error)")
        }
    }

    /// The planes of a planar float frame.
    private func samples(of frame: Frame) -> [[Float]] {
        frame.withPlanes { planes in
            planes.prefix(frame.channels).map { plane in
                Array(UnsafeBufferPointer(start: plane.base.assumingMemoryBound(to: Float.self), count: frame.sampleCount))
            }
        }
    }

    /// Hands `samples` to the encoder's pipe.
    private func push(_ samples: [[Float]]) throws(AVError) {
        guard let count = samples.first?.count, count > 0 else { return }
        do {
            let buffer = try AudioBuffer(channelCount: channels, frameCapacity: count, sampleRate: rate)
            for (index, channel) in samples.enumerated() {
                buffer.withChannel(index) { target in _ = target.initialize(from: channel) }
            }
            buffer.frameCount = count
            try pipe.push(buffer)
        } catch let error as ExportError {
            throw AVError(.encodeFailed, .export(error))
        } catch {
            throw fault("\(error)")
        }
    }

    private func fault(_ problem: String) -> AVError {
        AVError(.encodeFailed, .writer(input: name, problem: problem))
    }
}
