extension SegmentPlan {
    /// A content group on its way to being a segment: its frames and key, and whether text shows over it.
    struct Run {
        var segment: PlannedSegment
        var showsText: Bool

        /// Whether it is rendered and encoded without a key (neither kept nor copied).
        var isPlain: Bool { segment.key == nil && !segment.isCopied }
    }

    /// `runs` where each stretch of plain runs shorter than `minimumKeyedFrames` between keyed ones (it would cost a
    /// keyframe for a few frames) gives a keyed neighbour with text its frames: that neighbour loses its key, as its
    /// pictures are this output's own and only a later run of it would take them. Of two such neighbours the shorter
    /// one goes; a stretch between keyed stretches without text stays as it is.
    static func absorbingShortRuns(_ runs: [Run]) -> [Run] {
        var runs = runs
        var index = 0
        while index < runs.count {
            guard runs[index].isPlain else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < runs.count, runs[end + 1].isPlain { end += 1 }
            let length = runs[index...end].reduce(0) { $0 + Int64($1.segment.frames.count) }
            if length < minimumKeyedFrames {
                let neighbours = [index - 1, end + 1].filter { runs.indices.contains($0) }
                    .filter { runs[$0].showsText && runs[$0].segment.key != nil }
                if let chosen = neighbours.min(by: { runs[$0].segment.frames.count < runs[$1].segment.frames.count }) {
                    runs[chosen].segment.key = nil
                }
            }
            index = end + 1
        }
        return runs
    }

    /// The segments of `runs`, neighbouring plain runs joined into one encoder session.
    static func joined(_ runs: [Run]) -> [PlannedSegment] {
        var segments: [PlannedSegment] = []
        for run in runs {
            if run.isPlain, let last = segments.last, last.key == nil, !last.isCopied {
                segments[segments.count - 1].frames = last.frames.lowerBound..<run.segment.frames.upperBound
            } else {
                segments.append(run.segment)
            }
        }
        return segments
    }
}
