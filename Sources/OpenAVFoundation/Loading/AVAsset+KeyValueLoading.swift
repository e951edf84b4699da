import Foundation

extension AVAsset: AVAsynchronousKeyValueLoading {
    /// The keys `statusOfValue(forKey:error:)` knows: the asset's loadable properties.
    static let loadableKeys: Set<String> = [
        "duration", "tracks", "playable", "exportable", "readable", "composable", "naturalSize",
        "preferredTransform", "preferredRate", "preferredVolume", "providesPreciseDurationAndTiming", "metadata",
        "commonMetadata", "availableMetadataFormats", "hasProtectedContent", "isPlayable", "isExportable",
        "isReadable", "isComposable", "creationDate",
    ]

    /// `.loaded` once the asset's file has been read (reading it now if need be), `.failed` with the reason in
    /// `outError` when it cannot be, or for a key that is not a property of assets.
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        guard Self.loadableKeys.contains(key) else {
            outError?.pointee = AVError(.unknown, userInfo: [
                NSLocalizedDescriptionKey: "'\(key)' is not a property of AVAsset that can be loaded",
            ]) as NSError
            return .failed
        }
        do {
            _ = try loadedTracks()
            return .loaded
        } catch {
            outError?.pointee = error as NSError
            return .failed
        }
    }

    /// Reads the asset's file on a thread of its own, then calls `handler` there; every key then has its status.
    @preconcurrency public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil) {
        Thread.detachNewThread { [self] in
            _ = try? loadedTracks()
            handler?()
        }
    }
}

extension AVAssetTrack: AVAsynchronousKeyValueLoading {
    /// `.loaded`: a track object exists only once its asset has loaded.
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        .loaded
    }

    /// Calls `handler` on a thread of its own: the track's properties are already loaded.
    @preconcurrency public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil) {
        Thread.detachNewThread { handler?() }
    }
}
