import Composition
import Foundation
import MediaCore

/// The pictures the tool makes from layers, as SVG documents the export reads like picture files: gradients and
/// shapes.
extension AVVideoCompositionCoreAnimationTool {
    /// The patch drawing `layer`'s gradient over `rect` of the render (a picture written to `file`.svg), at the
    /// superlayers' `opacity` and moved by the layer's animations; nil when it has no colours.
    static func gradient(_ layer: CAGradientLayer, path: String, rect: CGRect, flipped: Bool, file: URL,
                         opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch? {
        guard let picture = try GradientPicture(layer, size: rect.size, flipped: flipped,
                                                refusal: { refuse(path, $0) }) else { return nil }
        return try patch(picture.svg, rect: rect, path: path, file: file, opacity: opacity)
    }

    /// The patch drawing `layer`'s path, filled and stroked, for a layer whose frame is `rect` of the render (a
    /// picture written to `file`.svg covering what the path draws); nil when it draws nothing.
    static func shape(_ layer: CAShapeLayer, path: String, rect: CGRect, flipped: Bool, file: URL,
                      opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch? {
        guard let picture = try ShapePicture(layer, frame: rect, flipped: flipped,
                                             refusal: { refuse(path, $0) }) else { return nil }
        return try patch(picture.svg, rect: picture.rect, path: path, file: file, opacity: opacity)
    }

    /// The patch drawing `layer`'s drop shadow for a layer whose frame is `rect` of the render (a picture written to
    /// `file`.svg); nil when it casts none.
    static func shadow(_ layer: CALayer, path: String, rect: CGRect, flipped: Bool, file: URL,
                       opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch? {
        guard let picture = try ShadowPicture(layer, frame: rect, flipped: flipped,
                                              refusal: { refuse(path, $0) }) else { return nil }
        return try patch(picture.svg, rect: picture.rect, path: path, file: file, opacity: opacity)
    }

    /// A patch showing `svg`, written to `file`.svg, over `rect`.
    private static func patch(_ svg: String, rect: CGRect, path: String, file: URL,
                              opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch {
        let written: URL
        do {
            written = try SVGDocument.write(svg, in: file.deletingLastPathComponent(), name: file.lastPathComponent)
        } catch {
            throw refuse(path, "a picture cannot be written to '\(file.path).svg': \(error)")
        }
        return LayerDrawing.Patch(fill: .image(try stillTrack(written, path: path), crop: nil), rect: rect,
                                  alpha: opacity.superlayers, animations: opacity.own)
    }
}
