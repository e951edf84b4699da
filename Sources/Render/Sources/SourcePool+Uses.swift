import Composition
import MediaCore

/// When each video reader of a composition is needed: computed once here, and read by the pool's releases and
/// warm-ups and by the memory estimate, so the decoders the estimate counts are the ones the render keeps open.
struct VideoSourceUse: Sendable {
    /// The composition time of the first segment showing the source.
    var first: MediaTime
    /// The source time that first segment starts at.
    var firstSourceTime: MediaTime
    /// The composition time at which the last segment showing the source ends.
    var last: MediaTime
    /// The source as a file path, or nil for a generated source.
    var path: String?
}

extension SourcePool {
    /// Every video reader the composition's non-empty segments use (a reader per track and source), with when it is
    /// first and last needed. Of segments that start at the same time, the first in track order decides.
    static func videoUses(in composition: MutableComposition) -> [Key: VideoSourceUse] {
        var uses: [Key: VideoSourceUse] = [:]
        for track in composition.tracks(withMediaType: .video) {
            for segment in track.segments where !segment.isEmpty {
                guard let url = segment.sourceURL else { continue }
                let key = Key(owner: track.trackID, url: url, trackID: segment.sourceTrackID)
                let range = segment.targetRange
                guard var use = uses[key] else {
                    uses[key] = VideoSourceUse(first: range.start, firstSourceTime: segment.sourceRange.start,
                                               last: range.end,
                                               path: url.scheme == GeneratedSource.scheme ? nil : path(of: url))
                    continue
                }
                if range.start < use.first { (use.first, use.firstSourceTime) = (range.start, segment.sourceRange.start) }
                use.last = MediaTime.maximum(use.last, range.end)
                uses[key] = use
            }
        }
        return uses
    }
}
