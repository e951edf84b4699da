import Foundation

/// The option asking for exact durations and timing; every asset here has them, so it changes nothing.
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"

/// An asset read from a local media file.
public class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The file's URL.
    public let url: URL

    /// An asset for the file at `url`; `options` are accepted for compatibility and change nothing (timing is
    /// always precise). Nothing is read until a property is.
    public init(url: URL, options: [String: Any]? = nil) {
        self.url = url
        super.init(file: AssetFile(url: url))
    }
}
