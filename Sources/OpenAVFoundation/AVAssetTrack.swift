import Composition
import Foundation
import MediaCore

/// One track of an asset: its media type, timing, picture size and format. Tracks of compositions are
/// `AVCompositionTrack`s.
public class AVAssetTrack: @unchecked Sendable {
    /// The track's ID inside its asset.
    public let trackID: CMPersistentTrackID
    /// What the track carries.
    public let mediaType: AVMediaType
    /// The asset the track belongs to, while it exists.
    public private(set) weak var asset: AVAsset?
    /// A file track as the composition model sees it; nil for composition tracks.
    let source: SourceTrack?
    /// A file track's stream as probed; nil for composition tracks.
    let stream: ProbedStream?

    /// A track of a file.
    init(asset: AVAsset, source: SourceTrack, stream: ProbedStream) {
        trackID = source.trackID
        mediaType = AVMediaType(source.mediaType)
        self.asset = asset
        self.source = source
        self.stream = stream
    }

    /// A track of a composition, described by its subclass.
    init(asset: AVAsset, trackID: CMPersistentTrackID, mediaType: AVMediaType) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.asset = asset
        source = nil
        stream = nil
    }

    /// The track's edits in the composition model's terms: one segment playing the whole file track.
    func nativeSegments() -> [TrackSegment] {
        guard let source, source.timeRange.isValid, !source.timeRange.isEmpty else { return [] }
        return [TrackSegment(sourceURL: source.url, sourceTrackID: source.trackID, sourceTimeScale: source.naturalTimeScale,
                             timeMapping: TimeMapping(source: source.timeRange, target: source.timeRange))]
    }

    /// The range of the asset's timeline the track covers.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.timeRange) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.timeRange) instead")
    public var timeRange: CMTimeRange { source.map { CMTimeRange($0.timeRange) } ?? .zero }

    /// Video: the size of the pictures as displayed (rotation and pixel aspect applied); zero for other media.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.naturalSize) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.naturalSize) instead")
    public var naturalSize: CGSize {
        guard let size = source?.naturalSize else { return .zero }
        return CGSize(width: size.width, height: size.height)
    }

    /// Identity: pictures are decoded upright, so no transform is needed to show them.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.preferredTransform) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.preferredTransform) instead")
    public var preferredTransform: CGAffineTransform { .identity }

    /// Video: frames per second as the container states it; 0 when unknown or for other media.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.nominalFrameRate) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.nominalFrameRate) instead")
    public var nominalFrameRate: Float {
        guard let rate = source?.frameRate, rate.isValid else { return 0 }
        return Float(rate.framesPerSecond)
    }

    /// Video: the duration of one frame at the nominal rate; invalid when unknown.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.minFrameDuration) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.minFrameDuration) instead")
    public var minFrameDuration: CMTime {
        source?.frameRate.flatMap { $0.isValid ? CMTime($0.frameDuration) : nil } ?? .invalid
    }

    /// The track's own timescale.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.naturalTimeScale) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.naturalTimeScale) instead")
    public var naturalTimeScale: CMTimeScale { source?.naturalTimeScale ?? 600 }

    /// The track's format: codec, dimensions, sample rate and channels (`[CMFormatDescription]`).
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.formatDescriptions) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.formatDescriptions) instead")
    public var formatDescriptions: [Any] { loadedFormatDescriptions() }

    func loadedFormatDescriptions() -> [CMFormatDescription] {
        stream.map { [CMFormatDescription(stream: $0, file: source?.url)] } ?? []
    }

    /// Bits per second, as the container states it; 0 when unknown.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.estimatedDataRate) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.estimatedDataRate) instead")
    public var estimatedDataRate: Float { Float(stream?.bitRate ?? 0) }

    /// The ISO 639-2/T language code from the stream's tags, if any.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.languageCode) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.languageCode) instead")
    public var languageCode: String? { stream?.metadata["language"] }

    /// True: every track plays.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isEnabled) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isEnabled) instead")
    public var isEnabled: Bool { true }

    /// Whether the track carries sound or pictures.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.isPlayable) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.isPlayable) instead")
    public var isPlayable: Bool { mediaType == .video || mediaType == .audio }

    /// 1: full volume.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use load(.preferredVolume) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use load(.preferredVolume) instead")
    public var preferredVolume: Float { 1 }

    /// The segment at or nearest to `trackTime`: a file track's only segment.
    @available(macOS, introduced: 10.7, deprecated: 13.0, message: "Use loadSegment(forTrackTime:) instead")
    @available(iOS, introduced: 4.0, deprecated: 16.0, message: "Use loadSegment(forTrackTime:) instead")
    public func segment(forTrackTime trackTime: CMTime) -> AVAssetTrackSegment? {
        nativeSegments().first.map { AVAssetTrackSegment(timeMapping: CMTimeMapping($0.timeMapping)) }
    }

    /// The segment at or nearest to `trackTime`, as `segment(forTrackTime:)`.
    public func loadSegment(forTrackTime trackTime: CMTime) async throws -> AVAssetTrackSegment? {
        try segmentNear(trackTime)
    }

    /// The segment at or nearest to `trackTime`, for `loadSegment(forTrackTime:)` (which must not call the deprecated
    /// synchronous form); composition tracks override it.
    func segmentNear(_ trackTime: CMTime) throws -> AVAssetTrackSegment? {
        nativeSegments().first.map { AVAssetTrackSegment(timeMapping: CMTimeMapping($0.timeMapping)) }
    }
}
