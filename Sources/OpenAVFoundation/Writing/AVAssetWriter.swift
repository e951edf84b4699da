import Composition
import LibAV
import Dispatch
import Foundation
import MediaCore
import Synchronization

/// Writes a new media file from decoded samples: add inputs, call `startWriting()` and `startSession(atSourceTime:)`,
/// append each input's samples in presentation order, then `finishWriting`. Samples are encoded with the encoders
/// and settings an export uses; a failed or cancelled writer deletes its partial file.
public class AVAssetWriter: @unchecked Sendable {
    /// Where writing stands.
    public enum Status: Int, Sendable, Hashable {
        /// Inputs can still be added; writing has not started.
        case unknown = 0
        /// Inputs take samples.
        case writing = 1
        /// The file is complete.
        case completed = 2
        /// Writing stopped on an error; see `error`.
        case failed = 3
        /// `cancelWriting()` stopped writing.
        case cancelled = 4
    }

    /// What the writer's lock guards.
    struct State {
        var status = Status.unknown
        var error: AVError?
        var inputs: [AVAssetWriterInput] = []
        var file: WriterFile?
        var sessionStart: MediaTime?
        var sessionEnd: MediaTime?
        var shouldOptimizeForNetworkUse = false
        var metadata: [AVMetadataItem] = []
    }

    /// Where the file is written.
    public let outputURL: URL
    /// The container written.
    public let outputFileType: AVFileType
    private let container: WriterContainer
    /// The writer's state; appends and finishing run under its lock.
    let state = Mutex(State())

    /// A writer of a `fileType` file at `outputURL`; throws for a URL that is not a local file or a type not written
    /// here (MPEG-4, QuickTime, M4V, M4A, Matroska, WAVE, AIFF and CAF are).
    public init(outputURL: URL, fileType: AVFileType) throws {
        guard outputURL.isFileURL else { throw AVError(.unknown, .notAFile(outputURL)) }
        guard let container = WriterContainer(fileType) else {
            throw AVError(.invalidOutputURLPathExtension, .writer(
                input: "AVAssetWriter", problem: "file type '\(fileType.rawValue)' is not written here; the types are "
                    + "mp4, mov, m4v, m4a, mkv, wav, aiff and caf"))
        }
        self.outputURL = outputURL
        outputFileType = fileType
        self.container = container
    }

    /// A writer of a `fileType` file at `url`.
    public convenience init(url: URL, fileType: AVFileType) throws {
        try self.init(outputURL: url, fileType: fileType)
    }

    /// Where writing stands.
    public var status: Status { state.withLock { $0.status } }
    /// Why writing failed, when `status` is `.failed`.
    public var error: (any Error)? { state.withLock { $0.error } }
    /// The inputs added, in order.
    public var inputs: [AVAssetWriterInput] { state.withLock { $0.inputs } }
    /// The media types inputs may have.
    public var availableMediaTypes: [AVMediaType] { container.mediaTypes }

    /// Whether the file's index goes at its front, so it can play while it downloads; set it before writing starts.
    public var shouldOptimizeForNetworkUse: Bool {
        get { state.withLock { $0.shouldOptimizeForNetworkUse } }
        set { state.withLock { $0.shouldOptimizeForNetworkUse = newValue } }
    }

    /// Items written as the file's tags (title, artist, creation date, ...), as an export writes them; set them before
    /// writing starts.
    public var metadata: [AVMetadataItem] {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }

    /// Whether an input of `mediaType` with `outputSettings` can be written to this file.
    public func canApply(outputSettings: [String: Any]?, forMediaType mediaType: AVMediaType) -> Bool {
        outputSettings == nil ? availableMediaTypes.contains(mediaType)
            : (try? settings(outputSettings, mediaType: mediaType, hint: nil, input: "")) != nil
    }

    /// Whether `input` can be added: writing has not started, the input belongs to no writer, and its settings can
    /// be written to this file.
    public func canAdd(_ input: AVAssetWriterInput) -> Bool {
        state.withLock { $0.status == .unknown } && input.writer == nil
            && (try? settings(input.outputSettings, mediaType: input.mediaType, hint: input.sourceFormatHint,
                              input: "")) != nil
    }

    /// What an input of `mediaType` with `outputSettings` (and `hint`, for copies) writes to this file; throws when
    /// the settings cannot be written or this kind of file cannot hold them.
    private func settings(_ outputSettings: [String: Any]?, mediaType: AVMediaType, hint: CMFormatDescription?,
                          input: String) throws(AVError) -> WriterSettings {
        guard availableMediaTypes.contains(mediaType) else {
            let kind = mediaType == .video ? "video" : mediaType == .audio ? "audio" : mediaType.rawValue
            throw WriterSettings.refuse(input, "a \(outputFileType.rawValue) file has no \(kind) tracks")
        }
        let settings = try WriterSettings.read(outputSettings, mediaType: mediaType, hint: hint, input: input)
        if let problem = container.refusal(of: settings) { throw WriterSettings.refuse(input, problem) }
        return settings
    }

