import Foundation
import Synchronization

/// One frame for a video composition's filtering handler: the frame as a Core Image picture, its time, and the way
/// to hand back the filtered picture (or an error), from any thread.
public final class AVAsynchronousCIImageFilteringRequest: Sendable {
    /// The size of the pictures.
    public let renderSize: CGSize
    /// The frame's time in the composition.
    public let compositionTime: CMTime
    /// The frame, covering `CGRect(origin: .zero, size: renderSize)`.
    public let sourceImage: CIImage
    /// What the handler handed back.
    enum Outcome: @unchecked Sendable {
        case image(CIImage)
        case failure(any Error)
    }

    private let outcome = Mutex<Outcome?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(renderSize: CGSize, compositionTime: CMTime) {
        self.renderSize = renderSize
        self.compositionTime = compositionTime
        sourceImage = CIImage(extent: CGRect(origin: .zero, size: renderSize))
    }

    /// Hands back the filtered picture; `context` changes nothing here. Only the first answer counts.
    public func finish(with filteredImage: CIImage, context: CIContext?) { answer(.image(filteredImage)) }

    /// Fails the frame, and the export or read drawing it, with `error`. Only the first answer counts.
    public func finish(with error: any Error) { answer(.failure(error)) }

    private func answer(_ given: Outcome) {
        let first = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = given
            return true
        }
        if first { finished.signal() }
    }

    /// The answer, once the handler gives one within `timeout` seconds; nil if it does not.
    func wait(timeout: Double) -> Outcome? {
        guard finished.wait(timeout: .now() + timeout) == .success else { return nil }
        return outcome.withLock { $0 }
    }
}
