import Foundation

extension AVAssetExportSession {
    /// The most bytes the output may have; 0 (the default) for no limit. An export whose file comes out longer fails
    /// with `AVError(.exportFailed)` and leaves no file (Apple's session stops writing at the limit instead).
    public var fileLengthLimit: Int64 {
        get { configuration.withLock { $0.fileLengthLimit } }
        set { configuration.withLock { $0.fileLengthLimit = newValue } }
    }

    /// Whether the encoder may read the sources more than once to encode better. A hint, as on Apple's platforms:
    /// the encoders here always make one pass, so the output is the same either way.
    public var canPerformMultiplePassesOverSourceMediaData: Bool {
        get { configuration.withLock { $0.canPerformMultiplePassesOverSourceMediaData } }
        set { configuration.withLock { $0.canPerformMultiplePassesOverSourceMediaData = newValue } }
    }

    /// Where multi-pass encoding would keep its files; kept for compatibility, as no encoder here writes any.
    public var directoryForTemporaryFiles: URL? {
        get { configuration.withLock { $0.directoryForTemporaryFiles } }
        set { configuration.withLock { $0.directoryForTemporaryFiles = newValue } }
    }

    /// The longest output the session can write: the asset's duration (invalid when it cannot be loaded), as no
    /// preset here limits the length.
    public var maxDuration: CMTime { (try? asset.loadedDuration()) ?? .invalid }

    /// The failure when the finished file is longer than `fileLengthLimit` (the file is then removed); nil otherwise.
    func lengthLimitFailure() -> AVError? {
        let (limit, url) = configuration.withLock { ($0.fileLengthLimit, $0.outputURL) }
        guard limit > 0, let url,
              let length = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value,
              length > limit else { return nil }
        try? FileManager.default.removeItem(at: url)
        return AVError(.exportFailed, .fileTooLong(url, length: length, limit: limit))
    }
}
