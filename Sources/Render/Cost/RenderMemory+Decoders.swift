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
        // At one time, a reader closing is counted before one opening: the pool releases before it warms up.
        var changes: [(time: MediaTime, bytes: Double)] = []
        for (key, use) in SourcePool.videoUses(in: composition) {
            guard let stream = sources[SourcePool.path(of: key.url)] else { continue }
            let bytes = Double(pictureBytes(stream)) * decodedPictures(stream, threads: threads)
            changes.append((use.first - SourcePool.warmUpLead, bytes))
            changes.append((use.last, -bytes))
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
