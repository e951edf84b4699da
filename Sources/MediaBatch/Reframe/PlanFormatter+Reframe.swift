import Manifest
import MediaCore

extension PlanFormatter {
    /// The plan's `reframe:` lines.
    static func reframeLines(_ job: Job) -> [String] {
        reframeSummaries(job).map { "  reframe:  " + $0 }
    }

    /// Each reframed clip's path: its shots, whether the crop holds still or follows, and where it goes; or why the
    /// clip is not reframed.
    static func reframeSummaries(_ job: Job) -> [String] {
        let frame = job.videoComposition?.frameDuration ?? MediaTime(value: 1, timescale: 30)
        return (job.reframes ?? []).map { clip in
            let head = "\(clip.kind.rawValue) \(clip.clip) \(clip.source) (\(clip.subject.rawValue))"
            guard let path = clip.path else { return head + ": " + (clip.note ?? "not reframed") }
            let axis = path.axis == .horizontal ? "x" : "y"
            let shots = path.shots.map { shot in
                let start = clip.timeRange.start + frame * Int32(shot.frames.lowerBound)
                let end = MediaTime.minimum(clip.timeRange.end, clip.timeRange.start + frame * Int32(shot.frames.upperBound))
                let span = "\(TimeSyntax.humanReadable(start))-\(TimeSyntax.humanReadable(end))"
                let place = shot.still ? "still at \(axis) \(Int(shot.lowest.rounded()))"
                    : "following \(axis) \(Int(shot.lowest.rounded()))-\(Int(shot.highest.rounded()))"
                return span + " " + place + (shot.found ? "" : " (no subject found: centred)")
            }
            let count = "\(path.shots.count) shot\(path.shots.count == 1 ? "" : "s")"
            let crop = "crop \(Int(path.extent.rounded())) px \(path.axis == .horizontal ? "wide" : "high")"
            return head + ": \(count), \(crop); " + shots.joined(separator: " | ")
        }
    }
}
