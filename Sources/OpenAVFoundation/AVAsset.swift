import Composition
import Foundation
import MediaCore
import Synchronization

/// A timed media resource: a file (`AVURLAsset`, or `AVAsset(url:)`) or a composition (`AVComposition`). Properties
/// load on first use; the synchronous ones return empty values when loading fails, the `load` functions throw.
///
/// Pictures are decoded upright with square pixels, so an asset looks as a player shows it: a video track's
/// `naturalSize` is its display size and its `preferredTransform` is the identity (see docs/openavfoundation.md).
public class AVAsset: @unchecked Sendable {
    /// The probed file of a URL asset; nil for compositions.
    let file: AssetFile?
    /// A file asset's tracks once made, so each track is one object.
    private let fileTracks = Mutex<[AVAssetTrack]?>(nil)

    init(file: AssetFile?) {
        self.file = file
    }

    /// An asset for the media file at `url` (a local file); nothing is read until a property is.
    public convenience init(url: URL) {
        self.init(file: AssetFile(url: url))
    }

    // MARK: Loading (overridden by compositions)

    /// The asset's tracks, in track ID order.
    func loadedTracks() throws -> [AVAssetTrack] {
        guard let file else { return [] }
        return try fileTracks.withLock { made in
            if let made { return made }
            let tracks = try file.contents().tracks.map { AVAssetTrack(asset: self, source: $0.source, stream: $0.stream) }
            made = tracks
            return tracks
        }
    }

    /// The end of the longest track, or the container's duration when no track says.
    func loadedDuration() throws -> CMTime {
        guard let file else { return .zero }
        let contents = try file.contents()
        let ends = contents.tracks.map(\.source.timeRange.end).filter(\.isNumeric)
        return CMTime(ends.max() ?? contents.media.duration)
    }

    /// The asset as a composition of the composition model, with the asset's track IDs, for exporting and pictures.
    func nativeComposition() throws -> MutableComposition {
        var composition = MutableComposition()
        for track in try loadedTracks() where track.mediaType == .video || track.mediaType == .audio {
            guard let source = track.source, source.timeRange.duration.isNumeric,
                  let id = composition.addMutableTrack(withMediaType: source.mediaType, preferredTrackID: track.trackID)
            else { continue }
            do {
                try composition.modifyTrack(id) { try $0.insertTimeRange(source.timeRange, of: source, at: .zero) }
            } catch let error as CompositionError {
                throw AVError(error)
            }
        }
        return composition
    }

    // MARK: Properties

    /// How long the asset plays; zero when it cannot be loaded.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.duration) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.duration) instead")
    public var duration: CMTime { (try? loadedDuration()) ?? .zero }

    /// The track with `trackID`, if any.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use loadTrack(withTrackID:) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use loadTrack(withTrackID:) instead")
    public func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
        (try? loadedTracks())?.first { $0.trackID == trackID }
    }

    /// The track with `trackID`, if any; throws when the asset cannot be loaded.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try loadedTracks().first { $0.trackID == trackID }
    }

    /// A track ID no track of the asset has: one above the highest, 1 for an asset without tracks (or one that
    /// cannot be loaded).
    public func unusedTrackID() -> CMPersistentTrackID {
        ((try? loadedTracks()) ?? []).map(\.trackID).max().map { $0 + 1 } ?? 1
    }

    /// The size of the first video track's pictures (deprecated on Apple's platforms).
    @available(macOS, introduced: 10.7, deprecated: 10.8, message: "Use the naturalSize and preferredTransform, as appropriate, of the receiver's video tracks. See -tracksWithMediaType:")
    @available(iOS, introduced: 4.0, deprecated: 5.0, message: "Use the naturalSize and preferredTransform, as appropriate, of the receiver's video tracks. See -tracksWithMediaType:")
    public var naturalSize: CGSize {
        (try? loadedTracks())?.first { $0.mediaType == .video }?.naturalSize ?? .zero
    }

    /// Identity: pictures are already upright.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.preferredTransform) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.preferredTransform) instead")
    public var preferredTransform: CGAffineTransform { .identity }

    /// 1: normal speed.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.preferredRate) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.preferredRate) instead")
    public var preferredRate: Float { 1 }

    /// 1: full volume.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.preferredVolume) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.preferredVolume) instead")
    public var preferredVolume: Float { 1 }

    /// Whether the asset loads and has sound or pictures.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isPlayable) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isPlayable) instead")
    public var isPlayable: Bool { ((try? loadedTracks()) ?? []).contains { $0.mediaType == .video || $0.mediaType == .audio } }

    /// Whether the asset can be exported: as `isPlayable`.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isExportable) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isExportable) instead")
    public var isExportable: Bool { isPlayable }

    /// Whether the asset's media can be read: as `isPlayable`.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isReadable) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isReadable) instead")
    public var isReadable: Bool { isPlayable }

    /// Whether the asset can be inserted into a composition: a file asset that loads.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isComposable) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isComposable) instead")
    public var isComposable: Bool { file != nil && isPlayable }

    /// True: durations and times are exact.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.providesPreciseDurationAndTiming) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.providesPreciseDurationAndTiming) instead")
    public var providesPreciseDurationAndTiming: Bool { true }

    /// Does nothing: loading is synchronous underneath and cannot be interrupted.
    public func cancelLoading() {}
}
