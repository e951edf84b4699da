public import Composition
import LibAV
public import MediaCore

/// Renders the stills an export did not capture (`ExportSession.stillTimes`): each frame is drawn as the export draws
/// it (its size, pixel format and renderer) and scaled as `StillCapture` scales what it keeps, so a poster has the
/// same pixels whether the output's render captured its frame or took the frame's segment from another render or an
/// earlier run. Sources are opened on the first picture.
///
/// Not thread-safe: one renderer draws one picture at a time.
public final class StillRenderer {
    private let composition: MutableComposition
    private let videoComposition: VideoComposition?
    private let video: ExportSettings.Video
    private let format: LibAV.PixelFormat
    private let clock: FrameClock
    private let duration: MediaTime
    private var opened: VideoFrameRenderer?
    private var scaler: Scaler?

    /// A renderer of stills of `composition` exported with `settings`; nil for settings without pictures or with
    /// HDR pictures (an HDR export keeps no stills, so its posters are always drawn the one way `FrameGrabber` draws
    /// them).
    public init?(composition: MutableComposition, videoComposition: VideoComposition?, settings: ExportSettings) {
        guard let video = settings.video, !video.isHDR, let format = try? settings.encoderPixelFormat(video),
              let clock = try? FrameClock(frameRate: video.frameRate) else { return nil }
        self.composition = composition
        self.videoComposition = videoComposition
        self.video = video
        self.format = format
        self.clock = clock
        duration = composition.duration
    }

    /// The still of the frame showing at composition time `time` (the last frame past the end), at most `width`
    /// pixels wide: the picture `StillCapture` keeps for `time` when the export renders that frame.
    public func still(at time: MediaTime, width: Int) throws(ExportError) -> Picture {
        let frame = try renderer().render(at: clock.time(ofFrame: frameIndex(at: time)))
        do {
            return try StillCapture.still(of: frame, width: width, scaler: &scaler)
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot scale the still at \(time.seconds) s: \(error)")
        }
    }

    /// The export's frame showing at `time`, counted from the start of the composition as `StillCapture` counts
    /// them, within the composition's frames.
    private func frameIndex(at time: MediaTime) -> Int64 {
        let last = max(0, ((try? clock.frameCount(for: duration)) ?? 1) - 1)
        guard time.isNumeric, time > .zero, let index = try? clock.frameIndex(at: time) else { return 0 }
        return min(index, last)
    }

    /// The renderer, made with its sources the first time.
    private func renderer() throws(ExportError) -> VideoFrameRenderer {
        if let opened { return opened }
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: true, audio: false)
        let made = try VideoFrameRenderer(composition: composition, videoComposition: videoComposition,
                                          width: video.width, height: video.height, pixelFormat: format, sources: pool)
        opened = made
        return made
    }
}
