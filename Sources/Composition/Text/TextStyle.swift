/// How text looks. Lengths (size, outline, shadow, padding) are fractions of the output frame's height, so a style
/// looks the same at every output resolution.
public struct TextStyle: Sendable, Hashable, Codable {
    /// How the lines of a paragraph line up with each other.
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// Lines start at the left edge.
        case left
        /// Lines are centred.
        case center
        /// Lines end at the right edge.
        case right
    }

    /// The font family fontconfig looks up (the renderer refuses a family fontconfig does not know); with
    /// `fontFile`, the family of that file's face, for display.
    public var fontFamily: String
    /// A font file (TrueType `.ttf`, OpenType `.otf` or a collection `.ttc`, absolute path) whose first face is used
    /// instead of an installed family; nil to use `fontFamily`.
    public var fontFile: String?
    /// The font size (its em) as a fraction of the output height.
    public var size: Double
    /// The fill colour.
    public var color: Color
    /// The outline colour (ignored when a box is drawn).
    public var outlineColor: Color
    /// The outline width as a fraction of the output height; 0 draws no outline.
    public var outlineWidth: Double
    /// The colour of the drop shadow.
    public var shadowColor: Color
    /// How far the shadow falls down and to the right, as a fraction of the output height; 0 draws no shadow.
    public var shadowOffset: Double
    /// A shadow moved by any amount and blurred, replacing `shadowOffset`'s; nil for that one.
    public var shadow: TextShadow?
    /// A box drawn behind each line, or nil for none; the box takes the outline's place (see `outlinesBox`).
    public var boxColor: Color?
    /// Whether, with a box, the outline is drawn around the boxes (a border `outlineWidth` wide outside their
    /// joined shape) instead of being left out; nil or false: left out.
    public var outlinesBox: Bool?
    /// Space between the text and the edge of its box, as a fraction of the output height.
    public var boxPadding: Double
    /// The radius of each line box's corners as a fraction of the box's height (0.5 rounds its ends whole, a pill);
    /// nil for square corners.
    public var boxRadius: Double?
    /// Whether to use the bold face.
    public var bold: Bool
    /// Whether to use the italic face.
    public var italic: Bool
    /// Line alignment within a region placement (anchored text lines up with its anchor's side).
    public var alignment: Alignment
    /// Whether text too large for its box shrinks (down to `minimumSize`) or keeps its size and wraps inside words.
    public var fit: TextFitting = .shrink
    /// The smallest size shrinking may reach, as a fraction of the output height; nil for half of `size`.
    public var minimumSize: Double?
    /// At most this many lines, the last ending in an ellipsis when the text goes on; nil for no limit.
    public var maximumLines: Int?
    /// The distance between baselines as a multiple of the font's line height.
    public var lineSpacing: Double = 1
    /// Extra space between letters as a fraction of the font size (0.05 is 5% of an em).
    public var letterSpacing: Double = 0
    /// The text's language (BCP 47, such as `de`): its line breaking, hyphenation and glyph forms; nil: none.
    public var language: String?

    /// Creates a style; the default is white DejaVu Sans at 6% of the height with a thin black outline.
    public init(fontFamily: String = "DejaVu Sans", size: Double = 0.06, color: Color = .white,
                outlineColor: Color = .black, outlineWidth: Double = 0.002,
                shadowColor: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.5), shadowOffset: Double = 0,
                boxColor: Color? = nil, boxPadding: Double = 0.01, bold: Bool = false, italic: Bool = false,
                alignment: Alignment = .center, fontFile: String? = nil) {
        self.fontFamily = fontFamily
        self.fontFile = fontFile
        self.size = size
        self.color = color
        self.outlineColor = outlineColor
        self.outlineWidth = outlineWidth
        self.shadowColor = shadowColor
        self.shadowOffset = shadowOffset
        self.boxColor = boxColor
        self.boxPadding = boxPadding
        self.bold = bold
        self.italic = italic
        self.alignment = alignment
    }
}
