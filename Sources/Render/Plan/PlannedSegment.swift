/// One encoder session's share of an output's video: a range of output frames, and the key under which its packets
/// may be shared with other outputs (nil when its pictures depend on more than one source range, e.g. a transition).
public struct PlannedSegment: Sendable, Hashable {
    /// Output frame indices, relative to the exported range's first frame.
    public var frames: Range<Int64>
    /// The content key, or nil for a segment that is never shared.
    public var key: SegmentKey?
    /// Whether the frames are copied from a source's packets instead of rendered (smart rendering).
    public var isCopied = false
}
