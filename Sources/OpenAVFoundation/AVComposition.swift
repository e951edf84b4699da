import Composition
import Foundation
import MediaCore
import Synchronization

/// An asset made of tracks of segments of other assets' tracks: a reference to one value of the composition model,
/// shared by the composition and every track object it hands out, so editing a track edits the composition.
public class AVComposition: AVAsset, @unchecked Sendable {
    /// The composition model's value; every edit goes through this lock.
    let state: Mutex<MutableComposition>

    init(native: MutableComposition) {
        state = Mutex(native)
        super.init(file: nil)
    }

    /// A copy of the composition's current value.
    var snapshot: MutableComposition { state.withLock { $0 } }

    /// The track object for a track of the model; mutable compositions hand out mutable tracks.
    func makeTrack(_ track: CompositionTrack) -> AVCompositionTrack {
        AVCompositionTrack(composition: self, trackID: track.trackID, mediaType: AVMediaType(track.mediaType))
    }

    override func loadedTracks() throws -> [AVAssetTrack] { snapshot.tracks.map(makeTrack) }

    override func loadedDuration() throws -> CMTime { CMTime(snapshot.duration) }

    override func nativeComposition() throws -> MutableComposition { snapshot }

    /// The track with `trackID`, if any.
    override public func track(withTrackID trackID: CMPersistentTrackID) -> AVCompositionTrack? {
        snapshot.track(withID: trackID).map(makeTrack)
    }

    /// The track with `trackID`, if any.
    override public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVCompositionTrack? {
        track(withTrackID: trackID)
    }

    /// The size of the picture: as set on a mutable composition, else the first video track's.
    override public var naturalSize: CGSize {
        let size = snapshot.naturalSize
        return CGSize(width: size.width, height: size.height)
    }

    /// Options for the URL assets a composition creates; none are used.
    public var urlAssetInitializationOptions: [String: Any] { [:] }

    /// An immutable `AVComposition` with the current value.
    public func copy() -> Any { AVComposition(native: snapshot) }

    /// An `AVMutableComposition` with the current value, edited independently.
    public func mutableCopy() -> Any { AVMutableComposition(native: snapshot) }
}
