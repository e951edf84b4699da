import Composition
import LibAV
import MediaCore

/// An export's video as planned: its encoder sessions, and how copied source packets join them. The renderer and a
/// run's planner (`plannedSegmentKeys`) both read this one plan, so the keys a run plans its cache by are the keys
/// the render claims.
struct VideoPlan {
    /// Output frame timing.
    let clock: FrameClock
    /// The frames of the exported range.
    let frameCount: Int64
    /// The encoder sessions' settings (the preset's, with the parameter-set ids of a splice).
    let settings: Encoder.VideoSettings
    /// With passthrough, how the encoder's packets join the stretches copied from a source; nil when none are.
    let splice: (setup: SpliceSetup, stretches: [CopiedStretch])?
    /// The segments before they are cut into lane chunks (their keys are the shareable ones).
    let sessions: SegmentPlan
}

extension ExportSession {
    /// The plan of `video` for `range` with the preset's encoder settings `encoder` (for 8-bit or 10-bit `format`):
    /// one segment for HDR outputs and outputs without a video composition, else cut at instruction boundaries with
    /// shareable still stretches keyed.
    func videoPlan(_ video: ExportSettings.Video, range: TimeRange, format: LibAV.PixelFormat,
                   encoder: Encoder.VideoSettings) throws(RenderError) -> VideoPlan {
        let clock = try FrameClock(frameRate: video.frameRate)
        let frames = try clock.frameCount(for: range.duration)
        let splice = spliceCopies(video, format: format, range: range, clock: clock, frameCount: frames,
                                  settings: encoder)
        let keyed = splice?.setup.settings ?? encoder
        let sessions = video.isHDR || videoComposition == nil
            ? SegmentPlan(frameCount: frames)
            : SegmentPlan(composition: composition, videoComposition: videoComposition!, range: range, clock: clock,
                          frameCount: frames, shareable: shareableRanges, encoder: ExportSettings.encoderName(video.codec),
                          settings: keyed, copies: splice?.stretches.map(\.frames) ?? [])
        return VideoPlan(clock: clock, frameCount: frames, settings: keyed, splice: splice, sessions: sessions)
    }
}
