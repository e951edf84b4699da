import Foundation
import Synchronization

/// An asset with the video composition and audio mix to present it with, as programs build one composition for a
/// player and an exporter. Nothing plays here (Linux has no display or sound output for this library): the item
/// carries its settings, which an `AVAssetExportSession` or `AVAssetImageGenerator` of the same asset can take.
public class AVPlayerItem: @unchecked Sendable {
    /// Whether the item can be played.
    public enum Status: Int, Sendable {
        /// Not yet known.
        case unknown = 0
        /// The asset loads.
        case readyToPlay = 1
        /// The asset cannot be loaded; `error` says why.
        case failed = 2
    }

    struct Settings {
        var videoComposition: AVVideoComposition?
        var audioMix: AVAudioMix?
        var position = CMTime.zero
    }

    /// The asset presented.
    public let asset: AVAsset
    private let settings = Mutex(Settings())

    /// An item for `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
    }

    /// An item for the media file at `url`.
    public convenience init(url: URL) {
        self.init(asset: AVURLAsset(url: url))
    }

    /// How the asset's video tracks become pictures; nil shows them fitted, the first on top.
    public var videoComposition: AVVideoComposition? {
        get { settings.withLock { $0.videoComposition } }
        set { settings.withLock { $0.videoComposition = newValue } }
    }

    /// Per-track volume; nil plays every track at full volume.
    public var audioMix: AVAudioMix? {
        get { settings.withLock { $0.audioMix } }
        set { settings.withLock { $0.audioMix = newValue } }
    }

    /// The asset's duration, once it loads; indefinite before and when it cannot.
    public var duration: CMTime { (try? asset.loadedDuration()) ?? .indefinite }

    /// `.readyToPlay` when the asset loads, `.failed` when it cannot.
    public var status: Status { error == nil ? .readyToPlay : .failed }

    /// Why the asset cannot be loaded; nil when it can.
    public var error: (any Error)? {
        do {
            _ = try asset.loadedTracks()
            return nil
        } catch {
            return error
        }
    }

    /// The position last sought to (time does not pass: nothing plays).
    public func currentTime() -> CMTime { settings.withLock { $0.position } }

    /// Moves the position to `time`, clamped to `[0, duration]`.
    public func seek(to time: CMTime) {
        let end = duration
        settings.withLock { $0.position = CMTimeMaximum(.zero, end.isNumeric ? CMTimeMinimum(time, end) : time) }
    }
}
