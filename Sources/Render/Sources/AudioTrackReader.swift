import Composition
import MediaCore

/// One composition audio track as consecutive chunks of samples: segment boundaries mapped to exact sample indices
/// (`ceil(time * rate)`), empty segments as silence, each segment read through its own `SegmentAudioStream`.
final class AudioTrackReader {
    let trackID: Int32
    private let segments: [(range: Range<Int64>, segment: TrackSegment)]
    private let outputRate: Int
    private let pool: SourcePool
    /// The chunk buffer handed to the mixer.
    let buffer: AudioBuffer
    private var stream: SegmentAudioStream?
    private var streamIndex = -1
    /// How segments at a rate other than 1 sound (the track's audio mix parameters).
    private let algorithm: TimePitchAlgorithm?

    init(track: CompositionTrack, outputRate: Int, channels: Int, capacity: Int, algorithm: TimePitchAlgorithm? = nil,
         pool: SourcePool) throws(ExportError) {
        trackID = track.trackID
        self.algorithm = algorithm
        self.outputRate = outputRate
        self.pool = pool
        var segments: [(Range<Int64>, TrackSegment)] = []
        do {
            for segment in track.segments {
                let range = try FrameClock.sampleRange(start: segment.targetRange.start, duration: segment.targetRange.duration,
                                                       sampleRate: Int32(outputRate))
                segments.append((range, segment))
            }
            buffer = try AudioBuffer(channelCount: channels, frameCapacity: capacity, sampleRate: outputRate)
        } catch {
            throw ExportError.setup(reason: "audio track \(track.trackID): \(error)")
        }
        self.segments = segments
    }

    /// Fills `buffer` with samples `sample ..< sample + count` (count at most the capacity).
    func read(from sample: Int64, count: Int) throws(ExportError) -> AudioBuffer {
        buffer.clear(frameCount: count)
        let end = sample + Int64(count)
        // Segments are in order: start at the first that ends after `sample` (found by bisection, so a track of
        // many segments costs log N a chunk, not N) and stop at the first that starts at or after `end`.
        var low = 0, high = segments.count
        while low < high {
            let middle = low + (high - low) / 2
            if segments[middle].range.upperBound > sample { high = middle } else { low = middle + 1 }
        }
        for index in low..<segments.count {
            let entry = segments[index]
            if entry.range.lowerBound >= end { break }
            guard !entry.segment.isEmpty, entry.range.upperBound > sample else { continue }
            let lower = max(sample, entry.range.lowerBound), upper = min(end, entry.range.upperBound)
            if stream == nil || streamIndex != index || stream?.position != lower {
                stream = try SegmentAudioStream(segment: entry.segment, of: trackID, from: lower, outputRate: outputRate,
                                                channels: buffer.channelCount, algorithm: algorithm, pool: pool)
                streamIndex = index
            }
            try stream?.read(into: buffer, at: Int(lower - sample), count: Int(upper - lower))
        }
        return buffer
    }
}
