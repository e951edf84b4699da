/// How a block of text came out when laid out in its box: the size chosen, whether it fits, and which fonts drew
/// which characters.
public struct TextFit: Sendable, Hashable {
    /// The font size in pixels after shrinking.
    public var size: Double
    /// Whether every word fits the width and every line the height and line limit (else the text was broken inside
    /// words, or cut with an ellipsis).
    public var fits: Bool
    /// The number of lines drawn.
    public var lineCount: Int
    /// The laid-out box's width and height in pixels.
    public var width: Double, height: Double
    /// Characters no available font can draw, in order of first appearance.
    public var missing: [Unicode.Scalar]
    /// Families other than the requested one that drew some characters (emoji aside), with the first such character.
    public var fallbacks: [Fallback]

    /// A family that drew characters the requested one lacks.
    public struct Fallback: Sendable, Hashable {
        /// The family used instead.
        public var family: String
        /// The first character it drew.
        public var character: Unicode.Scalar
    }
}
