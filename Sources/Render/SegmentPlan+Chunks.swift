import MediaCore

extension SegmentPlan {
    /// The longest chunk: each one is an encoder session of its own, starting with a keyframe, and a chunk encoded
    /// ahead of the one being written is held whole until its turn.
    static let maximumChunkSeconds = 20.0
    /// The shortest chunk (a shorter stretch stays whole): shorter ones would spend more on keyframes and on
    /// decoding from the sources' keyframes than the lanes save.
    static let minimumChunkSeconds = 2.0
    /// Chunks per lane when they can be that many: lanes take chunks as they finish, so chunks of different cost
    /// (a still title, then noisy footage) even out, and the last lane to finish is at most one short chunk behind.
    static let chunksPerLane: Int64 = 4

    /// This plan with every unshared, rendered segment cut into chunks for `lanes` encoder sessions side by side:
    /// `chunksPerLane` chunks per lane of equal length (the last takes the remainder), more when they would be
    /// longer than `maximumChunkSeconds`, fewer when they would be shorter than `minimumChunkSeconds`; always a
    /// multiple of `lanes`, or the segment whole when it is shorter than a chunk for each lane. The cut
    /// depends only on the segment and `lanes` (a preset setting), never on the machine or the run. One lane leaves
    /// the plan as it is.
    func chunked(lanes: Int, clock: FrameClock) -> SegmentPlan {
        guard lanes > 1 else { return self }
        let frameSeconds = clock.frameDuration.seconds
        let longest = max(1, Int64(Self.maximumChunkSeconds / frameSeconds))
        let shortest = max(1, Int64((Self.minimumChunkSeconds / frameSeconds).rounded(.up)))
        let lanes = Int64(lanes)
        var cut: [PlannedSegment] = []
        for segment in segments {
            guard segment.key == nil, !segment.isCopied else {
                cut.append(segment)
                continue
            }
            let frames = segment.frames
            let perLane = max(Self.chunksPerLane, (Int64(frames.count) + longest * lanes - 1) / (longest * lanes))
            let count = max(1, min(perLane * lanes, Int64(frames.count) / shortest / lanes * lanes))
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
