import Foundation
import Composition
import MediaCore

/// How the render engine sounds built-in sources.
extension GeneratedSource {
    /// A gradient's stops as colours; nil when one cannot be read or there are none.
    var gradientStops: [GradientGenerator.Stop]? {
        let colors = stops.compactMap { stop in
            Color(parsing: stop.color).map { GradientGenerator.Stop(color: $0, position: stop.position) }
        }
        return colors.isEmpty || colors.count < stops.count ? nil : colors
    }

    /// The sound of the source: a tone for `tone` and `testpattern`, silence for the rest.
    var audioGenerator: ToneGenerator? {
        switch kind {
        case .tone, .testpattern: ToneGenerator(frequency: frequency)
        case .color, .linearGradient, .radialGradient, .silence: nil
        }
    }
}
