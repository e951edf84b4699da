import Foundation
import Composition
import MediaCore

/// How the render engine draws and sounds built-in sources.
extension GeneratedSource {
    /// The colour of a `color` source, read as manifests read colours; nil when it cannot be read.
    var rgbaColor: RGBAColor? { Self.rgbaColor(color) }

    /// A gradient's stops as colours; nil when one cannot be read or there are none.
    var gradientStops: [GradientGenerator.Stop]? {
        let colors = stops.compactMap { stop in
            Self.rgbaColor(stop.color).map { GradientGenerator.Stop(color: $0, position: stop.position) }
        }
        return colors.isEmpty || colors.count < stops.count ? nil : colors
    }

    /// Colour text read as manifests read colours; nil when it cannot be read.
    static func rgbaColor(_ text: String) -> RGBAColor? {
        Color(parsing: text.trimmingCharacters(in: .whitespaces)).map {
            RGBAColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
        }
    }

    /// The sound of the source: a tone for `tone` and `testpattern`, silence for the rest.
    var audioGenerator: ToneGenerator? {
        switch kind {
        case .tone, .testpattern: ToneGenerator(frequency: frequency)
        case .color, .linearGradient, .radialGradient, .silence: nil
        }
    }
}
