import Foundation
import MediaCore

/// CoreMedia's mapping of a source range onto a target range (one edit of a track); an invalid source start marks
/// an empty edit. Its rules are MediaCore's `TimeMapping`.
public struct CMTimeMapping: Sendable, Hashable {
    /// The range of the source played.
    public var source: CMTimeRange
    /// Where it plays on the track.
    public var target: CMTimeRange

    /// A mapping of `source` onto `target`.
    public init(source: CMTimeRange, target: CMTimeRange) {
        self.source = source
        self.target = target
    }

    /// An invalid mapping (both ranges invalid).
    public init() { self.init(source: .invalid, target: .invalid) }

    /// An invalid mapping (both ranges invalid).
    public static let invalid = CMTimeMapping()

    /// The mapping of MediaCore underneath.
    init(_ native: TimeMapping) {
        self.init(source: CMTimeRange(native.source), target: CMTimeRange(native.target))
    }

    /// The same mapping as MediaCore's value, for the layers below.
    var native: TimeMapping { TimeMapping(source: source.native, target: target.native) }
}
