import Dispatch
import Foundation
import Synchronization

/// One track of a file an asset writer makes: decoded pictures or linear PCM sound appended in presentation order,
/// encoded as `outputSettings` say (H.264 or HEVC; AAC or Opus).
public class AVAssetWriterInput: @unchecked Sendable {
    private struct State {
        var finished = false
        var appends = 0
    }

    /// Video or audio.
    public let mediaType: AVMediaType
    /// How the samples are encoded: `AVVideoCodecKey`, `AVVideoWidthKey`, `AVVideoHeightKey` and
    /// `AVVideoCompressionPropertiesKey` for video; `AVFormatIDKey`, `AVSampleRateKey`, `AVNumberOfChannelsKey` and
    /// `AVEncoderBitRateKey` for audio.
    public let outputSettings: [String: Any]?
    /// What the appended samples will be like; kept for the caller, as the settings say all the encoder needs.
    public let sourceFormatHint: CMFormatDescription?
    /// Whether samples come from a live source. Inputs here are always ready, so nothing is dropped either way.
    public var expectsMediaDataInRealTime = false
    /// The ticks per second of the track's timestamps; 0 (the default) picks 720000 for video, which holds the
    /// usual frame times exactly, and the sample rate for audio. Set it before writing starts.
    public var mediaTimeScale: CMTimeScale = 0
    /// How players turn the track's pictures (a portrait phone video's is a quarter turn): written as the track's
    /// matrix, which this library's readers and ffmpeg apply. Set it before writing starts.
    public var transform = CGAffineTransform.identity
    /// The writer the input was added to.
    weak var writer: AVAssetWriter?
    /// The input's place among the writer's inputs.
    var index = 0
    private let state = Mutex(State())

    /// An input encoding samples of `mediaType` with `outputSettings`.
    public convenience init(mediaType: AVMediaType, outputSettings: [String: Any]?) {
        self.init(mediaType: mediaType, outputSettings: outputSettings, sourceFormatHint: nil)
    }

    /// An input encoding samples of `mediaType` with `outputSettings`, told what the samples will be like.
    public init(mediaType: AVMediaType, outputSettings: [String: Any]?, sourceFormatHint: CMFormatDescription?) {
        self.mediaType = mediaType
        self.outputSettings = outputSettings
        self.sourceFormatHint = sourceFormatHint
    }

    /// The input as messages name it: `AVAssetWriterInput 1 (video)`.
    var name: String {
        "AVAssetWriterInput \(index + 1) (\(mediaType == .video ? "video" : mediaType == .audio ? "audio" : mediaType.rawValue))"
    }

    /// Whether `append(_:)` may be called: the writer is writing and `markAsFinished()` has not been called.
    public var isReadyForMoreMediaData: Bool {
        !state.withLock { $0.finished } && writer?.status == .writing
    }

    /// Whether `markAsFinished()` has been called.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Encodes `sampleBuffer` (a picture for video, linear PCM for audio) at its presentation time; false, with the
    /// writer failed and its `error` set, when it cannot be.
    @discardableResult
    public func append(_ sampleBuffer: CMSampleBuffer) -> Bool {
        guard let writer = startedWriter("append(_:)") else { return false }
        state.withLock { $0.appends += 1 }
        return writer.append(sampleBuffer, to: self)
    }

    /// Encodes `picture` at `time` for the pixel buffer adaptor.
    func append(_ picture: CVPixelBuffer, at time: CMTime) -> Bool {
        guard let writer = startedWriter("append(_:withPresentationTime:)") else { return false }
        state.withLock { $0.appends += 1 }
        return writer.append(picture, at: time, duration: .invalid, to: self)
    }

    /// The writer, when samples may be appended; traps on calls Apple's input raises an exception for.
    private func startedWriter(_ call: String) -> AVAssetWriter? {
        guard let writer else { preconditionFailure("AVAssetWriterInput: \(call) needs the input added to a writer") }
        precondition(!isFinished, "AVAssetWriterInput: \(call) after markAsFinished()")
        return writer.isAccepting(call) ? writer : nil
    }

    /// Says no more samples will come; the track is completed when the writer finishes.
    public func markAsFinished() {
        state.withLock { $0.finished = true }
    }

    /// Calls `block` on `queue` again and again while the input is ready for more data: until `markAsFinished()`
    /// is called or the writer stops writing. `block` appends while `isReadyForMoreMediaData` holds, as on Apple's
    /// platforms.
    public func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            while isReadyForMoreMediaData {
                let before = state.withLock { $0.appends }
                block()
                // A block that had nothing to append is called again a moment later, not at once.
                if state.withLock({ $0.appends }) == before { usleep(1000) }
            }
        }
    }
}
