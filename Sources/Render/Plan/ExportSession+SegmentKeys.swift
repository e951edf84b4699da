import Composition
import LibAV
import MediaCore

extension ExportSession {
    /// The keys of the shareable video segments an export of this session would encode, in output order (empty when
    /// it encodes none: audio-only, stills, HDR); a run uses them to plan its cache and job order. With passthrough,
    /// the keys of a render that copies what it can from its sources (an output copied whole has none to share).
    public func plannedSegmentKeys() -> [SegmentKey] {
        guard let video = settings.video, !video.isHDR, settings.container != .m4a,
              !settings.container.isStillImage, !settings.container.isAnimatedPicture,
              let videoComposition, let range = try? exportedRange(of: composition.duration),
              let format = try? settings.encoderPixelFormat(video), let clock = try? FrameClock(frameRate: video.frameRate),
              let frames = try? clock.frameCount(for: range.duration)
        else { return [] }
        var encoder = settings.encoderSettings(video, pixelFormat: format)
        var copies = plannedCopies(video, format: format, range: range, clock: clock, frameCount: frames)
        if let first = copies.first {
            if let (keyed, _) = SpliceSetup.keyedSettings(source: first.source, settings: encoder) {
                encoder = keyed
            } else {
                copies = []
            }
        }
        let plan = SegmentPlan(composition: composition, videoComposition: videoComposition, range: range, clock: clock,
                               frameCount: frames, shareable: shareableRanges,
                               encoder: ExportSettings.encoderName(video.codec), settings: encoder,
                               copies: copies.map(\.frames))
        return plan.segments.compactMap(\.key)
    }
}
