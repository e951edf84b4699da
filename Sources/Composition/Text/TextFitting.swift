/// What happens to text too large for its box.
public enum TextFitting: String, Sendable, Hashable, Codable, CaseIterable {
    /// The size goes down until every word fits the width and every line the height, at most to the minimum size;
    /// only there do words break.
    case shrink
    /// The size stays; lines wrap, inside words where a word is wider than the box.
    case none
}
