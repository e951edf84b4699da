import Composition
import MediaCore

extension JobBuilder {
    /// Lays `layers` out as they will render on `spec`'s frames and records what a designer should hear of before
    /// rendering, as warnings at each layer's `locations` entry: a character no font can draw, text that does not fit
    /// its box even at its smallest size, a fallback from a family the manifest names to another. Invalid markup
    /// throws.
    func checkText(_ layers: [TextLayer], locations: [(SourceLocation, namesFont: Bool)], spec: OutputSpec,
                   canvas: Size) throws {
        guard let measurer = catalog.textMeasurer, let video = spec.settings.video, !layers.isEmpty else { return }
        let measurements = measurer.measure(layers, width: video.width, height: video.height, canvas: canvas)
        var warnings: [Diagnostic] = []
        for (index, measurement) in measurements.enumerated() where index < locations.count {
            let (location, namesFont) = locations[index], layer = layers[index]
            if let markup = measurement.markupProblem {
                throw problem(spec, stage: "load", "invalid markup in the title's text: \(markup)", at: location)
            }
            var measurement = measurement
            if !namesFont { measurement.fallbacks = [] }
            for message in Self.textMessages(measurement, layer: layer, output: spec.name) {
                warnings.append(sources[spec.manifestPath]?.diagnostic(.warning, at: location, message)
                                ?? Diagnostic(.warning, at: location, message))
            }
        }
        if !warnings.isEmpty { catalog.addTextWarnings(warnings, for: spec.name) }
    }

    /// The warnings one measurement gives, in a fixed order.
    static func textMessages(_ measurement: TextMeasurement, layer: TextLayer, output: String) -> [String] {
        let family = layer.style.fontFamily
        var messages = measurement.missing.map { scalar in
            "no font can draw \(Self.name(scalar)) in output '\(output)' (tried '\(family)' and every installed font); it shows as a box"
        }
        if !measurement.fits {
            let box = "\(Self.pixels(measurement.boxWidth))x\(Self.pixels(measurement.boxHeight)) px"
            let fit = layer.style.fit == .none ? "at its size of \(Self.pixels(measurement.size)) px (fit: none)"
                : "even at min_size (\(Self.pixels(measurement.minimumSize)) px)"
            messages.append("text does not fit its \(box) box in output '\(output)' \(fit); words break and lines may be cut")
        }
        messages += measurement.fallbacks.map { fallback in
            "font '\(family)' has no \(Self.name(fallback.character)) in output '\(output)'; it is drawn in '\(fallback.family)'"
        }
        return messages
    }

    /// `U+13000 '𓀀'`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) '\(Character(scalar))'"
    }

    /// A pixel length with at most one decimal.
    private static func pixels(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
