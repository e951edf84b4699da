import Foundation

/// What `generateCGImagesAsynchronously(forTimes:completionHandler:)` calls once per requested time: the time asked
/// for, the picture, the time it shows, how it went and why it failed.
@preconcurrency public typealias AVAssetImageGeneratorCompletionHandler =
    @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, (any Error)?) -> Void

extension AVAssetImageGenerator {
    /// How one asynchronous picture went, with Apple's raw values.
    public enum Result: Int, Sendable {
        /// The picture was made.
        case succeeded = 0
        /// It could not be made; the error says why.
        case failed = 1
        /// `cancelAllCGImageGeneration()` was called first.
        case cancelled = 2
    }

    /// Makes the pictures at `requestedTimes` (`NSValue(time:)`s) one after another on a thread of its own, calling
    /// `handler` there for each, in order; those not yet made when `cancelAllCGImageGeneration()` is called end
    /// `.cancelled`.
    @preconcurrency public func generateCGImagesAsynchronously(forTimes requestedTimes: [NSValue],
                                               completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler) {
        let times = requestedTimes.map(\.timeValue)
        let generation = currentGeneration
        Thread.detachNewThread { [self] in
            for time in times {
                guard generation == currentGeneration else {
                    handler(time, nil, .invalid, .cancelled, nil)
                    continue
                }
                do {
                    let (image, actual) = try picture(at: time)
                    handler(time, image, actual, .succeeded, nil)
                } catch {
                    handler(time, nil, .invalid, .failed, error)
                }
            }
        }
    }

    /// Makes the picture at `requestedTime` on a thread of its own and gives it, its time or the error to `handler`.
    @preconcurrency public func generateCGImageAsynchronously(for requestedTime: CMTime,
                                              completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void) {
        Thread.detachNewThread { [self] in
            do {
                let (image, actual) = try picture(at: requestedTime)
                handler(image, actual, nil)
            } catch {
                handler(nil, .invalid, error)
            }
        }
    }
}
