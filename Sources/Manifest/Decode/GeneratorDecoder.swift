import Composition
import MediaCore
import YAML

/// The picture keys of generated sources: a colour's `color`, a gradient's `colors`, `angle`, `center` and
/// `radius`; shared by `sources`, clips and output backgrounds.
enum GeneratorDecoder {
    /// Keys only gradients take.
    static let gradientKeys = ["colors", "angle", "center", "radius"]

    /// An output's `background`: a colour, or `{ generate: color | linear-gradient | radial-gradient, ... }`; a
    /// gradient comes back as a source to lay under everything (its size and length are the output's).
    static func background(_ node: YAMLNode, reader: inout NodeReader) -> (color: String, gradient: GeneratedSource?)? {
        guard node.isMapping else { return reader.color(node, "background").map { ($0, nil) } }
        guard let fields = reader.mapping(node, in: "'background'", keys: ManifestSchema.background, required: ["generate"]),
              let generate = fields["generate"],
              let name = reader.choice(generate, "background generator", ["color", "linear-gradient", "radial-gradient"]),
              let kind = GeneratedSource.Kind(rawValue: name) else { return nil }
        var spec = GeneratedSource(kind: kind, duration: .zero)
        pictureKeys(fields, into: &spec, at: node, reader: &reader)
        return spec.isGradient ? ("black", spec) : (spec.color, nil)
    }

    /// Reads the picture keys of `fields` into `spec`; keys that do nothing for its kind are errors.
    static func pictureKeys(_ fields: [String: YAMLNode], into spec: inout GeneratedSource, at node: YAMLNode,
                            reader: inout NodeReader) {
        let kind = spec.kind.rawValue
        if spec.isGradient {
            if let node = fields["color"] {
                reader.error("a \(kind) takes 'colors' (a list), not 'color'", at: node)
            }
            guard let colorsNode = fields["colors"] else {
                reader.error("\(kind) needs 'colors', such as ['#1e3c72', '#2a5298']", at: node)
                return
            }
            spec.stops = stops(colorsNode, reader: &reader)
            if let node = fields["angle"] {
                if spec.kind == .linearGradient {
                    if let value = reader.number(node, "angle", in: -360...360) { spec.angle = value }
                } else {
                    reader.error("'angle' applies to a linear-gradient; a radial-gradient takes 'center' and 'radius'", at: node)
                }
            }
            for key in ["center", "radius"] where spec.kind == .linearGradient {
                if let node = fields[key] {
                    reader.error("'\(key)' applies to a radial-gradient; a linear-gradient takes 'angle'", at: node)
                }
            }
            if spec.kind == .radialGradient { radialKeys(fields, into: &spec, reader: &reader) }
        } else {
            if let node = fields["color"], let text = reader.color(node, "color") { spec.color = text }
            for key in gradientKeys {
                if let node = fields[key] { reader.error("'\(key)' applies to gradients, not to '\(kind)'", at: node) }
            }
        }
        // A colour or gradient without a size of its own fills the canvas of the output that uses it.
        if fields["size"] == nil, spec.kind == .color || spec.isGradient { (spec.width, spec.height) = (0, 0) }
    }

    /// `colors`: a list of colours spread evenly, or of `{ color, at }` stops (`at` in percent); unplaced colours
    /// share the room between their placed neighbours evenly, as in CSS.
    private static func stops(_ node: YAMLNode, reader: inout NodeReader) -> [GeneratedSource.Stop] {
        guard let items = reader.list(node, "colors") else { return [] }
        guard items.count >= 2 else {
            reader.error("'colors' needs at least two colours to blend", at: node)
            return []
        }
        var colors: [String] = [], positions: [Double?] = []
        for item in items {
            if item.isMapping {
                guard let fields = reader.mapping(item, in: "a gradient stop", keys: ["color", "at"], required: ["color"]),
                      let colorNode = fields["color"], let color = reader.color(colorNode, "color") else { continue }
                var position: Double?
                if let atNode = fields["at"], let text = reader.string(atNode, "at") {
                    if case .percent(let value)? = Length(text), (0...100).contains(value) {
                        position = value / 100
                    } else {
                        reader.error("invalid stop position '\(text)'; use percent from 0% to 100%", at: atNode)
                    }
                }
                colors.append(color)
                positions.append(position)
            } else if let color = reader.color(item, "colors") {
                colors.append(color)
                positions.append(nil)
            }
        }
        guard colors.count == items.count else { return [] }
        let placed = spread(positions)
        for index in placed.indices.dropFirst() where placed[index] < placed[index - 1] {
            reader.error("gradient stops must not go backwards (\(ValueSyntax.format(placed[index] * 100))% after \(ValueSyntax.format(placed[index - 1] * 100))%)", at: items[index])
            return []
        }
        return zip(colors, placed).map { GeneratedSource.Stop(color: $0, position: $1) }
    }

    /// Positions for every stop: the first defaults to 0, the last to 1, and each run of unplaced ones is spread
    /// evenly between the placed stops around it.
    private static func spread(_ positions: [Double?]) -> [Double] {
        var result = positions
        if result.first == .some(nil) { result[0] = 0 }
        if result.last == .some(nil) { result[result.count - 1] = 1 }
        var index = 0
        while index < result.count {
            guard result[index] == nil else { index += 1; continue }
            let before = index - 1
            let after = result[index...].firstIndex { $0 != nil } ?? result.count - 1
            let from = result[before] ?? 0, to = result[after] ?? 1
            for gap in index..<after {
                result[gap] = from + (to - from) * Double(gap - before) / Double(after - before)
            }
            index = after
        }
        return result.map { $0 ?? 0 }
    }

    /// `center: { x, y }` in percent of the picture, and `radius` in percent of its shorter side.
    private static func radialKeys(_ fields: [String: YAMLNode], into spec: inout GeneratedSource,
                                   reader: inout NodeReader) {
        if let node = fields["center"],
           let center = reader.mapping(node, in: "'center'", keys: ["x", "y"]) {
            for (key, axis) in [("x", 0), ("y", 1)] {
                guard let valueNode = center[key], let length = reader.length(valueNode, key) else { continue }
                guard case .percent(let value) = length else {
                    reader.error("a gradient's 'center' is in percent of the picture, such as '30%'", at: valueNode)
                    continue
                }
                if axis == 0 { spec.centerX = value / 100 } else { spec.centerY = value / 100 }
            }
        }
        if let node = fields["radius"], let length = reader.length(node, "radius") {
            guard case .percent(let value) = length, value > 0 else {
                reader.error("a gradient's 'radius' is in percent of the picture's shorter side, such as '50%'", at: node)
                return
            }
            spec.radius = value / 100
        }
    }
}
