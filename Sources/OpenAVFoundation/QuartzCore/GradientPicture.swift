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
            shape = "<linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(start.x))\" "
                + "y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">"
        case .radial:
            // An ellipse about the start point reaching the end point's x and y: a unit circle stretched to it.
            let across = max(abs(end.x - start.x), 1e-3), down = max(abs(end.y - start.y), 1e-3)
            shape = "<radialGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                + "gradientTransform=\"matrix(\(Self.number(across)) 0 0 \(Self.number(down)) "
                + "\(Self.number(start.x)) \(Self.number(start.y)))\">"
        default:
            throw refusal("a gradient layer of type '\(layer.type.rawValue)' is not drawn here; the types drawn are "
                          + "axial and radial")
        }
        let close = layer.type == .axial ? "</linearGradient>" : "</radialGradient>"
        let stopText = stops.map { stop in
            let components = stop.color.components!
            return "<stop offset=\"\(Self.number(stop.offset))\" "
                + "stop-color=\"\(AVVideoCompositionCoreAnimationTool.hex(components))\" "
                + "stop-opacity=\"\(Self.number(Double(components[3])))\"/>"
        }.joined()
        svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">"
            + "<defs>\(shape)\(stopText)\(close)</defs>"
            + "<rect width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"url(#g)\"/></svg>\n"
    }

    /// Writes the document into `folder` as `name`.svg and returns the file.
    func write(in folder: URL, name: String) throws -> URL {
        let file = folder.appendingPathComponent(name + ".svg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(svg.utf8).write(to: file, options: .atomic)
        return file
    }

    /// `value` in few digits and no exponent, as SVG reads numbers.
    private static func number(_ value: Double) -> String {
        String(format: "%.4f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
