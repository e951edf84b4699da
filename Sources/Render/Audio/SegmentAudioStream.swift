import Composition
import LibAV
import MediaCore

/// The audio of one non-empty segment from a composition sample on, as float planar at the output rate and channel
/// count. A segment with rate r != 1 plays r times faster (or slower). With `.timeDomain` (the default) its source is
/// resampled to the output rate and then time-stretched by r (`TimeStretcher`), so the pitch stays; with
/// `.varispeed` it is resampled as if its sample rate were r times the real one, so the pitch moves with the tempo.
/// Either way composition sample `s` plays source time `sourceStart + (s - first) * r / outputRate` (the stretcher
/// within its search tolerance), and the stream delivers exactly the samples asked for (silence past the source's end).
///
/// Source audio is placed by its timestamps, never by counting samples: each decoded frame goes where its pts says
/// (the resampler's `followTimestamps`), so a hole in the source (missing or concealed damaged packets) becomes
/// silence of exactly its length, overlapping audio is trimmed, and slow clock drift is corrected gradually; the
/// lead-in before `sourceStart` (encoder priming, a seek that lands early) is dropped the same way.
final class SegmentAudioStream {
    /// The next composition sample this stream delivers.
    private(set) var position: Int64
    private let outputRate: Int
    private let channels: Int
    private let rate: Double
    /// The source time of the first delivered sample.
    private let sourceStart: MediaTime
    private let decoder: AudioDecoderSource?
    private let tone: ToneGenerator?
    /// Composition sample at which this stream started (generated audio counts from here).
    private let firstSample: Int64
    private var resampler: Resampler?
    /// The pitch-keeping tempo change after the resampler; nil at rate 1 and for varispeed.
    private let stretcher: TimeStretcher?
    private var fifo: [[Float]]
    private var fifoHead = 0
    /// Samples the resampler has produced so far (before the stretcher), the origin of a replacement resampler.
    private var resampledSamples: Int64 = 0
    private var ended = false

    /// A stream of `segment` of composition track `trackID` starting at composition sample `sample` (which the segment must contain).
    /// `algorithm` chooses how a rate other than 1 sounds (`.spectral` renders as `.timeDomain`).
    init(segment: TrackSegment, of trackID: Int32, from sample: Int64, outputRate: Int, channels: Int,
         algorithm: TimePitchAlgorithm? = nil, pool: SourcePool) throws(ExportError) {
        position = sample
        firstSample = sample
        self.outputRate = outputRate
        self.channels = channels
        let rate = segment.rate > 0 && segment.rate.isFinite ? segment.rate : 1
        self.rate = rate
        stretcher = rate != 1 && TimePitchAlgorithm.effective(algorithm) == .timeDomain
            ? TimeStretcher(channels: channels, sampleRate: outputRate, rate: rate) : nil
        let time = MediaTime(value: sample, timescale: Int32(outputRate))
        let clamped = MediaTime.maximum(time, segment.targetRange.start)
        sourceStart = segment.sourceTime(forTrackTime: clamped)
        fifo = Array(repeating: [], count: channels)
        guard let url = segment.sourceURL else {
            decoder = nil
            tone = nil
            ended = true
            return
        }
        if url.scheme == GeneratedSource.scheme {
            decoder = nil
            tone = GeneratedSource(url: url)?.audioGenerator
            ended = true
        } else {
            tone = nil
            let source = try pool.audioDecoder(url: url, trackID: segment.sourceTrackID, owner: trackID)
            decoder = source
            try source?.seek(to: sourceStart)
        }
    }

