import Composition
import MediaCore

extension JobBuilder {
    /// Moves each cut between `placed` clips (a transition's centre) to the nearest snap target of the output's
    /// soundtrack within `max_shift`, landed on an output frame: the clip before the cut ends that much earlier or
    /// later in its source and every later clip moves with it. A cut with no target that close stays. Nil when the
    /// output does not snap.
    func snapCuts(_ placed: inout [PlacedClip], spec: OutputSpec, built: [String: Job]) throws -> BeatSnap? {
        guard let snap = spec.snap, !placed.isEmpty else { return nil }
        let (label, grid, length) = try snapSoundtrack(snap, spec: spec, built: built)
        let end = placed[placed.count - 1].end + snap.maxShift
        let targets = Self.snapTargets(grid, snap: snap, soundtrack: spec.soundtrack!, length: length, until: end,
                                       frameRate: spec.settings.video?.frameRate)
        var summary = BeatSnap(soundtrack: label, target: snap.target, every: snap.every, tempo: grid.tempo,
                               firstTargets: Array(targets.prefix(8)), targetCount: targets.count,
                               maxShift: snap.maxShift, cuts: [])
        var shift = MediaTime.zero
        for index in placed.indices.dropFirst() {
            placed[index].start = placed[index].start + shift
            let half = placed[index].transitionIn.duration.multiplied(by: 1, dividedBy: 2)
            let cut = placed[index].start + half
            var cutSummary = BeatSnap.Cut(clip: index + 1, from: cut, to: nil)
            defer { summary.cuts.append(cutSummary) }
            guard let target = Self.nearest(to: cut, in: targets), Self.distance(target, cut) <= snap.maxShift
            else { continue }
            cutSummary.to = target
            guard target != cut else { continue }
            let delta = target - cut
            try moveEnd(of: &placed[index - 1], by: delta, cut: cut, to: target, before: placed[index], spec: spec)
            placed[index].start = placed[index].start + delta
            shift = shift + delta
        }
        return summary
    }

    /// The soundtrack's name in messages, its beat grid and its length; an error at `snap` when there is none to
    /// analyse.
    private func snapSoundtrack(_ snap: SnapSpec, spec: OutputSpec,
                                built: [String: Job]) throws -> (String, BeatGrid, MediaTime) {
        guard let soundtrack = spec.soundtrack else {
            throw problem(spec, stage: "load", "'snap' moves cuts to the soundtrack's beats, but output '\(spec.name)' has no 'soundtrack'",
                          at: snap.location)
        }
        let label = self.label(soundtrack.source, in: spec)
        let path: String
        switch soundtrack.source {
        case .file(let file): path = file
        case .remote(let source):
            guard case .success(let file) = localFile(source) else { return try missing(soundtrack, label) }
            path = file
        case .generator, .output:
            throw problem(spec, stage: "load", "'snap' finds beats in a sound file, and soundtrack \(label) is not one",
                          at: snap.location)
        }
        let info = try sourceInfo(soundtrack.source, spec: spec, at: soundtrack.location, built: built)
        guard info != .standIn, let audio = info.audio else { return try missing(soundtrack, label) }
        switch catalog.beatGrid(path: path) {
        case .success(let grid): return (label, grid, audio.timeRange.duration)
        case .failure(let failure):
            throw problem(spec, stage: failure.stage, "soundtrack \(label) \(failure.message)", at: snap.location)
        }
        func missing(_ soundtrack: SoundtrackSpec, _ label: String) throws -> (String, BeatGrid, MediaTime) {
            // The soundtrack's own problem is recorded where it is written; the cuts cannot be snapped past it.
            throw problem(spec, stage: "load", "'snap' cannot find beats: soundtrack \(label) cannot be read",
                          at: snap.location)
        }
    }

    /// The targets on the output timeline up to `end`: the soundtrack's beats, downbeats or onsets (every Nth),
    /// shifted by its `from` and repeated every `length` when it loops, each landed on the nearest output frame.
    static func snapTargets(_ grid: BeatGrid, snap: SnapSpec, soundtrack: SoundtrackSpec, length: MediaTime,
                            until end: MediaTime, frameRate: FrameRate?) -> [MediaTime] {
        let times: [Double]
        switch snap.target {
        case .beats: times = grid.beats
        case .downbeats: times = grid.downbeats
        case .onsets: times = grid.onsets.map(\.time)
        }
        let chosen = stride(from: 0, to: times.count, by: snap.every).map { times[$0] }
        let rate = frameRate ?? FrameRate(1000)
        let (offset, period, last) = (soundtrack.from.seconds, length.seconds, end.seconds)
        var landed: [MediaTime] = []
        var round = 0.0
        while true {
            for time in chosen {
                let output = time + round * period - offset
                guard output >= 0, output <= last else { continue }
                landed.append(rate.time(ofFrame: Int64((output * rate.framesPerSecond).rounded())))
            }
            round += 1
            guard soundtrack.loop, period > 0, round * period - offset <= last else { break }
        }
        var unique: [MediaTime] = []
        for time in landed.sorted() where unique.last != time { unique.append(time) }
        return unique
    }

    /// The target nearest `time` (the earlier of two equally near).
    static func nearest(to time: MediaTime, in targets: [MediaTime]) -> MediaTime? {
        targets.min { distance($0, time) < distance($1, time) }
    }

    /// How far apart two times are.
    static func distance(_ a: MediaTime, _ b: MediaTime) -> MediaTime { a > b ? a - b : b - a }

    /// Ends `clip` `delta` later (earlier when negative) in its source, so the cut into `next` moves from `cut` to
    /// `target`; an error at the clip when its source has no more to give or it would be shorter than its
    /// transitions.
    private func moveEnd(of clip: inout PlacedClip, by delta: MediaTime, cut: MediaTime, to target: MediaTime,
                         before next: PlacedClip, spec: OutputSpec) throws {
        let speed = clip.clip.speed
        let sourceDelta = delta.multiplied(by: Int64(speed.numerator), dividedBy: Int64(speed.denominator))
        let newEnd = clip.sourceRange.end + sourceDelta
        let moves = "'snap' moves the cut after this clip from \(TimeSyntax.humanReadable(cut)) to \(TimeSyntax.humanReadable(target))"
        if !clip.info.isStill, clip.info.duration.isNumeric, newEnd > clip.info.duration {
            throw problem(spec, stage: "load",
                          "\(moves), so it would end at \(TimeSyntax.humanReadable(newEnd)) of \(label(clip.clip.source, in: spec)), which is only \(TimeSyntax.humanReadable(clip.info.duration)) long; end the clip earlier in its source or lower 'max_shift'",
                          at: clip.clip.location)
        }
        if clip.duration + delta <= clip.transitionIn.duration + next.transitionIn.duration {
            throw problem(spec, stage: "load",
                          "\(moves), which leaves this clip no longer than its transitions; lengthen the clip or lower 'max_shift'",
                          at: clip.clip.location)
        }
        clip.sourceRange = TimeRange(start: clip.sourceRange.start, end: newEnd)
        clip.duration = clip.duration + delta
    }
}
