/// The chunks the export mixes its audio in: up to each video frame's end (as the render interleaves audio with
/// pictures), then `capacity` at a time. The loudness passes walk the same chunks, so the mix they spool is the
/// float-for-float mix the render would make (gain ramps and ducking are evaluated per chunk).
struct AudioChunkPlan: Sequence {
    /// The composition samples to mix.
    let samples: Range<Int64>
    /// The largest chunk.
    let capacity: Int
    /// The first composition sample after each video frame, in frame order; empty without video.
    let frameEnds: [Int64]

    /// Walks the plan chunk by chunk.
    struct Iterator: IteratorProtocol {
        let plan: AudioChunkPlan
        var done: Int64
        var nextFrame = 0

        /// The next chunk's first sample and length, or nil at the end.
        mutating func next() -> (from: Int64, count: Int)? {
            let end = plan.samples.upperBound
            while nextFrame < plan.frameEnds.count, done >= Swift.min(plan.frameEnds[nextFrame], end) { nextFrame += 1 }
            guard done < end else { return nil }
            let target = nextFrame < plan.frameEnds.count ? plan.frameEnds[nextFrame] : done + Int64(plan.capacity)
            let count = Int(Swift.min(Int64(plan.capacity), Swift.min(target, end) - done))
            defer { done += Int64(count) }
            return (done, count)
        }
    }

    /// An iterator from the first sample.
    func makeIterator() -> Iterator { Iterator(plan: self, done: samples.lowerBound) }
}
