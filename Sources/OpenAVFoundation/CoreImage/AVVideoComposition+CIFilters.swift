import Composition
import Foundation
import MediaCore

extension AVVideoComposition {
    /// A video composition fitting `asset` (as `init(propertiesOf:)`) whose every frame goes through `applier`: it
    /// gets the frame as a `CIImage` and finishes the request with the filtered picture (deprecated on Apple's
    /// platforms, as the asynchronous form is not).
    public convenience init(asset: AVAsset,
                            applyingCIFiltersWithHandler applier: @escaping (AVAsynchronousCIImageFilteringRequest) -> Void) {
        var contents = Self.contents(propertiesOf: (try? asset.nativeComposition()) ?? MutableComposition())
        contents.filtering = FilteringHandler(applier)
        self.init(contents)
    }

    /// A video composition fitting `asset` whose every frame goes through `applier`; throws when the asset cannot be
    /// loaded.
    public class func videoComposition(
        with asset: AVAsset,
        applyingCIFiltersWithHandler applier: @escaping @Sendable (AVAsynchronousCIImageFilteringRequest) -> Void
    ) async throws -> AVVideoComposition {
        var contents = contents(propertiesOf: try asset.nativeComposition())
        contents.filtering = FilteringHandler(applier)
        return AVVideoComposition(contents)
    }

    /// The video composition as the renderer draws it over `composition`: `native`, with the filtering handler's
    /// pictures as picture filters, one stretch per frame or per run of frames filtered alike. The handler is asked
    /// once per frame and per composition length; its answers are kept.
    func rendered(for composition: MutableComposition) throws -> VideoComposition {
        var native = self.native
        guard let filtering = state.withLock({ $0.filtering }) else { return native }
        native.pictureFilters = try filtering.spans(duration: composition.duration, frameDuration: native.frameDuration,
                                                    renderSize: renderSize)
        return native
    }
}

/// A video composition's filtering handler, and the picture filters it gave for each composition length asked.
final class FilteringHandler: @unchecked Sendable {
    /// How long a handler has to finish a request.
    static let timeout = 60.0
    private let applier: (AVAsynchronousCIImageFilteringRequest) -> Void
    private let answers = NSLock()
    private var spansByLength: [String: [PictureFilterSpan]] = [:]

    init(_ applier: @escaping (AVAsynchronousCIImageFilteringRequest) -> Void) {
        self.applier = applier
    }

    /// The spans over `duration` at `frameDuration` for pictures of `renderSize`; throws the handler's error, or
    /// what keeps its picture from being drawn.
    func spans(duration: MediaTime, frameDuration: MediaTime, renderSize: CGSize) throws -> [PictureFilterSpan] {
        answers.lock()
        defer { answers.unlock() }
        let key = "\(duration) \(frameDuration) \(renderSize)"
        if let known = spansByLength[key] { return known }
        guard duration.isNumeric, frameDuration.isNumeric, frameDuration > .zero else { return [] }
        var spans: [PictureFilterSpan] = []
        var time = MediaTime.zero
        while time < duration {
            let next = time + frameDuration
            let filters = try filters(at: time, renderSize: renderSize)
            if let last = spans.last, last.filters == filters, last.timeRange.end == time {
                spans[spans.count - 1].timeRange = TimeRange(start: last.timeRange.start, end: next)
            } else {
                spans.append(PictureFilterSpan(timeRange: TimeRange(start: time, end: next), filters: filters))
            }
            time = next
        }
        spansByLength[key] = spans
        return spans
    }

    /// The handler's filters for the frame at `time`.
    private func filters(at time: MediaTime, renderSize: CGSize) throws -> [PictureFilter] {
        let request = AVAsynchronousCIImageFilteringRequest(renderSize: renderSize, compositionTime: CMTime(time))
        applier(request)
        func failure(_ problem: String) -> AVError {
            AVError(.invalidVideoComposition, .filteredFrame(time: time, problem: problem))
        }
        switch request.wait(timeout: Self.timeout) {
        case nil:
            throw failure("the filtering handler did not finish the request within \(Int(Self.timeout)) s")
        case let .failure(error)?:
            throw error
        case let .image(image)?:
            do {
                return try FilterRecipe.filters(of: image, render: CGRect(origin: .zero, size: renderSize))
            } catch {
                throw failure(error.description)
            }
        }
    }
}
