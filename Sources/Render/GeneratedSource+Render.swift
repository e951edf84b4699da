import Foundation
import Composition
import MediaCore

/// How the render engine sounds built-in sources.
extension GeneratedSource {
    /// The sound of the source: a tone for `tone` and `testpattern`, silence for `color` and `silence`.
    var audioGenerator: ToneGenerator? {
        switch kind {
        case .tone, .testpattern: ToneGenerator(frequency: frequency)
        case .color, .silence: nil
        }
    }
}
