public import Composition
public import MediaCore

/// Renders a composition's picture at chosen times, as the export would draw those frames (layers, transitions,
/// titles and captions), without encoding anything: for poster frames, `mediabatch frames` and contact sheets.
/// Sources are opened once, when the grabber is made, and each asked time is snapped to the frame showing then.
///
/// Not thread-safe: one grabber renders one picture at a time. Asking times in increasing order is fastest (the
/// decoders run forward); going back seeks.
public final class FrameGrabber {
    /// How the grabber hands pictures out.
    public enum Format: Sendable, Hashable {
        /// Packed R'G'B' (`picture(at:)`).
        case rgb
        /// Y'CbCr 4:2:0 planes in the compositor's working space (`yuvPicture(at:)`).
        case yuv420
    }

    /// How pictures are handed out.
    public let format: Format
    /// The composition's length.
    public let duration: MediaTime
    /// The frame rate times are snapped to.
    public let frameRate: FrameRate
    /// The pictures' width in pixels.
    public let width: Int
    /// The pictures' height in pixels.
    public let height: Int
    private let renderer: VideoFrameRenderer
    private let clock: FrameClock

    /// A grabber of `width` x `height` pictures (even numbers) of `composition` laid out by `videoComposition`
    /// (nil fits each video track into the picture), on a grid of `frameRate`, handed out in `format`. Throws when a
    /// source cannot be opened.
    public init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
                frameRate: FrameRate, format: Format = .rgb, decoderThreads: Int = 1) throws(ExportError) {
        self.format = format
        duration = composition.duration
        guard duration.isNumeric, duration > .zero else {
            throw ExportError.setup(reason: "the composition is empty; it has no frames")
        }
        self.frameRate = frameRate
        self.width = width
        self.height = height
        do {
            clock = try FrameClock(frameRate: frameRate)
        } catch {
            throw ExportError.setup(reason: "\(error)")
        }
        let pool = SourcePool(decoderThreads: decoderThreads)
        try pool.openAll(in: composition, video: true, audio: false)
        renderer = try VideoFrameRenderer(composition: composition, videoComposition: videoComposition, width: width,
                                          height: height, pixelFormat: format == .rgb ? .rgb24 : .yuv420p,
                                          sources: pool)
    }

    /// The time of the last frame: where `end` points.
    public var lastFrameTime: MediaTime {
        guard let count = try? clock.frameCount(for: duration), count > 0 else { return .zero }
        return clock.time(ofFrame: count - 1)
    }

    /// The time of the frame showing at `time`, clamped into the composition.
    public func frameTime(at time: MediaTime) -> MediaTime {
        guard time > .zero else { return .zero }
        let last = lastFrameTime
        if time >= last { return last }
        let frame = clock.frameDuration
        let index = Int64(clamping: Int128(time.value) * Int128(frame.timescale) / (Int128(time.timescale) * Int128(frame.value)))
        return MediaTime.minimum(clock.time(ofFrame: index), last)
    }

    /// The picture at `time` (snapped to its frame and clamped into the composition); the grabber's format must be
    /// `.rgb`.
    public func picture(at time: MediaTime) throws(ExportError) -> Picture {
        guard format == .rgb else { throw ExportError.setup(reason: "this grabber hands out planes; ask yuvPicture(at:)") }
        return Picture(frame: try renderer.render(at: frameTime(at: time)))
    }

    /// The picture at `time` as planes (snapped to its frame and clamped into the composition); the grabber's format
    /// must be `.yuv420`.
    public func yuvPicture(at time: MediaTime) throws(ExportError) -> YUVPicture {
        guard format == .yuv420 else { throw ExportError.setup(reason: "this grabber hands out RGB; ask picture(at:)") }
        return YUVPicture(frame: try renderer.render(at: frameTime(at: time)))
    }

    /// The pictures at `times`, in the order asked.
    public func pictures(at times: [MediaTime]) throws(ExportError) -> [Picture] {
        var result: [Picture] = []
        for time in times { result.append(try picture(at: time)) }
        return result
    }
}
