import Composition
import LibAV
import MediaCore

extension ExportSession {
    /// The keys of the shareable video segments an export of this session would encode, in output order (empty when
    /// it encodes none: audio-only, stills, HDR); a run uses them to plan its cache and job order. With passthrough,
    /// the keys of a render that copies what it can from its sources (an output copied whole has none to share).
    public func plannedSegmentKeys() -> [SegmentKey] {
        plannedVideoSegments().compactMap(\.key)
    }

    /// Every video segment an export of this session would encode, in output order, with its frames and key (nil
    /// for a segment no other output or run can share); empty as for `plannedSegmentKeys`.
    public func plannedVideoSegments() -> [PlannedSegment] {
        guard let video = settings.video, !video.isHDR, settings.container != .m4a,
              !settings.container.isStillImage, !settings.container.isAnimatedPicture,
              videoComposition != nil, let range = try? exportedRange(of: composition.duration),
              let format = try? settings.encoderPixelFormat(video),
              let plan = try? videoPlan(video, range: range, format: format,
                                        encoder: settings.encoderSettings(video, pixelFormat: format))
        else { return [] }
        // The very plan the renderer reads.
        return plan.segments.segments
    }

    /// The seconds of video an export of this session would take from kept segments (those `isKept` says are kept),
    /// and of all the video it would encode; nil when it encodes none.
    public func keptVideoSeconds(isKept: (SegmentKey) -> Bool) -> (kept: Double, total: Double)? {
        let segments = plannedVideoSegments()
        guard !segments.isEmpty, let video = settings.video, let clock = try? FrameClock(frameRate: video.frameRate)
        else { return nil }
        let seconds = { (list: [PlannedSegment]) in
            Double(list.reduce(0) { $0 + $1.frames.count }) * clock.frameDuration.seconds
        }
        return (seconds(segments.filter { $0.key.map(isKept) ?? false }), seconds(segments))
    }

    /// Whether encoding `frames` output frames gives each of `lanes` encoder lanes at least one chunk of the
    /// shortest length. A render with less to encode (most of it kept by earlier runs) spends its time on what one
    /// core does (the sound, the joins), so it is no reason to keep the other cores from another render.
    public func fillsLanes(_ lanes: Int, encodingFrames frames: Int64) -> Bool {
        guard let video = settings.video, let clock = try? FrameClock(frameRate: video.frameRate) else { return false }
        return Double(frames) * clock.frameDuration.seconds >= Double(lanes) * SegmentPlan.minimumChunkSeconds
    }
}
