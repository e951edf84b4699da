public import MediaCore

/// What `snap` did to an output, for the plan: the soundtrack's beat grid and where each cut went.
public struct BeatSnap: Sendable, Hashable, Codable {
    /// One cut between clips (for a transition, its centre).
    public struct Cut: Sendable, Hashable, Codable {
        /// The clip the cut leads into, from 1 (the intro first when there is one).
        public var clip: Int
        /// Where the clips put the cut, on the output timeline (after earlier cuts moved).
        public var from: MediaTime
        /// Where it moved to; nil when it stays.
        public var to: MediaTime?
    }

    /// The soundtrack as messages name it.
    public var soundtrack: String
    /// What the cuts move to.
    public var target: SnapSpec.Target
    /// Only every Nth of the targets counts (1: all of them), counted from the first.
    public var every: Int
    /// The tempo aubio estimated, in beats per minute.
    public var tempo: Double
    /// The first few targets on the output timeline, landed on output frames.
    public var firstTargets: [MediaTime]
    /// How many targets fall on the output timeline.
    public var targetCount: Int
    /// How far a cut may move.
    public var maxShift: MediaTime
    /// The cuts, in timeline order.
    public var cuts: [Cut]
}
