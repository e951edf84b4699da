import Foundation

/// What the pictures the export makes from layers (gradients, shapes) share: SVG numbers, and writing the document.
enum SVGDocument {
    /// `value` in few digits and no exponent, as SVG reads numbers.
    static func number(_ value: Double) -> String {
        String(format: "%.4f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// `value` as `number(_:)` writes it.
    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    /// `name="value"` for each pair, numbers as `number(_:)` writes them, separated by spaces.
    static func attributes(_ pairs: KeyValuePairs<String, Double>) -> String {
        pairs.map { "\($0.key)=\"\(number($0.value))\"" }.joined(separator: " ")
    }

    /// SVG path data for `elements`.
    static func pathData(_ elements: [CGPath.Element]) -> String {
        func pair(_ point: CGPoint) -> String { "\(number(point.x)) \(number(point.y))" }
        return elements.map { element in
            switch element {
            case let .move(point): "M\(pair(point))"
            case let .line(point): "L\(pair(point))"
            case let .quadCurve(control, end): "Q\(pair(control)) \(pair(end))"
            case let .curve(control1, control2, end): "C\(pair(control1)) \(pair(control2)) \(pair(end))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    /// A document `width` x `height` pixels holding `body`.
    static func document(width: Double, height: Double, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes(["width": width, "height": height])) "
            + "viewBox=\"0 0 \(number(width)) \(number(height))\">\(body)</svg>\n"
    }

    /// Writes `text` into `folder` as `name`.svg and returns the file.
    static func write(_ text: String, in folder: URL, name: String) throws -> URL {
        let file = folder.appendingPathComponent(name + ".svg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
        return file
    }
}
