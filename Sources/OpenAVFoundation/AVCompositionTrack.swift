import Composition
import Foundation
import MediaCore

/// A track of a composition, reading the composition's current value: segments, timing and picture size.
public class AVCompositionTrack: AVAssetTrack, @unchecked Sendable {
    /// The composition the track belongs to (held strongly, so the track stays usable).
    let composition: AVComposition

    init(composition: AVComposition, trackID: CMPersistentTrackID, mediaType: AVMediaType) {
        self.composition = composition
        super.init(asset: composition, trackID: trackID, mediaType: mediaType)
    }

    /// The track in the composition's current value; nil once it has been removed.
    var native: CompositionTrack? { composition.state.withLock { $0.track(withID: trackID) } }

    override func nativeSegments() -> [TrackSegment] { native?.segments ?? [] }

    override func loadedFormatDescriptions() -> [CMFormatDescription] { [] }

    /// `[0, end)` of the track.
    override public var timeRange: CMTimeRange { native.map { CMTimeRange($0.timeRange) } ?? .zero }

    /// Video: the size of the pictures, from the first inserted source unless set.
    override public var naturalSize: CGSize {
        guard let size = native?.naturalSize else { return .zero }
        return CGSize(width: size.width, height: size.height)
    }

    /// The transform recorded for display; informative only (pictures are upright), identity unless set.
    override public var preferredTransform: CGAffineTransform {
        native.map { CGAffineTransform($0.preferredTransform) } ?? .identity
    }

    /// Video: frames per second of the first inserted source that states it; 0 when unknown.
    override public var nominalFrameRate: Float {
        guard let rate = native?.nominalFrameRate, rate.isValid else { return 0 }
        return Float(rate.framesPerSecond)
    }

    /// Video: one frame at the nominal rate; invalid when unknown.
    override public var minFrameDuration: CMTime {
        native?.nominalFrameRate.flatMap { $0.isValid ? CMTime($0.frameDuration) : nil } ?? .invalid
    }

    /// The timescale of the first non-empty edit's source unless set, else 600.
    override public var naturalTimeScale: CMTimeScale { native?.naturalTimeScale ?? 600 }

    /// The segment containing `trackTime`, or the closest one.
    override public func segment(forTrackTime trackTime: CMTime) -> AVCompositionTrackSegment? {
        native?.segment(forTrackTime: trackTime.native).map(AVCompositionTrackSegment.init(native:))
    }

    override func segmentNear(_ trackTime: CMTime) throws -> AVAssetTrackSegment? { segment(forTrackTime: trackTime) }
}
