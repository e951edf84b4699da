/// A video segment or a whole soundtrack an export took from the run's `SegmentCache` instead of rendering it.
public struct SegmentReuse: Sendable, Hashable {
    /// What was reused.
    public enum Kind: String, Sendable, Hashable {
        /// A stretch of encoded video.
        case video
        /// The output's whole encoded sound.
        case soundtrack
    }

    /// What the segment shows (source file names and source start).
    public var label: String
    /// Its length in the output, in seconds: the decoding, compositing (or mixing) and encoding it saved.
    public var seconds: Double
    /// Video or sound.
    public var kind: Kind
    /// Whether an earlier run encoded it (it came from the segment archive, not from another output of this run).
    public var fromEarlierRun: Bool

    /// A reuse record.
    public init(label: String, seconds: Double, kind: Kind = .video, fromEarlierRun: Bool = false) {
        self.label = label
        self.seconds = seconds
        self.kind = kind
        self.fromEarlierRun = fromEarlierRun
    }
}
