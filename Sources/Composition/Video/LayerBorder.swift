/// A band of colour drawn over a layer's picture along its edges, inside them, following its rounded corners: the
/// inner edge of the band is rounded by the corner radius less the band's width, as Core Animation draws a border.
public struct LayerBorder: Sendable, Hashable, Codable {
    /// How wide the band is, in the track's pixels (the space of crop rectangles), so the transform scales it with
    /// the picture; a band wider than half the cropped picture's shorter side covers the whole picture.
    public var width: Double
    /// The band's colour; its alpha lets the picture show through the band.
    public var color: Color
    /// Whether the picture itself is left out, so that the layer shows only the band: an outline.
    public var hidesPicture: Bool

    /// A band `width` track pixels wide of `color`, over the picture or, when `hidesPicture`, alone.
    public init(width: Double, color: Color, hidesPicture: Bool = false) {
        self.width = width
        self.color = color
        self.hidesPicture = hidesPicture
    }
}
