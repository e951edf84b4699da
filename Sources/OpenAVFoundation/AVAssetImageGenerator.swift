import Composition
import Foundation
import MediaCore
import Synchronization

/// Makes pictures of an asset at given times (thumbnails, contact sheets), through its video composition if set.
/// Pictures are of the frame showing at the requested time (on the video composition's frame grid), whatever the
/// tolerances say; `actualTime` says which.
public class AVAssetImageGenerator: @unchecked Sendable {
    struct Configuration: Sendable {
        var appliesPreferredTrackTransform = false
        var maximumSize = CGSize.zero
        var requestedTimeToleranceBefore = CMTime.positiveInfinity
        var requestedTimeToleranceAfter = CMTime.positiveInfinity
        var videoComposition: AVVideoComposition?
    }

    /// The asset pictured.
    public let asset: AVAsset
    private let configuration = Mutex(Configuration())
    private let renderer = PictureRenderer()
    /// Bumped by `cancelAllCGImageGeneration()`; asynchronous requests made before it end `.cancelled`.
    private let generation = Mutex(0)

    /// A generator for `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
    }

    /// Accepted for compatibility: pictures are always upright here.
    public var appliesPreferredTrackTransform: Bool {
        get { configuration.withLock { $0.appliesPreferredTrackTransform } }
        set { configuration.withLock { $0.appliesPreferredTrackTransform = newValue } }
    }

    /// The largest picture wanted; pictures are scaled down (never up) to fit, keeping their shape. Zero (the
    /// default) in a dimension does not limit it.
    public var maximumSize: CGSize {
        get { configuration.withLock { $0.maximumSize } }
        set { configuration.withLock { $0.maximumSize = newValue } }
    }

    /// Accepted for compatibility: pictures are always of the frame showing at the time asked.
    public var requestedTimeToleranceBefore: CMTime {
        get { configuration.withLock { $0.requestedTimeToleranceBefore } }
        set { configuration.withLock { $0.requestedTimeToleranceBefore = newValue } }
    }

    /// Accepted for compatibility: pictures are always of the frame showing at the time asked.
    public var requestedTimeToleranceAfter: CMTime {
        get { configuration.withLock { $0.requestedTimeToleranceAfter } }
        set { configuration.withLock { $0.requestedTimeToleranceAfter = newValue } }
    }

    /// How the asset's video tracks become the picture; nil shows them fitted, the first on top.
    public var videoComposition: AVVideoComposition? {
        get { configuration.withLock { $0.videoComposition } }
        set { configuration.withLock { $0.videoComposition = newValue } }
    }

    /// The picture at `requestedTime`, whose time goes to `actualTime`; throws `AVError(.noImageAtTime)` for a time
    /// outside `[0, duration]` or an asset without pictures (the end gives the last frame).
    public func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let (image, time) = try picture(at: requestedTime)
        actualTime?.pointee = time
        return image
    }

    /// The picture at `time` and the time it shows.
    public func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        try picture(at: time)
    }

    /// The pictures at `times`, in order, each made when the sequence asks for it.
    public func images(for times: [CMTime]) -> Images { Images(generator: self, times: times) }

    /// Makes the pictures `generateCGImagesAsynchronously(forTimes:)` has not made yet end `.cancelled`.
    public func cancelAllCGImageGeneration() {
        generation.withLock { $0 += 1 }
    }

    /// The requests made since the last `cancelAllCGImageGeneration()`.
    var currentGeneration: Int { generation.withLock { $0 } }

    /// The picture at `time`: the composition's frame showing at `time` (the last frame at the end), and its time.
    func picture(at time: CMTime) throws -> (CGImage, CMTime) {
        let settings = configuration.withLock { $0 }
        let composition = try asset.nativeComposition()
        let duration = CMTime(composition.duration)
        guard composition.tracks(withMediaType: .video).contains(where: { !$0.isEmpty }) else {
            throw AVError(.noImageAtTime, .noVideo)
        }
        guard time.isNumeric, time >= .zero, time <= duration else {
            throw AVError(.noImageAtTime, .timeOutside(time.native, duration: duration.native))
        }
        if settings.videoComposition?.animationTool != nil {
            throw AVError(.invalidVideoComposition, .readerSetting(output: "AVAssetImageGenerator",
                                                                   problem: AVAssetReaderVideoCompositionOutput
                                                                       .animationToolProblem))
        }
        let videoComposition = try settings.videoComposition?.rendered(for: composition)
        let natural = videoComposition?.renderSize ?? composition.naturalSize
        let (width, height) = CGSize(width: natural.width, height: natural.height)
            .evenPixels(fitting: settings.maximumSize)
        let (picture, actual) = try renderer.picture(of: composition, videoComposition: videoComposition, at: time,
                                                     width: width, height: height)
        return (CGImage(picture), actual)
    }

    /// The pictures of `images(for:)`.
    public struct Images: AsyncSequence, Sendable {
        /// One requested picture, or why it could not be made.
        public struct Element: Sendable {
            /// The time asked for.
            public let requestedTime: CMTime
            let result: Swift.Result<(image: CGImage, actualTime: CMTime), AVError>

            /// The picture; throws why it could not be made.
            public var image: CGImage { get throws { try result.get().image } }
            /// The time the picture shows; throws why it could not be made.
            public var actualTime: CMTime { get throws { try result.get().actualTime } }
        }

        /// Makes one picture per call.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let generator: AVAssetImageGenerator
            var remaining: ArraySlice<CMTime>

            /// The next picture, or nil after the last time.
            public mutating func next() async -> Element? {
                guard let time = remaining.popFirst() else { return nil }
                let result: Swift.Result<(image: CGImage, actualTime: CMTime), AVError>
                do {
                    let (image, actual) = try generator.picture(at: time)
                    result = .success((image, actual))
                } catch let error as AVError {
                    result = .failure(error)
                } catch {
                    result = .failure(AVError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
                }
                return Element(requestedTime: time, result: result)
            }
        }

        let generator: AVAssetImageGenerator
        let times: [CMTime]

        /// An iterator over the times.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(generator: generator, remaining: times[...]) }
    }
}
