import Composition
import Foundation
import MediaCore

extension AVVideoCompositionCoreAnimationTool {
    /// The patch drawing `layer`'s gradient over `rect` of the render (a picture written to `file`.svg), at the
    /// superlayers' `opacity` and moved by the layer's animations; nil when it has no colours.
    static func gradient(_ layer: CAGradientLayer, path: String, rect: CGRect, flipped: Bool, file: URL,
                         opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch? {
        guard let picture = try GradientPicture(layer, size: rect.size, flipped: flipped,
                                                refusal: { refuse(path, $0) }) else { return nil }
        let written: URL
        do {
            written = try picture.write(in: file.deletingLastPathComponent(), name: file.lastPathComponent)
        } catch {
            throw refuse(path, "a gradient cannot be written to '\(file.path)': \(error)")
        }
        return LayerDrawing.Patch(fill: .image(try stillTrack(written, path: path), crop: nil), rect: rect,
                                  alpha: opacity.superlayers, animations: opacity.own)
    }
}