    /// Adds `count` samples to `buffer` from frame `offset` (the buffer holds silence there already).
    func read(into buffer: AudioBuffer, at offset: Int, count: Int) throws(ExportError) {
        defer { position += Int64(count) }
        if let tone {
            let base = Double(sourceStart.convertScale(Int32(outputRate), method: .roundHalfAwayFromZero).value)
            let start = position - firstSample
            // A steady tone stretched keeping its pitch is the same tone read at the composition's own pace.
            let stretched = stretcher != nil
            let origin = stretched ? Int64((base / rate).rounded()) : 0
            buffer.withChannel(0) { first in
                for i in 0..<count {
                    let index = stretched ? origin + start + Int64(i)
                        : Int64((base + Double(start + Int64(i)) * rate).rounded())
                    first[offset + i] = tone.sample(at: index, sampleRate: outputRate)
                }
                for channel in 1..<buffer.channelCount {
                    buffer.withChannel(channel) { ($0.baseAddress! + offset).update(from: first.baseAddress! + offset, count: count) }
                }
            }
            return
        }
        while fifo[0].count - fifoHead < count, !ended {
            try decodeMore()
        }
        let available = min(count, fifo[0].count - fifoHead)
        if available > 0 {
            for channel in 0..<min(channels, buffer.channelCount) {
                fifo[channel].withUnsafeBufferPointer { samples in
                    buffer.withChannel(channel) { target in
                        (target.baseAddress! + offset).update(from: samples.baseAddress! + fifoHead, count: available)
                    }
                }
            }
            fifoHead += available
        }
        if fifoHead > 1 << 15 {
            for channel in 0..<channels { fifo[channel].removeFirst(fifoHead) }
            fifoHead = 0
        }
    }

    /// Decodes one source frame (or flushes at the end) into the FIFO.
    private func decodeMore() throws(ExportError) {
        guard let decoder else { ended = true; return }
        guard let frame = try decoder.nextFrame() else {
            if let resampler {
                do {
                    append(try resampler.flush())
                } catch {
                    throw ExportError.wrap(error, path: decoder.path)
                }
            }
            stretcher?.finish { channel, samples in fifo[channel].append(contentsOf: samples) }
            ended = true
            return
        }
        // A stretched segment is resampled at its real rate: the stretcher changes the tempo afterwards.
        let resampledRate = stretcher == nil ? rate : 1
        let declaredRate = max(1, Int((Double(frame.sampleRate) * resampledRate).rounded()))
        // Where the frame belongs on the resampler's timeline: its source time after `sourceStart`, played at the
        // resampled rate.
        let placement: MediaTime? = frame.pts.isNumeric
            ? MediaTime(seconds: (frame.pts - sourceStart).seconds / resampledRate, preferredTimescale: Int32(outputRate * 16))
            : nil
        do {
            var format = Resampler.AudioFormat.of(frame)
            format.sampleRate = declaredRate
            if resampler?.source != format {
                if let previous = resampler { append(try previous.flush()) }
                resampler = try Resampler(
                    source: format,
                    destination: Resampler.AudioFormat(sampleRate: outputRate, channels: channels, sampleFormat: .fltp),
                    timing: .followTimestamps(origin: MediaTime(value: resampledSamples, timescale: Int32(outputRate))))
            }
            if declaredRate != frame.sampleRate { frame.relabelSampleRate(declaredRate) }
            append(try resampler!.convert(frame, at: placement))
        } catch {
            throw ExportError.wrap(error, path: decoder.path)
        }
    }

    /// Appends a converted frame's samples (time-stretched first, if stretching).
    private func append(_ frame: Frame) {
        let count = frame.sampleCount
        resampledSamples += Int64(count)
        guard count > 0 else { return }
        if let stretcher {
            frame.withPlanes { planes in
                guard !planes.isEmpty else { return }
                stretcher.process(frameCount: count, channel: { channel in
                    UnsafePointer(planes[min(channel, planes.count - 1)].base.assumingMemoryBound(to: Float.self))
                }, output: { fifo[$0].append(contentsOf: $1) })
            }
            return
        }
        frame.withPlanes { planes in
            for channel in 0..<min(channels, planes.count) {
                let samples = planes[channel].base.assumingMemoryBound(to: Float.self)
                fifo[channel].append(contentsOf: UnsafeBufferPointer(start: samples, count: count))
            }
        }
    }
}
