import Foundation

/// An outline of lines and curves (a shape layer's `path`). Rectangles, ellipses and arcs are kept as the cubic
/// Bézier curves they are drawn with, so every path is moves, lines, curves and closes.
open class CGPath: @unchecked Sendable {
    /// One step of a path, in its own coordinates.
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case quadCurve(control: CGPoint, end: CGPoint)
        case curve(control1: CGPoint, control2: CGPoint, end: CGPoint)
        case close

        /// The element with each of its points moved by `move`.
        func moved(_ move: (CGPoint) -> CGPoint) -> Element {
            switch self {
            case let .move(point): .move(move(point))
            case let .line(point): .line(move(point))
            case let .quadCurve(control, end): .quadCurve(control: move(control), end: move(end))
            case let .curve(control1, control2, end):
                .curve(control1: move(control1), control2: move(control2), end: move(end))
            case .close: .close
            }
        }
    }

    /// The steps, in order (`@unchecked Sendable`: a `CGPath` is never changed, only a `CGMutablePath`).
    var elements: [Element] = []

    init(elements: [Element]) {
        self.elements = elements
    }

    /// A rectangle, moved by `transform` when given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// The ellipse inside `rect`, moved by `transform` when given.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rectangle with corners of `cornerWidth` by `cornerHeight`, moved by `transform` when given.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// Whether the path has no steps.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included; `.null` for an empty one.
    public var boundingBox: CGRect {
        let points = elements.flatMap { element -> [CGPoint] in
            switch element {
            case let .move(point), let .line(point): [point]
            case let .quadCurve(control, end): [control, end]
            case let .curve(control1, control2, end): [control1, control2, end]
            case .close: []
            }
        }
        guard let first = points.first else { return .null }
        return points.dropFirst().reduce(CGRect(origin: first, size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    /// The point the next step starts from; `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case let .move(point): (start, current) = (point, point)
            case let .line(point), let .quadCurve(_, point), let .curve(_, _, point): current = point
            case .close: current = start
            }
        }
        return current
    }

    /// A copy that does not change.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A copy that can be changed.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }
}

/// A path built step by step.
open class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(elements: []) }

    override init(elements: [Element]) { super.init(elements: elements) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.move(point.applying(transform)))
    }

    /// A straight line to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.line(point.applying(transform)))
    }

    /// A subpath through `points`, in order.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.quadCurve(control: control.applying(transform), end: end.applying(transform)))
    }

    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        elements.append(.curve(control1: control1.applying(transform), control2: control2.applying(transform),
                               end: end.applying(transform)))
    }

    /// Closes the subpath with a line back to its start.
    public func closeSubpath() {
        elements.append(.close)
    }

    /// A closed rectangle subpath, counter-clockwise from its origin as Core Graphics adds it.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    /// A closed rectangle subpath for each of `rects`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The closed ellipse inside `rect`, four quarter curves.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let (rx, ry) = (r.width / 2, r.height / 2)
        let centre = CGPoint(x: r.midX, y: r.midY)
        move(to: CGPoint(x: r.maxX, y: r.midY), transform: transform)
        for quarter in 0..<4 {
            appendArc(centre: centre, radii: (rx, ry), from: Double(quarter) * .pi / 2,
                      to: Double(quarter + 1) * .pi / 2, transform: transform)
        }
        closeSubpath()
    }

    /// A closed rectangle subpath with elliptical corners `cornerWidth` across and `cornerHeight` down.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let (rx, ry) = (min(max(cornerWidth, 0), r.width / 2), min(max(cornerHeight, 0), r.height / 2))
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        move(to: CGPoint(x: r.maxX, y: r.minY + ry), transform: transform)
        let corners = [(CGPoint(x: r.maxX - rx, y: r.maxY - ry), 0.0), (CGPoint(x: r.minX + rx, y: r.maxY - ry), 1),
                       (CGPoint(x: r.minX + rx, y: r.minY + ry), 2), (CGPoint(x: r.maxX - rx, y: r.minY + ry), 3)]
        for (centre, quarter) in corners {
            // Each side is a line to the next corner's arc.
            addLine(to: CGPoint(x: centre.x + rx * CGFloat(cos(quarter * .pi / 2)),
                                y: centre.y + ry * CGFloat(sin(quarter * .pi / 2))), transform: transform)
            appendArc(centre: centre, radii: (rx, ry), from: quarter * .pi / 2, to: (quarter + 1) * .pi / 2,
                      transform: transform)
        }
        closeSubpath()
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle` (radians, counter-clockwise while y grows
    /// upwards unless `clockwise`), joined to the current point by a line (or starting the path).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        let (start, end) = (Double(startAngle), Double(endAngle))
        var sweep = end - start
        // Core Graphics goes the way asked, at most one turn.
        if clockwise { while sweep > 0 { sweep -= 2 * .pi } } else { while sweep < 0 { sweep += 2 * .pi } }
        sweep = max(-2 * .pi, min(2 * .pi, sweep))
        let first = CGPoint(x: center.x + radius * CGFloat(cos(start)), y: center.y + radius * CGFloat(sin(start)))
        if elements.isEmpty { move(to: first, transform: transform) } else { addLine(to: first, transform: transform) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        for piece in 0..<pieces {
            let from = start + sweep * Double(piece) / Double(pieces)
            let to = start + sweep * Double(piece + 1) / Double(pieces)
            appendArc(centre: center, radii: (radius, radius), from: from, to: to, transform: transform)
        }
    }

    /// Appends `path`'s steps, moved by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case let .move(point): move(to: point, transform: transform)
            case let .line(point): addLine(to: point, transform: transform)
            case let .quadCurve(control, end): addQuadCurve(to: end, control: control, transform: transform)
            case let .curve(control1, control2, end):
                addCurve(to: end, control1: control1, control2: control2, transform: transform)
            case .close: closeSubpath()
            }
        }
    }

    /// A cubic curve along the ellipse about `centre` from angle `from` to `to` (at most a quarter turn apart).
    private func appendArc(centre: CGPoint, radii: (CGFloat, CGFloat), from: Double, to: Double,
                           transform: CGAffineTransform) {
        // The control points lie along the tangents, 4/3 tan(sweep / 4) of the radius out.
        let k = 4.0 / 3.0 * tan((to - from) / 4)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: centre.x + radii.0 * CGFloat(cos(angle)), y: centre.y + radii.1 * CGFloat(sin(angle)))
        }
        func tangent(_ angle: Double) -> CGPoint {
            CGPoint(x: -radii.0 * CGFloat(sin(angle)), y: radii.1 * CGFloat(cos(angle)))
        }
        let (start, end) = (point(from), point(to))
        let (t0, t1) = (tangent(from), tangent(to))
        addCurve(to: end, control1: CGPoint(x: start.x + CGFloat(k) * t0.x, y: start.y + CGFloat(k) * t0.y),
                 control2: CGPoint(x: end.x - CGFloat(k) * t1.x, y: end.y - CGFloat(k) * t1.y), transform: transform)
    }
}
