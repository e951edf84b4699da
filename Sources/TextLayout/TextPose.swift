/// How drawn text is posed about its anchor point: the box's anchor (which point of the laid-out box sits on the
/// anchor), a linear transform (scale, turn) about the anchor, what is revealed and highlighted, and a clip.
public struct TextPose: Sendable, Hashable {
    /// The point of the box on the anchor: column 0 left, 1 centre, 2 right; row 0 top, 1 middle, 2 bottom.
    public var column = 1, row = 2
    /// The linear transform `x' = a x + c y`, `y' = b x + d y` about the anchor point.
    public var a = 1.0, b = 0.0, c = 0.0, d = 1.0
    /// Only the first this many grapheme clusters (in logical order) are drawn; the rest keep their place. nil: all.
    public var revealed: Int?
    /// A range of grapheme clusters of the text drawn in `highlightColor` instead of their own colour.
    public var highlighted: Range<Int>?
    /// The highlight colour.
    public var highlightColor = TextBlock.RGBA(red: 1, green: 0.8, blue: 0)
    /// A rectangle, relative to the anchor point before the transform, outside which nothing is drawn; nil: none.
    public var clip: (x: Double, y: Double, width: Double, height: Double)? {
        get { clipRectangle.map { ($0[0], $0[1], $0[2], $0[3]) } }
        set { clipRectangle = newValue.map { [$0.x, $0.y, $0.width, $0.height] } }
    }
    private var clipRectangle: [Double]?

    /// An upright pose with the box's (`column`, `row`) point on the anchor.
    public init(column: Int = 1, row: Int = 2) {
        (self.column, self.row) = (column, row)
    }
}
