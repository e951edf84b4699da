/// A video segment an export took from the run's `SegmentCache` instead of rendering it.
public struct SegmentReuse: Sendable, Hashable {
    /// What the segment shows (source file names and source start).
    public var label: String
    /// Its length in the output, in seconds: the decoding, compositing and encoding it saved.
    public var seconds: Double

    /// A reuse record.
    public init(label: String, seconds: Double) {
        self.label = label
        self.seconds = seconds
    }
}
