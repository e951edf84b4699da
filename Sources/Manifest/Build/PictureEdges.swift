import Composition

/// A picture's rounded corners and border (`radius`, `border`, `border_width`) in its source's pixels, the space its
/// layer's crop is in, so the layer's transform scales them with the picture.
struct PictureEdges: Equatable {
    /// The corner radius; nil for square corners.
    var radius: Double?
    /// The border; nil for none.
    var border: LayerBorder?

    /// The edges of a picture cropped to `crop` and resting at `scale` canvas pixels per source pixel; nil when it
    /// has square corners and no border.
    init?(radius: Length?, border: BorderSpec?, crop: Rect, scale: Double) {
        self.radius = radius.map { Self.sourcePixels($0, crop: crop, scale: scale) }
        self.border = border.map {
            LayerBorder(width: Self.sourcePixels($0.width, crop: crop, scale: scale), color: $0.color)
        }
        if self.radius == nil && self.border == nil { return nil }
    }

    /// The edges of a picture cropped to `crop` and placed by `transform` (at rest): its scale is the canvas length
    /// of one source pixel along x.
    init?(radius: Length?, border: BorderSpec?, crop: Rect, transform t: AffineTransform2D) {
        self.init(radius: radius, border: border, crop: crop, scale: (t.a * t.a + t.b * t.b).squareRoot())
    }

    /// Sets the corner radius and border of `layer`.
    func apply(to layer: inout LayerInstruction) throws {
        if let radius { try layer.setCornerRadius(radius) }
        if let border { try layer.setBorder(width: border.width, color: border.color) }
    }

    /// A length along the picture in source pixels: canvas pixels divided by the scale, or percent of the crop's
    /// shorter side.
    static func sourcePixels(_ length: Length, crop: Rect, scale: Double) -> Double {
        guard crop.width > 0, crop.height > 0, !crop.isInfinite else { return 0 }
        switch length {
        case .percent(let percent): return min(crop.width, crop.height) * percent / 100
        case .pixels(let pixels): return scale > 0 && scale.isFinite ? pixels / scale : 0
        }
    }
}
