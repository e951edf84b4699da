import Foundation

/// A kind of content a track has, whatever its media type: `.visual`, `.audible`, `.legible`.
public struct AVMediaCharacteristic: RawRepresentable, Sendable, Hashable {
    /// Apple's identifier.
    public let rawValue: String
    /// Creates a characteristic from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a characteristic from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Pictures (video tracks).
    public static let visual = AVMediaCharacteristic("AVMediaCharacteristicVisual")
    /// Sound (audio tracks).
    public static let audible = AVMediaCharacteristic("AVMediaCharacteristicAudible")
    /// Text to read (subtitle, text and closed-caption tracks).
    public static let legible = AVMediaCharacteristic("AVMediaCharacteristicLegible")
}

extension AVAssetTrack {
    /// Whether the track's media type has `characteristic`: video is visual, audio audible, subtitles, text and
    /// closed captions legible.
    public func hasMediaCharacteristic(_ characteristic: AVMediaCharacteristic) -> Bool {
        switch characteristic {
        case .visual: mediaType == .video
        case .audible: mediaType == .audio
        case .legible: [.subtitle, .text, .closedCaption].contains(mediaType)
        default: false
        }
    }
}

extension _AVAssetTrackTyping where Self: AVAsset {
    /// The tracks with `characteristic`; empty when the asset cannot be loaded.
    public func tracks(withMediaCharacteristic characteristic: AVMediaCharacteristic) -> [AVAssetTrack] {
        ((try? loadedTracks()) ?? []).filter { $0.hasMediaCharacteristic(characteristic) }
    }

    /// The tracks with `characteristic`; throws when the asset cannot be loaded.
    public func loadTracks(withMediaCharacteristic characteristic: AVMediaCharacteristic) async throws -> [AVAssetTrack] {
        try loadedTracks().filter { $0.hasMediaCharacteristic(characteristic) }
    }
}

extension _AVAssetTrackTyping where Self: AVMutableComposition {
    /// The tracks with `characteristic`; editing one edits the composition.
    public func tracks(withMediaCharacteristic characteristic: AVMediaCharacteristic) -> [AVMutableCompositionTrack] {
        ((try? loadedTracks()) ?? []).compactMap { $0 as? AVMutableCompositionTrack }
            .filter { $0.hasMediaCharacteristic(characteristic) }
    }
}
