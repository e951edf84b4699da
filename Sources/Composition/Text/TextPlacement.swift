/// Where text goes on the frame.
public enum TextPlacement: Sendable, Hashable, Codable {
    /// One of nine points of the frame: a vertical side (top, middle, bottom) by a horizontal side.
    public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
        /// Top left corner.
        case topLeft
        /// Top edge, centred.
        case top
        /// Top right corner.
        case topRight
        /// Left edge, vertically centred.
        case left
        /// The centre of the frame.
        case center
        /// Right edge, vertically centred.
        case right
        /// Bottom left corner.
        case bottomLeft
        /// Bottom edge, centred.
        case bottom
        /// Bottom right corner.
        case bottomRight

        /// The column: 0 left, 1 centre, 2 right.
        public var column: Int { ([.topLeft, .left, .bottomLeft] as [Anchor]).contains(self) ? 0
            : ([.topRight, .right, .bottomRight] as [Anchor]).contains(self) ? 2 : 1 }
        /// The row: 0 top, 1 middle, 2 bottom.
        public var row: Int { ([.topLeft, .top, .topRight] as [Anchor]).contains(self) ? 0
            : ([.bottomLeft, .bottom, .bottomRight] as [Anchor]).contains(self) ? 2 : 1 }
    }

    /// Text at `anchor`, kept `marginX` of the frame width from the left/right edge and `marginY` of the frame
    /// height from the top/bottom edge (margins toward the centre are ignored); lines wrap inside the side margins.
    case anchor(Anchor, marginX: Double, marginY: Double)
    /// Text wrapped to the width of a rectangle in canvas (render size) pixels and placed at its top, lined up by
    /// the style's alignment; what falls outside the rectangle is clipped.
    case region(Rect)
    /// Text at `anchor` of a rectangle in canvas pixels (its bottom centre for `bottom`), wrapping to its width and
    /// not clipped: captions kept to the part of the frame that overlays leave free.
    case anchoredIn(Anchor, Rect)

    /// Text at `anchor` with the default margins (5% of the width, 5% of the height).
    public static func anchored(_ anchor: Anchor) -> TextPlacement {
        .anchor(anchor, marginX: 0.05, marginY: 0.05)
    }
}
