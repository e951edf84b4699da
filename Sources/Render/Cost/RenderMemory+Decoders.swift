import Composition
import MediaCore

extension RenderMemory {
    /// What the size-only estimate's fixed part holds of decoders besides the largest source's: the fitted jobs
    /// showed an intro, a clip and an outro of 720p H.264, two of whose decoders are open at once (see
    /// `decoderBytes(of:sources:threads:)`). An estimate that counts every decoder leaves it out of the fixed part.
    static let fittedOtherDecoders = decodedFrames * Double(1280 * 720) * 1.5

    /// The bytes `composition`'s video decoders hold at once at the worst moment. A render opens a reader per track
    /// and source `SourcePool.warmUpLead` before the first segment showing it and closes it once the timeline has
    /// passed its last (see `SourcePool.planWarmUps`, `SourcePool.planReleases`), so a transition, and the lead of
    /// the next source, hold two or three; each holds `decodedPictures(_:threads:)` of its pictures. Sources missing
    /// from `sources` (generated pictures, unprobed files) count nothing.
    static func decoderBytes(of composition: MutableComposition, sources: [String: ProbedStream], threads: Int) -> Double {
        var spans: [SourcePool.Key: (open: MediaTime, close: MediaTime, bytes: Double)] = [:]
        for track in composition.tracks(withMediaType: .video) {
            for segment in track.segments where !segment.isEmpty {
                guard let url = segment.sourceURL, let stream = sources[SourcePool.path(of: url)] else { continue }
                let key = SourcePool.Key(owner: track.trackID, url: url, trackID: segment.sourceTrackID)
                let open = segment.targetRange.start - SourcePool.warmUpLead, close = segment.targetRange.end
                let bytes = Double(pictureBytes(stream)) * decodedPictures(stream, threads: threads)
                let known = spans[key] ?? (open, close, bytes)
                spans[key] = (MediaTime.minimum(known.open, open), MediaTime.maximum(known.close, close), bytes)
            }
        }
        // At one time, a reader closing is counted before one opening: the pool releases before it warms up.
        var changes: [(time: MediaTime, bytes: Double)] = []
        for span in spans.values {
            changes.append((span.open, span.bytes))
            changes.append((span.close, -span.bytes))
        }
        changes.sort { $0.time < $1.time || ($0.time == $1.time && $0.bytes < $1.bytes) }
        var held = 0.0, peak = 0.0
        for change in changes {
            held += change.bytes
            peak = max(peak, held)
        }
        return peak
    }
}