    /// Adds `input` once, before writing starts. Settings that `canAdd(_:)` finds wrong are reported by
    /// `startWriting()`, with what is wrong.
    public func add(_ input: AVAssetWriterInput) {
        precondition(state.withLock { $0.status == .unknown } && input.writer == nil,
                     "AVAssetWriter: an input can be added once, to one writer, before writing starts")
        state.withLock { state in
            input.index = state.inputs.count
            input.writer = self
            state.inputs.append(input)
        }
    }

    /// Creates the file and opens each input's encoder; false (with `status` `.failed` and `error` set) when a file
    /// is already at the URL or an encoder cannot be opened. Called once.
    @discardableResult
    public func startWriting() -> Bool {
        let (inputs, faststart, items) = state.withLock { state in
            precondition(state.status == .unknown, "AVAssetWriter: startWriting() is called once")
            return (state.inputs, state.shouldOptimizeForNetworkUse, state.metadata)
        }
        do throws(AVError) {
            guard !FileManager.default.fileExists(atPath: outputURL.path) else {
                throw AVError(.fileAlreadyExists, .outputExists(outputURL))
            }
            let tracks = try inputs.map { input throws(AVError) in
                let read = try settings(input.outputSettings, mediaType: input.mediaType,
                                        hint: input.sourceFormatHint, input: input.name)
                let timescale = input.mediaTimeScale > 0 ? input.mediaTimeScale : WriterVideoTrack.defaultTimescale
                return (name: input.name, settings: read, timescale: timescale, transform: input.transform)
            }
            let tags = Dictionary(items.compactMap(\.tag)) { _, last in last }
            let file = try WriterFile(path: outputURL.path, container: container, faststart: faststart, tags: tags,
                                      inputs: tracks)
            state.withLock { state in
                state.file = file
                state.status = .writing
            }
            return true
        } catch {
            state.withLock { state in
                state.status = .failed
                state.error = error
            }
            return false
        }
    }

    /// Starts the timeline at `startTime`: samples are placed at their time minus it, and what comes before it is
    /// not shown. Called once, after `startWriting()` and before the first append.
    public func startSession(atSourceTime startTime: CMTime) {
        state.withLock { state in
            precondition(state.status != .unknown, "AVAssetWriter: startSession(atSourceTime:) needs startWriting() first")
            precondition(state.sessionStart == nil, "AVAssetWriter: startSession(atSourceTime:) is called once")
            precondition(startTime.isNumeric, "AVAssetWriter: the session starts at a numeric time")
            state.sessionStart = startTime.native
        }
    }

    /// Ends the timeline at `endTime`: the last picture lasts until it and sound is cut there. Without it the file
    /// ends where its last sample does.
    public func endSession(atSourceTime endTime: CMTime) {
        state.withLock { state in
            precondition(state.sessionStart != nil, "AVAssetWriter: endSession(atSourceTime:) needs a session")
            precondition(endTime.isNumeric, "AVAssetWriter: the session ends at a numeric time")
            state.sessionEnd = endTime.native
        }
    }

    /// Completes every track and the file, then calls `handler` on another thread; `status` is then `.completed`,
    /// or `.failed` with `error` set.
    public func finishWriting(completionHandler handler: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async { [self] in
            finish()
            handler()
        }
    }

    /// Completes every track and the file; `status` is then `.completed`, or `.failed` with `error` set.
    public func finishWriting() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finishWriting { continuation.resume() }
        }
    }

    /// Stops writing and deletes the partial file.
    public func cancelWriting() {
        state.withLock { state in
            guard state.status == .unknown || state.status == .writing else { return }
            state.status = .cancelled
            state.file?.remove()
            state.file = nil
        }
    }

    /// Finishes the file, or records why it cannot be.
    private func finish() {
        state.withLock { state in
            guard state.status == .writing, let file = state.file else { return }
            do throws(AVError) {
                guard let start = state.sessionStart else {
                    throw AVError(.unknown, .writer(input: "AVAssetWriter", problem: "finishWriting needs a session; "
                                                    + "call startSession(atSourceTime:) before appending"))
                }
                try file.finish(sessionEnd: state.sessionEnd.map { $0 - start })
                state.status = .completed
            } catch {
                state.status = .failed
                state.error = error
                file.remove()
            }
            state.file = nil
        }
    }
}
