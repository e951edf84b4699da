import Manifest
import MediaCore

extension PlanFormatter {
    /// The plan's `beats:` line (the soundtrack's grid) and one `snap:` line per cut: moved (from -> to), already on
    /// a target, or kept for want of one within `max_shift`.
    static func beatLines(_ job: Job) -> [String] {
        guard let snap = job.beatSnap else { return [] }
        let what = snap.target.rawValue + (snap.every > 1 ? " (every \(snap.every))" : "")
        let first = snap.firstTargets.map(TimeSyntax.humanReadable).joined(separator: ", ")
        var lines = ["  beats:    \(snap.soundtrack) at \(ValueSyntax.format((snap.tempo * 10).rounded() / 10)) BPM; "
            + "\(snap.targetCount) \(what) on the timeline" + (first.isEmpty ? "" : ", first \(first)")]
        for cut in snap.cuts {
            let head = "  snap:     cut into clip \(cut.clip) "
            guard let target = cut.to else {
                lines.append(head + "stays at \(TimeSyntax.humanReadable(cut.from)): no \(snap.target.rawValue.dropLast()) within \(TimeSyntax.humanReadable(snap.maxShift))")
                continue
            }
            lines.append(head + (target == cut.from ? "already at \(TimeSyntax.humanReadable(target))"
                : "\(TimeSyntax.humanReadable(cut.from)) -> \(TimeSyntax.humanReadable(target))"))
        }
        return lines
    }
}
