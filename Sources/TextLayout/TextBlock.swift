/// A block of text to lay out and draw: its text (Pango markup or plain), font, size, the box it wraps and fits
/// in, and how it looks. Lengths are in output pixels; colours are straight (not premultiplied) 0...1 RGBA.
public struct TextBlock: Sendable, Hashable {
    /// How the lines of a paragraph line up with each other inside the box.
    public enum Alignment: Sendable, Hashable {
        /// Lines start at the left edge (the right edge in a right-to-left paragraph).
        case left
        /// Lines are centred.
        case center
        /// Lines end at the right edge (the left edge in a right-to-left paragraph).
        case right
    }

    /// A straight RGBA colour, each component 0...1.
    public struct RGBA: Sendable, Hashable {
        /// Red, green, blue and alpha.
        public var red, green, blue, alpha: Double

        /// Creates a colour.
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
    }

    /// The text: Pango markup when `isMarkup`, else taken literally.
    public var text: String
    /// Whether `text` is Pango markup (`<b>`, `<span color="#f00">`, `&amp;`).
    public var isMarkup = false
    /// The font family fontconfig looks up; a family with no glyph for a character falls back to one that has it.
    public var family = "DejaVu Sans"
    /// Bold and italic faces.
    public var bold = false, italic = false
    /// The font size (em) in pixels.
    public var size: Double = 32
    /// The smallest size shrinking may reach; equal to `size` (or above it), the size is kept.
    public var minimumSize: Double = 32
    /// The width lines wrap at, in pixels.
    public var width: Double = 1000
    /// The height the text must fit, in pixels.
    public var height: Double = 1000
    /// At most this many lines, the last ending in an ellipsis when more would follow; nil for no limit.
    public var maximumLines: Int?
    /// The distance between baselines as a multiple of the font's own line height.
    public var lineSpacing: Double = 1
    /// Extra space between letters, in pixels.
    public var letterSpacing: Double = 0
    /// The language (BCP 47, such as `de` or `ja`): its line-break and hyphenation rules and glyph forms.
    public var language: String?
    /// Line alignment.
    public var alignment = Alignment.center
    /// The fill colour of text without a colour of its own.
    public var color = RGBA(red: 1, green: 1, blue: 1)
    /// The outline width in pixels (0: none) and its colour; with a box, drawn around the boxes when `outlinesBox`,
    /// else not at all.
    public var outlineWidth: Double = 0
    /// The outline colour.
    public var outlineColor = RGBA(red: 0, green: 0, blue: 0)
    /// How far a shadow falls down and right, in pixels (0: none), and its colour.
    public var shadowOffset: Double = 0
    /// The shadow colour.
    public var shadowColor = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
    /// A shadow moved by any amount and blurred, replacing `shadowOffset`'s; nil for that one.
    public var freeShadow: FreeShadow?

    /// A shadow moved `x` pixels right and `y` down, blurred by a Gaussian of `blur` pixels' standard deviation.
    public struct FreeShadow: Sendable, Hashable {
        /// Pixels to the right (negative: left).
        public var x: Double
        /// Pixels down (negative: up).
        public var y: Double
        /// The blur's standard deviation in pixels; 0 for a sharp shadow.
        public var blur: Double

        /// Creates a shadow placement.
        public init(x: Double, y: Double, blur: Double) {
            (self.x, self.y, self.blur) = (x, y, blur)
        }

        /// How far beyond the text the shadow may reach, in pixels.
        var reach: Double { max(abs(x), abs(y)) + 3 * max(blur, 0) }
    }
    /// A box behind each line, or nil; and the space between the text and the box's edge, in pixels.
    public var boxColor: RGBA?
    /// The box padding.
    public var boxPadding: Double = 0
    /// The radius of each line box's corners as a fraction of the box's height, up to 0.5 (0: square).
    public var boxRadius: Double = 0
    /// Whether the outline is drawn around the boxes (outside their joined shape) when there is a box.
    public var outlinesBox = false

    /// Creates a block of plain `text`.
    public init(text: String) {
        self.text = text
    }
}
