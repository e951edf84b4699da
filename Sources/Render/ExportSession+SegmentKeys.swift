import Composition
import LibAV
import MediaCore

extension ExportSession {
    /// The keys of the shareable video segments an export of this session would encode, in output order (empty when
    /// it encodes none: audio-only, stills, passthrough, HDR); a run uses them to plan its cache and job order.
    public func plannedSegmentKeys() -> [SegmentKey] {
        guard let video = settings.video, !video.isHDR, settings.container != .m4a,
              !settings.container.isStillImage, !settings.container.isAnimatedPicture, !settings.passthrough,
              let videoComposition, let range = try? exportedRange(of: composition.duration),
              let format = try? settings.encoderPixelFormat(video), let clock = try? FrameClock(frameRate: video.frameRate),
              let frames = try? clock.frameCount(for: range.duration)
        else { return [] }
        let plan = SegmentPlan(composition: composition, videoComposition: videoComposition, range: range, clock: clock,
                               frameCount: frames, shareable: shareableRanges,
                               encoder: ExportSettings.encoderName(video.codec),
                               settings: settings.encoderSettings(video, pixelFormat: format))
        return plan.segments.compactMap(\.key)
    }
}
