import Foundation

extension AVAssetExportSession {
    /// Exports and returns when the export ends; `status` and `error` say how. Cancelling the task cancels the export.
    public func export() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                exportAsynchronously { continuation.resume() }
            }
        } onCancel: {
            cancelExport()
        }
    }

    /// Exports to `url` as `fileType`; throws the export's error, or `CancellationError` when it was cancelled.
    public func export(to url: URL, as fileType: AVFileType, isolation: isolated (any Actor)? = #isolation) async throws {
        configuration.withLock {
            $0.outputURL = url
            $0.outputFileType = fileType
        }
        await export()
        let (status, error) = progression.withLock { ($0.status, $0.error) }
        switch status {
        case .completed: return
        case .cancelled: throw CancellationError()
        default: throw error ?? AVError(.exportFailed)
        }
    }

    /// The export's state every `updateInterval` seconds: `.pending`, `.waiting`, then `.exporting` with a progress
    /// that moves on; the sequence ends when the export does.
    public func states(updateInterval: TimeInterval = 0.1) -> AsyncStream<State> {
        AsyncStream { continuation in
            let progress = Progress(totalUnitCount: 1000)
            let task = Task { [self] in
                var last: Status?
                while !Task.isCancelled {
                    let (status, fraction) = progression.withLock { ($0.status, $0.session?.progress ?? 0) }
                    switch status {
                    case .unknown where last != status: continuation.yield(.pending)
                    case .waiting where last != status: continuation.yield(.waiting)
                    case .exporting:
                        progress.completedUnitCount = Int64((fraction * 1000).rounded())
                        continuation.yield(.exporting(progress: progress))
                    case .completed, .failed, .cancelled:
                        continuation.finish()
                        return
                    default:
                        break
                    }
                    last = status
                    try? await Task.sleep(nanoseconds: UInt64(max(0.001, updateInterval) * 1_000_000_000))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Presets

    /// Every preset except `AVAssetExportPresetPassthrough`.
    public class func allExportPresets() -> [String] {
        ExportPreset.presets.map(\.name).filter { $0 != AVAssetExportPresetPassthrough }
    }

    /// The presets that can export `asset`: all for an asset with pictures, the sound-only ones and passthrough for
    /// one with sound only, none for one that cannot be loaded.
    public class func exportPresets(compatibleWith asset: AVAsset) -> [String] {
        let tracks = (try? asset.loadedTracks()) ?? []
        let hasVideo = tracks.contains { $0.mediaType == .video }, hasAudio = tracks.contains { $0.mediaType == .audio }
        return ExportPreset.presets.filter { preset in
            if case .video = preset.kind, !hasVideo { return false }
            return preset.fits(hasVideo: hasVideo, hasAudio: hasAudio)
        }.map(\.name)
    }

    /// Whether the preset can export `asset` as `outputFileType` (any type when nil); the answer goes to `handler`.
    @preconcurrency public class func determineCompatibility(ofExportPreset presetName: String, with asset: AVAsset,
                                             outputFileType: AVFileType?,
                                             completionHandler handler: @escaping @Sendable (Bool) -> Void) {
        handler(compatible(presetName, asset, outputFileType))
    }

    /// Whether the preset can export `asset` as `outputFileType` (any type when nil).
    public class func compatibility(ofExportPreset presetName: String, with asset: AVAsset,
                                    outputFileType: AVFileType?) async -> Bool {
        compatible(presetName, asset, outputFileType)
    }

    /// The file types this session can write, to `handler`.
    @preconcurrency public func determineCompatibleFileTypes(completionHandler handler: @escaping @Sendable ([AVFileType]) -> Void) {
        handler(supportedFileTypes)
    }

    private class func compatible(_ presetName: String, _ asset: AVAsset, _ fileType: AVFileType?) -> Bool {
        guard exportPresets(compatibleWith: asset).contains(presetName), let preset = ExportPreset.named(presetName) else {
            return false
        }
        return fileType.map(preset.fileTypes.contains) ?? true
    }
}
