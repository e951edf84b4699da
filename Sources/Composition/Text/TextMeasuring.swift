/// Lays text layers out as the renderer will, before rendering: so that text that cannot be drawn as written is
/// reported where the manifest writes it.
public protocol TextMeasuring: Sendable {
    /// How each of `layers` lays out on `width` x `height` output frames of a `canvas`-sized composition.
    func measure(_ layers: [TextLayer], width: Int, height: Int, canvas: Size) -> [TextMeasurement]
}

/// How one text layer lays out: a markup error, whether it fits its box, and the fonts it needs.
public struct TextMeasurement: Sendable, Hashable {
    /// A family other than the requested one that draws some characters.
    public struct Fallback: Sendable, Hashable {
        /// The family used instead.
        public var family: String
        /// The first character it draws.
        public var character: Unicode.Scalar

        /// Creates a fallback.
        public init(family: String, character: Unicode.Scalar) {
            self.family = family
            self.character = character
        }
    }

    /// Why the markup does not parse; nil when it does (or the text is plain).
    public var markupProblem: String?
    /// Whether every word fits the width and every line the height and line limit at a size the fit allows.
    public var fits = true
    /// The size drawn and the smallest allowed, in output pixels.
    public var size = 0.0, minimumSize = 0.0
    /// The box the text must fit, in output pixels.
    public var boxWidth = 0.0, boxHeight = 0.0
    /// Characters no available font draws.
    public var missing: [Unicode.Scalar] = []
    /// Families drawing what the requested one lacks.
    public var fallbacks: [Fallback] = []

    /// A measurement of text that lays out without a problem.
    public init() {}
}
