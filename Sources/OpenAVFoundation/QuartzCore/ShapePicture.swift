import Foundation

/// A shape layer's path, filled and stroked, as an SVG document covering what it draws (its stroke and miters
/// included), which the export reads as a still picture with its transparency.
struct ShapePicture: Equatable {
    /// The SVG document.
    let svg: String
    /// Where it lies in the render, in pixels from the top left (whole pixels).
    let rect: CGRect

    /// The shape of `layer` whose frame is `frame` in the render (pixels from the top left, y of its coordinates
    /// growing downwards when `flipped`); nil when it draws nothing. Throws (with `refusal`'s error) for what is
    /// not drawn here: a part-stroke (`strokeStart`, `strokeEnd`) of several subpaths or with dashes.
    init?(_ layer: CAShapeLayer, frame: CGRect, flipped: Bool, refusal: (String) -> AVError) throws(AVError) {
        guard let path = layer.path, !path.isEmpty else { return nil }
        let fill = layer.fillColor?.components.flatMap { $0[3] > 0 ? $0 : nil }
        let stroke = layer.lineWidth > 0 ? layer.strokeColor?.components.flatMap { $0[3] > 0 ? $0 : nil } : nil
        let (start, end) = (min(max(layer.strokeStart, 0), 1), min(max(layer.strokeEnd, 0), 1))
        guard fill != nil || (stroke != nil && end > start) else { return nil }
        let strokeReach = stroke == nil ? 0
            : layer.lineWidth / 2 * max(layer.lineJoin == .miter ? layer.miterLimit : 1, 1.5)
        let placed = PlacedPath(path.elements, origin: layer.bounds.origin, frame: frame, flipped: flipped,
                                reach: strokeReach + 1)
        rect = placed.rect
        let local = placed.elements
        var attributes = ["d=\"\(SVGDocument.pathData(local))\""]
        if let fill {
            attributes += ["fill=\"\(AVVideoCompositionCoreAnimationTool.hex(fill))\"",
                           "fill-opacity=\"\(SVGDocument.number(fill[3]))\"",
                           "fill-rule=\"\(layer.fillRule == .evenOdd ? "evenodd" : "nonzero")\""]
        } else {
            attributes.append("fill=\"none\"")
        }
        if let stroke, end > start {
            attributes += try Self.strokeAttributes(layer, color: stroke, part: (start, end), path: local,
                                                    refusal: refusal)
        }
        svg = SVGDocument.document(width: Double(rect.width), height: Double(rect.height),
                                   body: "<path \(attributes.joined(separator: " "))/>")
    }

    /// The SVG attributes of `layer`'s outline in `color`, drawn over the `part` of `path` from its start to its end
    /// (fractions of its length).
    private static func strokeAttributes(_ layer: CAShapeLayer, color: [CGFloat], part: (CGFloat, CGFloat),
                                         path: [CGPath.Element],
                                         refusal: (String) -> AVError) throws(AVError) -> [String] {
        var attributes = ["stroke=\"\(AVVideoCompositionCoreAnimationTool.hex(color))\"",
                          SVGDocument.attributes(["stroke-opacity": Double(color[3]),
                                                  "stroke-width": Double(layer.lineWidth),
                                                  "stroke-miterlimit": Double(max(layer.miterLimit, 1))]),
                          "stroke-linecap=\"\(layer.lineCap.rawValue)\"",
                          "stroke-linejoin=\"\(layer.lineJoin.rawValue)\""]
        let dashes = (layer.lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
        if part != (0, 1) {
            guard path.filter({ if case .move = $0 { true } else { false } }).count <= 1, dashes.isEmpty else {
                throw refusal("a shape layer's strokeStart and strokeEnd are drawn here on a path of one subpath "
                              + "without lineDashPattern")
            }
            // One dash over the part, then a gap longer than the whole path.
            let length = pathLength(path)
            let dash = [(part.1 - part.0) * length, length + 1].map(SVGDocument.number).joined(separator: " ")
            attributes += ["stroke-dasharray=\"\(dash)\"",
                           SVGDocument.attributes(["stroke-dashoffset": Double(-part.0 * length)])]
        } else if !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
            let dash = dashes.map { SVGDocument.number(max($0, 0)) }.joined(separator: " ")
            attributes += ["stroke-dasharray=\"\(dash)\"",
                           SVGDocument.attributes(["stroke-dashoffset": Double(layer.lineDashPhase)])]
        }
        return attributes
    }

    /// The length of `elements`, curves measured along 64 chords each.
    private static func pathLength(_ elements: [CGPath.Element]) -> CGFloat {
        var length: CGFloat = 0, start = CGPoint.zero, current = CGPoint.zero
        func add(_ point: CGPoint) {
            length += hypot(point.x - current.x, point.y - current.y)
            current = point
        }
        for element in elements {
            switch element {
            case let .move(point): (start, current) = (point, point)
            case let .line(point): add(point)
            case let .quadCurve(control, end):
                let from = current
                for step in 1...64 {
                    let t = CGFloat(step) / 64, u = 1 - t
                    add(CGPoint(x: u * u * from.x + 2 * u * t * control.x + t * t * end.x,
                                y: u * u * from.y + 2 * u * t * control.y + t * t * end.y))
                }
            case let .curve(control1, control2, end):
                let from = current
                for step in 1...64 {
                    let t = CGFloat(step) / 64, u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    add(CGPoint(x: a * from.x + b * control1.x + c * control2.x + d * end.x,
                                y: a * from.y + b * control1.y + c * control2.y + d * end.y))
                }
            case .close: add(start)
            }
        }
        return length
    }
}
