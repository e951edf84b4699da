import Foundation

/// A property of an asset or track that `load(_:)` reads; untyped base of `AVAsyncProperty`.
public class AVAnyAsyncProperty: @unchecked Sendable {
    init() {}
}

/// A property of `Root` whose value is a `Value`, for `load(_:)`: `try await asset.load(.duration, .tracks)`.
public final class AVAsyncProperty<Root, Value>: AVAnyAsyncProperty, @unchecked Sendable {
    /// Reads the property; throws when the asset cannot be loaded.
    let read: (Root) throws -> Value

    init(_ read: @escaping (Root) throws -> Value) {
        self.read = read
    }
}

/// Reads properties of assets and tracks with `load(_:)`. An implementation detail of the `load` functions.
public protocol _AVAsyncPropertyLoading: AnyObject {}

extension AVAsset: _AVAsyncPropertyLoading {}
extension AVAssetTrack: _AVAsyncPropertyLoading {}

extension _AVAsyncPropertyLoading {
    /// The values of `properties`, loaded; throws the first loading error (`URLError(.fileDoesNotExist)` for a
    /// missing file, `AVError(.fileFormatNotRecognized)` for one that cannot be read).
    public func load<each Value>(_ properties: repeat AVAsyncProperty<Self, each Value>) async throws
        -> (repeat each Value) {
        (repeat try (each properties).read(self))
    }

    /// The value of `property`, loaded. A single property has this overload of its own, as in Apple's SDK, so that
    /// the value is not a one-element pack (which `for`-`in` and `if let` do not see through).
    public func load<Value>(_ property: AVAsyncProperty<Self, Value>) async throws -> Value {
        try property.read(self)
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == CMTime {
    /// The asset's duration.
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty { try $0.loadedDuration() } }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVAssetTrack] {
    /// The asset's tracks.
    public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> { AVAsyncProperty { try $0.loadedTracks() } }
}

extension AVAsyncProperty where Root: AVAsset, Value == Bool {
    /// Whether the asset has sound or pictures.
    public static var isPlayable: AVAsyncProperty<Root, Bool> { AVAsyncProperty { try loadedPlayable($0) } }
    /// Whether the asset can be exported.
    public static var isExportable: AVAsyncProperty<Root, Bool> { AVAsyncProperty { try loadedPlayable($0) } }
    /// Whether the asset's media can be read.
    public static var isReadable: AVAsyncProperty<Root, Bool> { AVAsyncProperty { try loadedPlayable($0) } }
    /// Whether the asset can be inserted into a composition.
    public static var isComposable: AVAsyncProperty<Root, Bool> {
        AVAsyncProperty { try $0.file != nil && loadedPlayable($0) }
    }
    /// Always true: timing is exact.
    public static var providesPreciseDurationAndTiming: AVAsyncProperty<Root, Bool> { AVAsyncProperty { _ in true } }

    private static func loadedPlayable(_ asset: Root) throws -> Bool {
        try asset.loadedTracks().contains { $0.mediaType == .video || $0.mediaType == .audio }
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == Float {
    /// The rate the asset plays at: 1.
    public static var preferredRate: AVAsyncProperty<Root, Float> { AVAsyncProperty { _ in 1 } }
    /// The volume the asset plays at: 1.
    public static var preferredVolume: AVAsyncProperty<Root, Float> { AVAsyncProperty { _ in 1 } }
}

extension AVAsyncProperty where Root: AVAsset, Value == CGAffineTransform {
    /// Identity: pictures are upright.
    public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> {
        AVAsyncProperty { $0.preferredTransform }
    }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CGSize {
    /// Video: the displayed size of the pictures.
    public static var naturalSize: AVAsyncProperty<Root, CGSize> { AVAsyncProperty { $0.naturalSize } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CGAffineTransform {
    /// Identity for file tracks: pictures are upright.
    public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> {
        AVAsyncProperty { $0.preferredTransform }
    }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == Float {
    /// Video: frames per second.
    public static var nominalFrameRate: AVAsyncProperty<Root, Float> { AVAsyncProperty { $0.nominalFrameRate } }
    /// Bits per second.
    public static var estimatedDataRate: AVAsyncProperty<Root, Float> { AVAsyncProperty { $0.estimatedDataRate } }
    /// Full volume.
    public static var preferredVolume: AVAsyncProperty<Root, Float> { AVAsyncProperty { $0.preferredVolume } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTimeRange {
    /// The range the track covers.
    public static var timeRange: AVAsyncProperty<Root, CMTimeRange> { AVAsyncProperty { $0.timeRange } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTime {
    /// Video: one frame at the nominal rate.
    public static var minFrameDuration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty { $0.minFrameDuration } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTimeScale {
    /// The track's timescale.
    public static var naturalTimeScale: AVAsyncProperty<Root, CMTimeScale> { AVAsyncProperty { $0.naturalTimeScale } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == [CMFormatDescription] {
    /// The track's format: codec, dimensions, sample rate and channels.
    public static var formatDescriptions: AVAsyncProperty<Root, [CMFormatDescription]> {
        AVAsyncProperty { $0.loadedFormatDescriptions() }
    }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == [AVAssetTrackSegment] {
    /// The track's edits.
    public static var segments: AVAsyncProperty<Root, [AVAssetTrackSegment]> {
        AVAsyncProperty { $0.nativeSegments().map { AVAssetTrackSegment(timeMapping: CMTimeMapping($0.timeMapping)) } }
    }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == Bool {
    /// Whether the track plays.
    public static var isEnabled: AVAsyncProperty<Root, Bool> { AVAsyncProperty { $0.isEnabled } }
    /// Whether the track carries sound or pictures.
    public static var isPlayable: AVAsyncProperty<Root, Bool> { AVAsyncProperty { $0.isPlayable } }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == String? {
    /// The stream's language code, if tagged.
    public static var languageCode: AVAsyncProperty<Root, String?> { AVAsyncProperty { $0.languageCode } }
}
