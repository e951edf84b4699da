import Foundation

/// A layer's drop shadow as an SVG document: the shape casting it (its `shadowPath`, else its filled path or its
/// background's rounded rectangle, whatever lies within it) in the shadow's colour and opacity, moved by `shadowOffset` and blurred by a
/// Gaussian of half `shadowRadius` standard deviation, drawn under the layer and its sublayers.
struct ShadowPicture: Equatable {
    /// The SVG document.
    let svg: String
    /// Where it lies in the render, in pixels from the top left (whole pixels).
    let rect: CGRect

    /// The shadow of `layer` whose frame is `frame` in the render (y of its coordinates growing downwards when
    /// `flipped`); nil when it casts none (no opacity, no colour, `masksToBounds`, or nothing drawn) or when a text
    /// layer's glyphs cast it (`CATextLayer` draws that shadow with its text). Throws (with `refusal`'s error) for a
    /// shadow whose shape is not known here: of a picture, a stroke or sublayers, without a `shadowPath`.
    init?(_ layer: CALayer, frame: CGRect, flipped: Bool, refusal: (String) -> AVError) throws(AVError) {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor?.components, color[3] > 0,
              !layer.masksToBounds, let shape = try Self.caster(of: layer, refusal: refusal) else { return nil }
        let deviation = max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : 0) / 2
        let placed = PlacedPath(shape, origin: layer.bounds.origin, frame: frame, flipped: flipped,
                                offset: layer.shadowOffset, reach: 3 * deviation + 1)
        rect = placed.rect
        let local = placed.elements
        let (width, height) = (Double(rect.width), Double(rect.height))
        let alpha = Double(color[3]) * Double(min(layer.shadowOpacity, 1))
        var body = "<path d=\"\(SVGDocument.pathData(local))\" fill=\"\(AVVideoCompositionCoreAnimationTool.hex(color))\" "
            + SVGDocument.attributes(["fill-opacity": alpha])
        if deviation > 0 {
            body = "<defs><filter id=\"b\" filterUnits=\"userSpaceOnUse\" "
                + SVGDocument.attributes(["x": 0, "y": 0, "width": width, "height": height])
                + "><feGaussianBlur \(SVGDocument.attributes(["stdDeviation": Double(deviation)]))/></filter></defs>"
                + body + " filter=\"url(#b)\""
        }
        svg = SVGDocument.document(width: width, height: height, body: body + "/>")
    }

    /// The outline casting `layer`'s shadow, in its coordinates; nil when it draws nothing that casts one.
    private static func caster(of layer: CALayer,
                               refusal: (String) -> AVError) throws(AVError) -> [CGPath.Element]? {
        if let path = layer.shadowPath { return path.isEmpty ? nil : path.elements }
        if let shape = layer as? CAShapeLayer, let path = shape.path, !path.isEmpty {
            guard shape.strokeColor == nil || shape.lineWidth <= 0 else {
                throw refusal("a stroked shape's shadow is drawn here only from a shadowPath")
            }
            return shape.fillColor == nil ? nil : path.elements
        }
        // A background casts its rounded rectangle; what lies within it (text, a picture, sublayers) adds nothing.
        if let background = layer.backgroundColor?.components, background[3] > 0 {
            let radius = min(max(layer.cornerRadius, 0), layer.bounds.width / 2, layer.bounds.height / 2)
            return CGPath(roundedRect: layer.bounds, cornerWidth: radius, cornerHeight: radius, transform: nil).elements
        }
        // A text layer's glyphs cast their own shadow, drawn with the text.
        guard layer.contents != nil || !(layer.sublayers ?? []).isEmpty else { return nil }
        throw refusal("the shadow of a picture or sublayers is drawn here only from a shadowPath (the shape casting "
                      + "it, in the layer's coordinates)")
    }
}
