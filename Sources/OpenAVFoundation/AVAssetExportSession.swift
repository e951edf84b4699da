import Composition
import Foundation
import MediaCore
import Render
import Synchronization

/// Renders an asset into a file with a preset: the composition model's `ExportSession` under Apple's API. The export
/// runs on a thread of its own; a failed or cancelled export leaves no file behind.
public class AVAssetExportSession: @unchecked Sendable {
    /// Where the export is: `.unknown`, `.waiting`, `.exporting`, `.completed`, `.failed`, `.cancelled`, with Apple's
    /// raw values 0 to 5 (the renderer's own status type).
    public typealias Status = ExportStatus

    /// What `states(updateInterval:)` reports.
    public enum State: Sendable {
        /// Not started.
        case pending
        /// Started, not yet rendering.
        case waiting
        /// Rendering; `progress.fractionCompleted` goes from 0 to 1.
        case exporting(progress: Progress)
    }

    /// What the caller sets before exporting.
    struct Configuration: Sendable {
        var outputURL: URL?
        var outputFileType: AVFileType?
        var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
        var videoComposition: AVVideoComposition?
        var audioMix: AVAudioMix?
        var shouldOptimizeForNetworkUse = false
        var metadata: [AVMetadataItem]?
        var audioTimePitchAlgorithm = AVAudioTimePitchAlgorithm.spectral
        var fileLengthLimit: Int64 = 0
        var canPerformMultiplePassesOverSourceMediaData = false
        var directoryForTemporaryFiles: URL?
    }

    /// How far the export got.
    struct Progression: Sendable {
        var started = false
        var cancelRequested = false
        var status = Status.unknown
        var error: (any Error & Sendable)?
        var session: ExportSession?
        /// The folder of the pictures the Core Animation tree made (gradients), removed when the export ends.
        var pictures: URL?
    }

    /// The asset exported.
    public let asset: AVAsset
    /// The preset's name.
    public let presetName: String
    let preset: ExportPreset
    let configuration = Mutex(Configuration())
    let progression = Mutex(Progression())

    /// A session exporting `asset` with the preset called `presetName`; nil for a name that is not a preset.
    public init?(asset: AVAsset, presetName: String) {
        guard let preset = ExportPreset.named(presetName) else { return nil }
        self.asset = asset
        self.presetName = presetName
        self.preset = preset
    }

    // MARK: Settings

    /// Where the file goes (a local file URL); no file may exist there.
    public var outputURL: URL? {
        get { configuration.withLock { $0.outputURL } }
        set { configuration.withLock { $0.outputURL = newValue } }
    }

    /// The container to write; one of `supportedFileTypes`.
    public var outputFileType: AVFileType? {
        get { configuration.withLock { $0.outputFileType } }
        set { configuration.withLock { $0.outputFileType = newValue } }
    }

    /// The part of the asset to export; zero to +infinity (all of it) by default.
    public var timeRange: CMTimeRange {
        get { configuration.withLock { $0.timeRange } }
        set { configuration.withLock { $0.timeRange = newValue } }
    }

    /// How video tracks become pictures; nil fits each track's pictures into the picture, the first on top.
    public var videoComposition: AVVideoComposition? {
        get { configuration.withLock { $0.videoComposition } }
        set { configuration.withLock { $0.videoComposition = newValue } }
    }

    /// Per-track volume; nil plays every track at full volume.
    public var audioMix: AVAudioMix? {
        get { configuration.withLock { $0.audioMix } }
        set { configuration.withLock { $0.audioMix = newValue } }
    }

    /// Whether MPEG-4 and QuickTime files get their index at the front (`faststart`); false by default.
    public var shouldOptimizeForNetworkUse: Bool {
        get { configuration.withLock { $0.shouldOptimizeForNetworkUse } }
        set { configuration.withLock { $0.shouldOptimizeForNetworkUse = newValue } }
    }

    /// Items written as container tags (title, description, copyright, ...).
    public var metadata: [AVMetadataItem]? {
        get { configuration.withLock { $0.metadata } }
        set { configuration.withLock { $0.metadata = newValue } }
    }

