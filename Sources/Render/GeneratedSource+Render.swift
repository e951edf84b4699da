import Foundation
import Composition
import MediaCore

/// How the render engine draws and sounds built-in sources.
extension GeneratedSource {
    /// The colour of a `color` source, read as manifests read colours; nil when it cannot be read.
    var rgbaColor: RGBAColor? {
        Color(parsing: color.trimmingCharacters(in: .whitespaces)).map {
            RGBAColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
        }
    }

    /// The sound of the source: a tone for `tone` and `testpattern`, silence for `color` and `silence`.
    var audioGenerator: ToneGenerator? {
        switch kind {
        case .tone, .testpattern: ToneGenerator(frequency: frequency)
        case .color, .silence: nil
        }
    }
}
