import Composition
import Foundation
import MediaCore

/// A composition you edit: add and remove tracks, insert assets' time ranges, insert gaps, remove and scale ranges.
/// Track objects it returns edit it.
public class AVMutableComposition: AVComposition, @unchecked Sendable {
    /// An empty composition.
    public init() {
        super.init(native: MutableComposition())
    }

    /// An empty composition; `urlAssetInitializationOptions` are accepted for compatibility and change nothing.
    public init(urlAssetInitializationOptions: [String: Any]?) {
        super.init(native: MutableComposition())
    }

    override init(native: MutableComposition) {
        super.init(native: native)
    }

    override func makeTrack(_ track: CompositionTrack) -> AVCompositionTrack {
        AVMutableCompositionTrack(composition: self, trackID: track.trackID, mediaType: AVMediaType(track.mediaType))
    }

    /// The track with `trackID`, if any.
    override public func track(withTrackID trackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
        super.track(withTrackID: trackID) as? AVMutableCompositionTrack
    }

    /// The track with `trackID`, if any.
    override public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVMutableCompositionTrack? {
        track(withTrackID: trackID)
    }

    /// The size of the picture; zero (the default) means the first video track's size.
    override public var naturalSize: CGSize {
        get { super.naturalSize }
        set { state.withLock { $0.naturalSize = Size(width: Double(newValue.width), height: Double(newValue.height)) } }
    }

    /// Adds an empty track: `preferredTrackID` if free, a fresh ID for `kCMPersistentTrackID_Invalid`; nil if the ID
    /// is taken or negative, or the media type has no tracks here.
    public func addMutableTrack(withMediaType mediaType: AVMediaType,
                                preferredTrackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
        guard let type = mediaType.native,
              let id = state.withLock({ $0.addMutableTrack(withMediaType: type, preferredTrackID: preferredTrackID) })
        else { return nil }
        return AVMutableCompositionTrack(composition: self, trackID: id, mediaType: mediaType)
    }

    /// Removes `track` from the composition (nothing happens for a track of another composition).
    public func removeTrack(_ track: AVCompositionTrack) {
        guard track.composition === self else { return }
        state.withLock { $0.removeTrack(withID: track.trackID) }
    }

    /// A track of this composition into which `track` could be inserted: the first of the same media type.
    public func mutableTrack(compatibleWith track: AVAssetTrack) -> AVMutableCompositionTrack? {
        (try? loadedTracks())?.first { $0.mediaType == track.mediaType } as? AVMutableCompositionTrack
    }

    /// Inserts `timeRange` of every sound and picture track of `asset` (a file or a composition) at `startTime`
    /// (invalid appends): each goes into the first track of its type not already used by this insert, or a new one;
    /// other tracks get a gap, so everything at `startTime` moves later by the range's duration.
    public func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime) throws {
        if let nested = asset as? AVComposition {
            let part = nested.snapshot
            try edit { try $0.insertTimeRange(timeRange.native, of: part, at: startTime.native) }
            return
        }
        let sources = try asset.loadedTracks().compactMap(\.source).filter { $0.mediaType == .video || $0.mediaType == .audio }
        try edit { try $0.insertTimeRange(timeRange.native, of: sources, at: startTime.native) }
    }

    /// Runs `change` on the composition's value, with its errors as `AVError`s.
    private func edit(_ change: (inout MutableComposition) throws -> Void) throws(AVError) {
        try state.withLock { composition throws(AVError) in
            do {
                try change(&composition)
            } catch let error as CompositionError {
                throw AVError(error)
            } catch {
                throw AVError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            }
        }
    }

    /// Inserts a gap of the range's duration at its start in every track; an invalid range changes nothing.
    public func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        state.withLock { try? $0.insertEmptyTimeRange(timeRange.native) }
    }

    /// Removes the range from every track, pulling later media in; an invalid range changes nothing.
    public func removeTimeRange(_ timeRange: CMTimeRange) {
        state.withLock { try? $0.removeTimeRange(timeRange.native) }
    }

    /// Plays the range of every track in `duration`; an invalid range or duration changes nothing.
    public func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        state.withLock { try? $0.scaleTimeRange(timeRange.native, toDuration: duration.native) }
    }
}
