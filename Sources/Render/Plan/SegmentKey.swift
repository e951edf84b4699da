/// What decides an encoded video segment's packets: two segments with equal keys have the same bytes.
///
/// `identity` is a canonical text (JSON with sorted keys) of every input of the segment's pictures and encoder: each
/// layer's source file (by content: its SHA-256 and extension), source track and times, geometry, crop and opacity,
/// the text over it and what draws it, the canvas, background, frame duration, frame count, encoder name and
/// settings (`SegmentDescriber`). `label` is a
/// short human description for the report.
public struct SegmentKey: Sendable, Hashable, CustomStringConvertible {
    /// The canonical description compared for equality.
    public let identity: String
    /// A short description (source file names and source times) for reports; not part of equality.
    public let label: String

    /// A key from its canonical identity and a label.
    public init(identity: String, label: String) {
        self.identity = identity
        self.label = label
    }

    /// Equality is the identity's alone.
    public static func == (lhs: SegmentKey, rhs: SegmentKey) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the identity alone.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    /// The label.
    public var description: String { label }
}
