import Composition
import Foundation
import MediaCore

/// One edit of a composition track: a time range of a file's track, or an empty edit (a gap).
public class AVCompositionTrackSegment: AVAssetTrackSegment, @unchecked Sendable {
    /// The segment in the composition model.
    let native: TrackSegment

    init(native: TrackSegment) {
        self.native = native
        super.init(timeMapping: CMTimeMapping(native.timeMapping))
    }

    /// A segment playing `sourceTimeRange` of track `trackID` of the file at `url` over `targetTimeRange`.
    public convenience init(url: URL, trackID: CMPersistentTrackID, sourceTimeRange: CMTimeRange,
                            targetTimeRange: CMTimeRange) {
        self.init(native: TrackSegment(sourceURL: url, sourceTrackID: trackID,
                                       timeMapping: TimeMapping(source: sourceTimeRange.native, target: targetTimeRange.native)))
    }

    /// An empty segment (a gap) over `timeRange`.
    public convenience init(timeRange: CMTimeRange) {
        self.init(native: TrackSegment(emptyTimeRange: timeRange.native))
    }

    /// The file played; nil for an empty segment.
    public var sourceURL: URL? { native.sourceURL }

    /// The track of the file played; `kCMPersistentTrackID_Invalid` for an empty segment.
    public var sourceTrackID: CMPersistentTrackID { native.sourceTrackID }
}
