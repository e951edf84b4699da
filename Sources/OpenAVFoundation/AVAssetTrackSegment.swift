import Foundation
import MediaCore

/// One edit of a track: a source range mapped onto the track's timeline, or an empty edit.
public class AVAssetTrackSegment: @unchecked Sendable {
    /// Source range -> track range; the source start is invalid for an empty edit.
    public let timeMapping: CMTimeMapping

    init(timeMapping: CMTimeMapping) {
        self.timeMapping = timeMapping
    }

    /// Whether this is an empty edit (a gap).
    public var isEmpty: Bool { timeMapping.native.isEmpty }
}
