import Composition
import Foundation
import MediaCore

/// Core Animation layers drawn over an export's pictures: the pictures go where the video layer is in the parent
/// layer's tree, and the tree's text layers (`CATextLayer`) are drawn over them, as the composition model's text.
/// A layer with a picture (`contents`) or a background colour, or a video layer that does not fill the render size,
/// makes the export fail and say which layer.
public class AVVideoCompositionCoreAnimationTool: @unchecked Sendable {
    /// The layers the pictures go in.
    let videoLayers: [CALayer]
    /// The root of the tree.
    let animationLayer: CALayer

    /// Pictures in `videoLayer`, within the tree of `animationLayer`.
    public convenience init(postProcessingAsVideoLayer videoLayer: CALayer, in animationLayer: CALayer) {
        self.init(postProcessingAsVideoLayers: [videoLayer], in: animationLayer)
    }

    /// Pictures in each of `videoLayers`, within the tree of `animationLayer`.
    public init(postProcessingAsVideoLayers videoLayers: [CALayer], in animationLayer: CALayer) {
        self.videoLayers = videoLayers
        self.animationLayer = animationLayer
    }

    /// The tree's text layers over a `renderSize` render lasting `duration`, in drawing order; throws for a layer
    /// that cannot be drawn here.
    func textLayers(renderSize: CGSize, duration: MediaTime) throws(AVError) -> [TextLayer] {
        let canvas = CGRect(origin: .zero, size: renderSize)
        guard abs(animationLayer.frame.width - renderSize.width) < 0.5,
              abs(animationLayer.frame.height - renderSize.height) < 0.5 else {
            throw Self.refuse("the parent layer", "its size \(animationLayer.frame.size) is not the render size "
                              + "\(renderSize); give it the render size")
        }
        var layers: [TextLayer] = []
        try collect(animationLayer, path: "the parent layer", rect: canvas, opacity: 1, flipped: false,
                    render: (renderSize.height, duration), into: &layers)
        return layers
    }

    /// Adds the text of `layer` (at `rect` of the render, top-left origin, under superlayers of `opacity` whose
    /// sublayers are `flipped`) and of its sublayers to `layers`, for a render of `render.height` lasting
    /// `render.duration`.
    private func collect(_ layer: CALayer, path: String, rect: CGRect, opacity: Double, flipped: Bool,
                         render: (height: CGFloat, duration: MediaTime),
                         into layers: inout [TextLayer]) throws(AVError) {
        let opacity = opacity * Double(layer.opacity)
        if videoLayers.contains(where: { $0 === layer }) {
            guard !layer.isHidden, opacity == 1 else {
                throw Self.refuse(path, "a video layer is drawn whole here; it cannot be hidden or see-through")
            }
            guard abs(rect.minX) < 0.5, abs(rect.minY) < 0.5, abs(rect.width - animationLayer.frame.width) < 0.5,
                  abs(rect.height - animationLayer.frame.height) < 0.5 else {
                throw Self.refuse(path, "a video layer fills the parent layer here, not \(rect)")
            }
        }
        guard !layer.isHidden, opacity > 0 else { return }
        if layer.contents != nil {
            throw Self.refuse(path, "a layer's picture (contents) is not drawn here; only text layers are")
        }
        if let background = layer.backgroundColor, background.alpha > 0 {
            throw Self.refuse(path, "a layer's background colour is not drawn here; only text layers are")
        }
        if let text = layer as? CATextLayer {
            layers.append(try Self.textLayer(text, path: path, rect: rect, opacity: opacity, render: render))
        }
        let sublayersFlipped = flipped != layer.isGeometryFlipped
        for (index, sublayer) in (layer.sublayers ?? []).enumerated() {
            let frame = sublayer.frame
            let top = sublayersFlipped ? rect.minY + frame.minY : rect.minY + rect.height - frame.maxY
            try collect(sublayer, path: "\(path).sublayers[\(index)]",
                        rect: CGRect(x: rect.minX + frame.minX, y: top, width: frame.width, height: frame.height),
                        opacity: opacity, flipped: sublayersFlipped, render: render, into: &layers)
        }
    }

    /// The composition model's text for `layer`, drawn in `rect` of a render of `render.height` lasting
    /// `render.duration`.
    private static func textLayer(_ layer: CATextLayer, path: String, rect: CGRect, opacity: Double,
                                  render: (height: CGFloat, duration: MediaTime)) throws(AVError) -> TextLayer {
        let text: String
        switch layer.string {
        case nil: text = ""
        case let string as String: text = string
        case let attributed as NSAttributedString: text = attributed.string
        case let other?: throw refuse(path, "a text layer's string is a String or an NSAttributedString, not \(type(of: other))")
        }
        guard let face = LayerFont(layer.font) else {
            throw refuse(path, "a text layer's font is a family name such as \"Helvetica-Bold\", not \(layer.font!)")
        }
        let color = layer.foregroundColor?.components ?? [1, 1, 1, 1]
        var style = TextStyle(fontFamily: face.family, size: Double(layer.fontSize / render.height),
                              color: Color(red: color[0], green: color[1], blue: color[2], alpha: color[3] * opacity),
                              outlineWidth: 0, shadowOffset: 0, bold: face.bold, italic: face.italic,
                              alignment: layer.alignmentMode == .center ? .center
                                  : layer.alignmentMode == .right ? .right : .left)
        style.fit = .none
        return TextLayer(text: text, timeRange: TimeRange(start: .zero, duration: render.duration), style: style,
                         placement: .region(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)))
    }

    /// The error for a layer the export cannot draw.
    private static func refuse(_ path: String, _ problem: String) -> AVError {
        AVError(.invalidVideoComposition, .layer(path: path, problem: problem))
    }
}
