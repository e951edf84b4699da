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
    /// The segments, cut into lane chunks when the preset encodes in lanes; each keyed one may be shared.
    let segments: SegmentPlan
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
        let name = ExportSettings.encoderName(video.codec)
        guard !video.isHDR, let videoComposition else {
            return VideoPlan(clock: clock, frameCount: frames, settings: keyed, splice: splice,
                             segments: SegmentPlan(frameCount: frames))
        }
        let sessions = SegmentPlan(composition: composition, videoComposition: videoComposition, range: range,
                                   clock: clock, frameCount: frames, shareable: shareableRanges, encoder: name,
                                   settings: keyed, digests: fileDigests, copies: splice?.stretches.map(\.frames) ?? [])
        let describer = SegmentDescriber(composition: composition, videoComposition: videoComposition,
                                         encoder: SegmentPlan.encoderIdentity(name, keyed), digests: fileDigests)
        let chunks = sessions.chunked(
            lanes: video.encoderLanes, clock: clock,
            preRoll: chunkStartCost(video, range: range, clock: clock)?.preRoll(atFrame:),
            rekey: { frames in
                describer.key(times: frames.map { range.start + clock.time(ofFrame: $0) },
                              frameDuration: clock.frameDuration)
            },
            cutsShortPlans: video.lanes(rendering: composition) > 1)
        return VideoPlan(clock: clock, frameCount: frames, settings: keyed, splice: splice, segments: chunks)
    }
}
