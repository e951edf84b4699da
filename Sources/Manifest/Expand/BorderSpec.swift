public import Composition

/// `border` and `border_width` on a clip, an overlay or a layer: a band of colour over the picture's edges, inside
/// them, following its rounded corners.
public struct BorderSpec: Sendable, Hashable {
    /// The band's colour (its alpha lets the picture show through).
    public var color: Color
    /// How wide: canvas pixels at the picture's resting size, or percent of its shorter side.
    public var width: Length

    /// The width a `border` without `border_width` takes.
    public static let defaultWidth = Length.pixels(4)

    /// A band of `color`, `width` wide.
    public init(color: Color, width: Length = BorderSpec.defaultWidth) {
        self.color = color
        self.width = width
    }
}
