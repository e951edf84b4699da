import Foundation

/// How a text layer lines up its lines.
public struct CATextLayerAlignmentMode: RawRepresentable, Sendable, Hashable {
    /// The mode's name.
    public let rawValue: String
    /// A mode of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's own direction: left here.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines fill the width: drawn as `left` here.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Text drawn in a layer's rectangle, from its top, wrapping to its width and cut at its bottom.
open class CATextLayer: CALayer, @unchecked Sendable {
    /// The text: a `String`, or an `NSAttributedString` whose characters are drawn in the layer's font and colour.
    open var string: Any?
    /// The font: a family name such as `"Helvetica"`, with `-Bold`, `-Italic` or `-BoldItalic` for those faces.
    /// Nil draws the default family, DejaVu Sans here.
    open var font: Any?
    /// The font's size in pixels of the render.
    open var fontSize: CGFloat = 36
    /// The text's colour; opaque white by default.
    open var foregroundColor: CGColor? = .white
    /// How lines line up.
    open var alignmentMode = CATextLayerAlignmentMode.natural
    /// Whether long lines wrap to the layer's width. Here they always do: a line wider than the layer wraps rather
    /// than being cut at its edge.
    open var isWrapped = false
    /// The scale of the layer's pixels; the export draws at the render's size whatever it says.
    open var contentsScale: CGFloat = 1

    /// A text layer without text.
    override public init() { super.init() }
}