    /// How sped-up or slowed-down sound is rendered for tracks whose mix parameters do not say.
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { configuration.withLock { $0.audioTimePitchAlgorithm } }
        set { configuration.withLock { $0.audioTimePitchAlgorithm = newValue } }
    }

    /// The file types this preset can write.
    public var supportedFileTypes: [AVFileType] { preset.fileTypes }

    // MARK: Progress

    /// Where the export is.
    public var status: Status { progression.withLock { $0.status } }

    /// Why the export failed; nil unless `status` is `.failed`.
    public var error: (any Error)? { progression.withLock { $0.error } }

    /// How much is done, 0 to 1.
    public var progress: Float {
        progression.withLock { $0.status == .completed ? 1 : Float($0.session?.progress ?? 0) }
    }

    /// Stops the export (or keeps it from starting); it ends `.cancelled` and removes its partial file.
    public func cancelExport() {
        let session = progression.withLock { state -> ExportSession? in
            state.cancelRequested = true
            return state.session
        }
        session?.cancel()
    }

    /// Starts the export on a thread of its own and calls `handler` when it ends, from that thread; if the export
    /// cannot start (a setting is missing, a file is in the way), `handler` runs before this returns. Called again,
    /// it changes nothing and calls `handler` at once.
    @preconcurrency public func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
        let first = progression.withLock { state -> Bool in
            guard !state.started else { return false }
            state.started = true
            state.status = .waiting
            return true
        }
        guard first else { return handler() }
        let session: ExportSession
        do {
            session = try makeSession()
        } catch {
            finish(.failed, error)
            return handler()
        }
        let cancelled = progression.withLock { state -> Bool in
            state.session = session
            return state.cancelRequested
        }
        if cancelled {
            finish(.cancelled, nil)
            return handler()
        }
        session.markWaiting()
        Thread.detachNewThread { [self] in
            progression.withLock { $0.status = .exporting }
            do throws(ExportError) {
                _ = try session.export()
                if let failure = lengthLimitFailure() { finish(.failed, failure) } else { finish(.completed, nil) }
            } catch {
                if error == .cancelled { finish(.cancelled, nil) } else { finish(.failed, AVError(error)) }
            }
            handler()
        }
    }

    /// Records how the export ended and removes the pictures it made.
    private func finish(_ status: Status, _ error: (any Error & Sendable)?) {
        let pictures = progression.withLock { state -> URL? in
            state.status = status
            state.error = error
            defer { state.pictures = nil }
            return state.pictures
        }
        if let pictures { try? FileManager.default.removeItem(at: pictures) }
    }

    /// The composition model's export for the current settings; throws what keeps the export from starting.
    private func makeSession() throws(any Error & Sendable) -> ExportSession {
        let settings = configuration.withLock { $0 }
        guard let url = settings.outputURL else { throw AVError(.exportFailed, .missingSetting("outputURL")) }
        guard let fileType = settings.outputFileType else { throw AVError(.exportFailed, .missingSetting("outputFileType")) }
        guard url.isFileURL else { throw AVError(.exportFailed, .notAFile(url)) }
        guard !FileManager.default.fileExists(atPath: url.path) else { throw AVError(.fileAlreadyExists, .outputExists(url)) }
        var composition: MutableComposition
        do {
            composition = try asset.nativeComposition()
        } catch let error as URLError {
            throw error
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.exportFailed, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
        var videoComposition = try settings.videoComposition?.rendered(for: composition)
        if let tool = settings.videoComposition?.animationTool, let size = settings.videoComposition?.renderSize,
           var drawn = videoComposition {
            try draw(tool, size: size, over: &composition, &drawn)
            videoComposition = drawn
        }
        if let videoComposition {
            do {
                try videoComposition.validate(for: composition)
            } catch let error as CompositionError {
                throw AVError(error)
            } catch {
                throw AVError(.invalidVideoComposition, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            }
        }
        let exportSettings = try Self.exportSettings(settings, preset: preset, composition: composition,
                                                     videoComposition: videoComposition, fileType: fileType)
        let session = ExportSession(composition: composition, videoComposition: videoComposition,
                                    audioMix: mix(settings, composition: composition), settings: exportSettings,
                                    outputPath: url.path)
        session.timeRange = settings.timeRange.native
        return session
    }

    /// Adds what the Core Animation `tool` draws over a `size` render to `composition` and `videoComposition`, its
    /// pictures written to a folder of the export's own.
    private func draw(_ tool: AVVideoCompositionCoreAnimationTool, size: CGSize, over composition: inout MutableComposition,
                      _ videoComposition: inout VideoComposition) throws(AVError) {
        let duration = composition.duration
        let pictures = FileManager.default.temporaryDirectory
            .appendingPathComponent("openavfoundation-layers-" + UUID().uuidString)
        progression.withLock { $0.pictures = pictures }
        do {
            try tool.drawing(renderSize: size, duration: duration, frameDuration: videoComposition.frameDuration,
                             pictures: pictures)
                .apply(to: &composition, &videoComposition, duration: duration)
        } catch let error as AVError {
            throw error
        } catch let error as CompositionError {
            throw AVError(error)
        } catch {
            throw AVError(.invalidVideoComposition, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
    }

    /// The renderer's settings for `composition` (shown through `videoComposition`) written as `fileType` with
    /// `preset`: its codec, size and rate, the colour the video composition asks for, and the session's faststart
    /// and metadata.
    private static func exportSettings(_ settings: Configuration, preset: ExportPreset, composition: MutableComposition,
                                       videoComposition: VideoComposition?,
                                       fileType: AVFileType) throws(AVError) -> ExportSettings {
        var exportSettings = try preset.settings(for: composition, videoComposition: videoComposition, fileType: fileType)
        if case .video = preset.kind, var video = exportSettings.video {
            let color = settings.videoComposition?.state.withLock { $0.color } ?? AVVideoComposition.ColorProperties()
            video.dynamicRange = try color.dynamicRange(codec: video.codec, composition: composition)
            if video.isHDR, video.pixelFormat == "yuv420p" { video.pixelFormat = "yuv420p10le" }
            exportSettings.video = video
        }
        exportSettings.faststart = settings.shouldOptimizeForNetworkUse
        for item in settings.metadata ?? [] {
            if let (key, value) = item.tag { exportSettings.metadata[key] = value }
        }
        return exportSettings
    }

    /// The audio mix with the session's time-pitch algorithm for every audio track whose parameters do not set one.
    private func mix(_ settings: Configuration, composition: MutableComposition) -> AudioMix {
        var mix = settings.audioMix?.native ?? AudioMix()
        for track in composition.tracks(withMediaType: .audio) {
            if let index = mix.inputParameters.firstIndex(where: { $0.trackID == track.trackID }) {
                if mix.inputParameters[index].timePitchAlgorithm == nil {
                    mix.inputParameters[index].timePitchAlgorithm = settings.audioTimePitchAlgorithm.native
                }
            } else {
                var parameters = AudioMixInputParameters(trackID: track.trackID)
                parameters.timePitchAlgorithm = settings.audioTimePitchAlgorithm.native
                mix.inputParameters.append(parameters)
            }
        }
        return mix
    }
}
