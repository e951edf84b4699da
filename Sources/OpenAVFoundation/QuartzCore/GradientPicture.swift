import Foundation

/// A gradient layer's gradient as an SVG document of the layer's size in render pixels, which the export reads as a
/// still picture with its transparency (librsvg draws it at the size it is shown). Colours interpolate as SVG's do,
/// unpremultiplied in sRGB; beyond the ends the end colours continue, as in Core Animation.
struct GradientPicture: Equatable {
    /// The SVG document.
    let svg: String

    /// The gradient of `layer` in a `size` render-pixel rectangle whose y grows downwards when `flipped`; nil when
    /// the layer has no colours. Throws (with `refusal`'s error) for a conic gradient, colours that are not
    /// `CGColor`s, or locations that do not match the colours.
    init?(_ layer: CAGradientLayer, size: CGSize, flipped: Bool,
          refusal: (String) -> AVError) throws(AVError) {
        guard let colors = layer.colors, !colors.isEmpty, size.width > 0, size.height > 0 else { return nil }
        var stops: [(color: CGColor, offset: Double)] = []
        let locations = layer.locations?.map(\.doubleValue)
        if let locations, locations.count != colors.count {
            throw refusal("a gradient layer's locations give \(locations.count) places for \(colors.count) colours")
        }
        for (index, value) in colors.enumerated() {
            guard let color = value as? CGColor, color.components != nil else {
                throw refusal("a gradient layer's colors are CGColors, not \(type(of: value))")
            }
            let even = colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1)
            stops.append((color, min(max(locations?[index] ?? even, 0), 1)))
        }
        let (width, height) = (Double(size.width), Double(size.height))
        func place(_ point: CGPoint) -> (x: Double, y: Double) {
            (Double(point.x) * width, (flipped ? Double(point.y) : 1 - Double(point.y)) * height)
        }
        let (start, end) = (place(layer.startPoint), place(layer.endPoint))
        let shape: String
        switch layer.type {
        case .axial:
            let line = SVGDocument.attributes(["x1": start.x, "y1": start.y, "x2": end.x, "y2": end.y])
            shape = "<linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" \(line)>"
        case .radial:
            // An ellipse about the start point reaching the end point's x and y: a unit circle stretched to it.
            let across = max(abs(end.x - start.x), 1e-3), down = max(abs(end.y - start.y), 1e-3)
            let matrix = [across, 0, 0, down, start.x, start.y].map(SVGDocument.number).joined(separator: " ")
            shape = "<radialGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                + "gradientTransform=\"matrix(\(matrix))\">"
        default:
            throw refusal("a gradient layer of type '\(layer.type.rawValue)' is not drawn here; the types drawn are "
                          + "axial and radial")
        }
        let close = layer.type == .axial ? "</linearGradient>" : "</radialGradient>"
        let stopText = stops.map { stop in
            let components = stop.color.components!
            return "<stop \(SVGDocument.attributes(["offset": stop.offset, "stop-opacity": Double(components[3])])) "
                + "stop-color=\"\(AVVideoCompositionCoreAnimationTool.hex(components))\"/>"
        }.joined()
        let area = SVGDocument.attributes(["width": width, "height": height])
        svg = SVGDocument.document(width: width, height: height,
                                   body: "<defs>\(shape)\(stopText)\(close)</defs><rect \(area) fill=\"url(#g)\"/>")
    }
}
