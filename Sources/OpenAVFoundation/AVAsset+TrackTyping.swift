import Foundation

/// Gives `tracks`, `tracks(withMediaType:)` and `loadTracks(withMediaType:)` the track class of each asset class
/// (`AVAssetTrack`, `AVCompositionTrack`, `AVMutableCompositionTrack`), as Apple's SDK does. Swift does not let a
/// subclass override an array property with a more specific element type, so these live in constrained extensions
/// of this protocol, where the most specific one wins. An implementation detail: nothing else conforms.
public protocol _AVAssetTrackTyping: AnyObject {}

extension AVAsset: _AVAssetTrackTyping {}

extension _AVAssetTrackTyping where Self: AVAsset {
    /// The asset's tracks; empty when it cannot be loaded.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.tracks) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.tracks) instead")
    public var tracks: [AVAssetTrack] { (try? loadedTracks()) ?? [] }

    /// The tracks carrying `mediaType`.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use loadTracks(withMediaType:) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use loadTracks(withMediaType:) instead")
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks carrying `mediaType`; throws when the asset cannot be loaded.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try loadedTracks().filter { $0.mediaType == mediaType }
    }
}

extension _AVAssetTrackTyping where Self: AVComposition {
    /// The composition's tracks.
    public var tracks: [AVCompositionTrack] { snapshot.tracks.map(makeTrack) }

    /// The tracks carrying `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVCompositionTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks carrying `mediaType`.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVCompositionTrack] {
        tracks(withMediaType: mediaType)
    }
}

extension _AVAssetTrackTyping where Self: AVMutableComposition {
    /// The composition's tracks; editing one edits the composition.
    public var tracks: [AVMutableCompositionTrack] { snapshot.tracks.compactMap { makeTrack($0) as? AVMutableCompositionTrack } }

    /// The tracks carrying `mediaType`; editing one edits the composition.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVMutableCompositionTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks carrying `mediaType`; editing one edits the composition.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVMutableCompositionTrack] {
        tracks(withMediaType: mediaType)
    }
}

/// Gives `segments` the segment class of each track class, for the reason `_AVAssetTrackTyping` gives; setting the
/// segments of a mutable composition track replaces them when `validateSegments` accepts them.
public protocol _AVAssetTrackSegmentTyping: AnyObject {}

extension AVAssetTrack: _AVAssetTrackSegmentTyping {}

extension _AVAssetTrackSegmentTyping where Self: AVAssetTrack {
    /// The track's edits.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.segments) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.segments) instead")
    public var segments: [AVAssetTrackSegment] { nativeSegments().map { AVAssetTrackSegment(timeMapping: CMTimeMapping($0.timeMapping)) } }
}

extension _AVAssetTrackSegmentTyping where Self: AVCompositionTrack {
    /// The track's edits, contiguous from zero.
    public var segments: [AVCompositionTrackSegment] { nativeSegments().map(AVCompositionTrackSegment.init(native:)) }
}

extension _AVAssetTrackSegmentTyping where Self: AVMutableCompositionTrack {
    /// The track's edits, contiguous from zero; an array `validateSegments` refuses is ignored.
    public var segments: [AVCompositionTrackSegment] {
        get { nativeSegments().map(AVCompositionTrackSegment.init(native:)) }
        set { setSegments(newValue) }
    }
}
