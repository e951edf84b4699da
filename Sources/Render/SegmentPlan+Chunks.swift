import MediaCore

extension SegmentPlan {
    /// The longest chunk: a chunk encoded ahead of the one being written is held whole until its turn.
    static let maximumChunkSeconds = 20.0
    /// The shortest chunk: each one is an encoder session of its own, starting with a keyframe (a short output's
    /// shared intro, body and outro are segments enough to keep the lanes busy).
    static let minimumChunkSeconds = 1.0

    /// This plan with every unshared, rendered segment cut into chunks for `lanes` encoder sessions side by side:
    /// a multiple of `lanes` chunks of equal length (the last takes the remainder), as few as keep each at most
    /// `maximumChunkSeconds`, and fewer when they would be shorter than `minimumChunkSeconds`. The cut depends only on
    /// the segment and `lanes` (a preset setting), never on the machine or the run. One lane leaves the plan as it is.
    func chunked(lanes: Int, clock: FrameClock) -> SegmentPlan {
        guard lanes > 1 else { return self }
        let frameSeconds = clock.frameDuration.seconds
        let longest = max(1, Int64(Self.maximumChunkSeconds / frameSeconds))
        let shortest = max(1, Int64((Self.minimumChunkSeconds / frameSeconds).rounded(.up)))
        var cut: [PlannedSegment] = []
        for segment in segments {
            guard segment.key == nil, !segment.isCopied else {
                cut.append(segment)
                continue
            }
            let frames = segment.frames
            let rounds = (Int64(frames.count) + longest * Int64(lanes) - 1) / (longest * Int64(lanes))
            let count = max(1, min(rounds * Int64(lanes), Int64(frames.count) / shortest))
            let length = Int64(frames.count) / count
            for chunk in 0..<count {
                let start = frames.lowerBound + chunk * length
                let end = chunk == count - 1 ? frames.upperBound : start + length
                cut.append(PlannedSegment(frames: start..<end, key: nil))
            }
        }
        return SegmentPlan(segments: cut)
    }
}
