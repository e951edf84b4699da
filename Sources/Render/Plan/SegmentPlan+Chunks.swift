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
    /// The shortest piece of a plan's only encoded segment cut for lanes (see `chunked`).
    static let shortestPieceSeconds = 1.0

    /// This plan with every unshared, rendered segment cut into chunks for `lanes` encoder sessions side by side:
    /// `chunksPerLane` chunks per lane of equal length (the last takes the remainder), more when they would be
    /// longer than `maximumChunkSeconds`, fewer when they would be shorter than `minimumChunkSeconds`; always a
    /// multiple of `lanes`, or the segment whole when it is shorter than a chunk for each lane. The cut
    /// depends only on the segment and `lanes` (a preset setting), never on the machine or the run. One lane leaves
    /// the plan as it is.
    ///
    /// With `preRoll` (what starting a chunk at a frame costs its lane, see `ChunkStartCost`), each cut moves by up
    /// to a quarter chunk to the frame that costs least (the nearest such), so that lanes start on their sources'
    /// keyframes instead of decoding up to the cut from the one before it.
    ///
    /// A keyed segment (a still arrangement) is cut the same way when `rekey` gives its chunks keys of their own (the
    /// keys of their frames); without `rekey` it stays whole.
    ///
    /// A plan whose only encoded segment is shorter than a chunk for each lane (a short cut, a bumper) would keep one
    /// core waiting: it is cut into `lanes` pieces of at least `shortestPieceSeconds` when each cut can move to a
    /// frame whose pre-roll is at most a quarter piece (a source keyframe near the middle), so the extra lane costs a
    /// keyframe, not decoding the sources twice. Not with `cutsShortPlans` false: a render of 4K sources runs one
    /// lane, where pieces would gain nothing.
    func chunked(lanes: Int, clock: FrameClock, preRoll: ((Int64) -> MediaTime)? = nil,
                 rekey: ((Range<Int64>) -> SegmentKey?)? = nil, cutsShortPlans: Bool = true) -> SegmentPlan {
        guard lanes > 1 else { return self }
        let frameSeconds = clock.frameDuration.seconds
        let longest = max(1, Int64(Self.maximumChunkSeconds / frameSeconds))
        let shortest = max(1, Int64((Self.minimumChunkSeconds / frameSeconds).rounded(.up)))
        let lanes = Int64(lanes)
        let alone = cutsShortPlans && segments.filter { !$0.isCopied }.count == 1
        var cut: [PlannedSegment] = []
        for segment in segments {
            guard segment.key == nil || rekey != nil, !segment.isCopied else {
                cut.append(segment)
                continue
            }
            let frames = segment.frames
            let perLane = max(Self.chunksPerLane, (Int64(frames.count) + longest * lanes - 1) / (longest * lanes))
            let count = max(1, min(perLane * lanes, Int64(frames.count) / shortest / lanes * lanes))
            var starts = Self.starts(of: frames, count: count, preRoll: preRoll)
            if alone, count == 1, let pieces = Self.pieces(of: frames, lanes: lanes, clock: clock, preRoll: preRoll) {
                starts = pieces
            }
            for (chunk, start) in starts.enumerated() {
                let end = chunk == starts.count - 1 ? frames.upperBound : starts[chunk + 1]
                let key = segment.key == nil || starts.count == 1 ? segment.key : rekey?(start..<end)
                cut.append(PlannedSegment(frames: start..<end, key: key))
            }
        }
        return SegmentPlan(segments: cut)
    }

    /// The first frames of `count` chunks of `frames` of equal length (the last takes the remainder), each but the
    /// first moved by up to a quarter chunk to where `preRoll` is least.
    static func starts(of frames: Range<Int64>, count: Int64, preRoll: ((Int64) -> MediaTime)?) -> [Int64] {
        let length = Int64(frames.count) / count
        var starts = (0..<count).map { frames.lowerBound + $0 * length }
        if let preRoll {
            for chunk in starts.indices.dropFirst() {
                starts[chunk] = cheapestStart(near: starts[chunk], within: length / 4, preRoll: preRoll)
            }
        }
        return starts
    }

    /// The first frames of `lanes` pieces of a short segment, or nil when a piece would be shorter than
    /// `shortestPieceSeconds` or a cut's pre-roll longer than a quarter piece.
    static func pieces(of frames: Range<Int64>, lanes: Int64, clock: FrameClock,
                       preRoll: ((Int64) -> MediaTime)?) -> [Int64]? {
        let shortest = max(1, Int64((shortestPieceSeconds / clock.frameDuration.seconds).rounded(.up)))
        guard Int64(frames.count) >= shortest * lanes else { return nil }
        let starts = Self.starts(of: frames, count: lanes, preRoll: preRoll)
        let allowed = clock.time(ofFrame: Int64(frames.count) / lanes / 4)
        guard let preRoll, starts.dropFirst().contains(where: { preRoll($0) > allowed }) else { return starts }
        return nil
    }

    /// The frame within `distance` of `ideal` whose `preRoll` is least; the nearest of equals, the earlier of two
    /// as near.
    static func cheapestStart(near ideal: Int64, within distance: Int64, preRoll: (Int64) -> MediaTime) -> Int64 {
        var best = (frame: ideal, cost: preRoll(ideal))
        for offset in stride(from: 1, through: distance, by: 1) where best.cost > .zero {
            for frame in [ideal - offset, ideal + offset] {
                let cost = preRoll(frame)
                if cost < best.cost { best = (frame, cost) }
            }
        }
        return best.frame
    }
}
