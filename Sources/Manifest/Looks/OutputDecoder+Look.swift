import Composition
import Foundation
import YAML

/// A picture's `look`: its brightness, contrast and colourfulness (`{ brightness, contrast, saturation }`, each a
/// number or a percentage), `greyscale`, or `none`.
extension OutputDecoder {
    /// The `look` written at `node`: `.some(nil)` for `none`, nil when it is not understood (reported).
    func look(_ node: YAMLNode, reader: inout NodeReader) -> ColorControls?? {
        if node.isMapping {
            guard let fields = reader.mapping(node, in: "look", keys: ManifestSchema.look, required: []) else { return nil }
            var controls = ColorControls()
            if let value = fields["brightness"] { controls.brightness = lookValue(value, "brightness", -1...1, &reader) ?? 0 }
            if let value = fields["contrast"] { controls.contrast = lookValue(value, "contrast", 0...10, &reader) ?? 1 }
            if let value = fields["saturation"] {
                controls.saturation = lookValue(value, "saturation", 0...10, &reader) ?? 1
            }
            return .some(controls.isIdentity ? nil : controls)
        }
        guard let text = reader.string(node, "look") else { return nil }
        switch text {
        case "none": return .some(nil)
        case "greyscale", "grayscale": return .some(ColorControls(saturation: 0))
        default:
            reader.error("unknown look '\(text)'; write 'none', 'greyscale' or { brightness, contrast, saturation }",
                         at: node)
            return nil
        }
    }

    /// An output's (or its template's) `look`, the default of its clips and layers.
    func outputLook(_ fields: [String: YAMLNode], into spec: inout OutputSpec, reader: inout NodeReader) {
        if let node = fields["look"], let look = look(node, reader: &reader) { spec.look = look }
    }

    /// One control: a number in `range`, or a percentage of it (`120%` is 1.2).
    private func lookValue(_ node: YAMLNode, _ what: String, _ range: ClosedRange<Double>,
                           _ reader: inout NodeReader) -> Double? {
        guard let text = reader.string(node, what) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let percent = trimmed.hasSuffix("%")
        let number = Double(percent ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed)
        guard let value = number.map({ percent ? $0 / 100 : $0 }), value.isFinite, range.contains(value) else {
            let low = ValueSyntax.format(range.lowerBound), high = ValueSyntax.format(range.upperBound)
            reader.error("'\(what)' must be a number from \(low) to \(high) or a percentage "
                         + "(\(ValueSyntax.format(range.lowerBound * 100))% to \(ValueSyntax.format(range.upperBound * 100))%), "
                         + "not '\(text)'", at: node)
            return nil
        }
        return value
    }
}
