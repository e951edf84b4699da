import Composition
import Foundation
import LibAV
import MediaCore

/// Core Animation layers drawn over an export's pictures: the pictures go where the video layer is in the parent
/// layer's tree, and the tree's background colours and text layers (`CATextLayer`) are drawn over them. A layer with
/// a picture (`contents`), or a video layer that does not fill the render size, makes the export fail and say
/// which layer.
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

    /// What the tree draws over a `renderSize` render lasting `duration`; throws for a layer that cannot be drawn
    /// here.
    func drawing(renderSize: CGSize, duration: MediaTime) throws(AVError) -> LayerDrawing {
        let canvas = CGRect(origin: .zero, size: renderSize)
        guard abs(animationLayer.frame.width - renderSize.width) < 0.5,
              abs(animationLayer.frame.height - renderSize.height) < 0.5 else {
            throw Self.refuse("the parent layer", "its size \(animationLayer.frame.size) is not the render size "
                              + "\(renderSize); give it the render size")
        }
        var drawing = LayerDrawing()
        // Fonts are listed once for the whole tree.
        let fonts = (try? SystemFonts().installedFamilies()).map(FontFamilies.init)
        try collect(animationLayer, path: "the parent layer", rect: canvas, opacity: 1, flipped: false,
                    render: Render(height: renderSize.height, duration: duration, fonts: fonts), into: &drawing)
        return drawing
    }

    /// The render a tree is drawn over.
    private struct Render {
        /// Its height in pixels.
        let height: CGFloat
        /// How long it lasts.
        let duration: MediaTime
        /// The installed font families, nil when they cannot be listed.
        let fonts: FontFamilies?
    }

    /// Adds what `layer` (at `rect` of the render, top-left origin, under superlayers of `opacity` whose sublayers
    /// are `flipped`) and its sublayers draw to `drawing`.
    private func collect(_ layer: CALayer, path: String, rect: CGRect, opacity: Double, flipped: Bool,
                         render: Render,
                         into drawing: inout LayerDrawing) throws(AVError) {
        let own = try LayerOpacity.of(layer) { Self.refuse(path, $0) }
        if videoLayers.contains(where: { $0 === layer }) {
            guard !layer.isHidden, opacity * own.before == 1, !own.isAnimated else {
                throw Self.refuse(path, "a video layer is drawn whole here; it cannot be hidden, see-through or "
                                  + "animated")
            }
            guard abs(rect.minX) < 0.5, abs(rect.minY) < 0.5, abs(rect.width - animationLayer.frame.width) < 0.5,
                  abs(rect.height - animationLayer.frame.height) < 0.5 else {
                throw Self.refuse(path, "a video layer fills the parent layer here, not \(rect)")
            }
        }
        guard !layer.isHidden, opacity > 0, own.isAnimated || own.before > 0 else { return }
        if layer.contents != nil {
            throw Self.refuse(path, "a layer's picture (contents) is not drawn here; only text and background colours are")
        }
        if own.isAnimated, !(layer.sublayers ?? []).isEmpty {
            throw Self.refuse(path, "an animated layer with sublayers is not drawn here; animate the text or "
                              + "background layers themselves")
        }
        if let background = layer.backgroundColor?.components, background[3] > 0, rect.width > 0, rect.height > 0 {
            let hex = background.prefix(3).map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
            drawing.boxes.append(LayerDrawing.Box(rect: rect, color: "#" + hex, alpha: Double(background[3]) * opacity,
                                                  opacity: own))
        }
        if let text = layer as? CATextLayer {
            drawing.text.append(try Self.textLayer(text, path: path, rect: rect, opacity: (opacity, own),
                                                   render: render))
        }
        let sublayersFlipped = flipped != layer.isGeometryFlipped
        for (index, sublayer) in (layer.sublayers ?? []).enumerated() {
            let frame = sublayer.frame
            let top = sublayersFlipped ? rect.minY + frame.minY : rect.minY + rect.height - frame.maxY
            try collect(sublayer, path: "\(path).sublayers[\(index)]",
                        rect: CGRect(x: rect.minX + frame.minX, y: top, width: frame.width, height: frame.height),
                        opacity: opacity * own.before, flipped: sublayersFlipped, render: render, into: &drawing)
        }
    }

    /// The composition model's text for `layer`, drawn in `rect` of `render`, under superlayers of
    /// `opacity.superlayers` and at its own `opacity.own`.
    private static func textLayer(_ layer: CATextLayer, path: String, rect: CGRect,
                                  opacity: (superlayers: Double, own: LayerOpacity),
                                  render: Render) throws(AVError) -> TextLayer {
        let text: String
        switch layer.string {
        case nil: text = ""
        case let string as String: text = string
        case let attributed as NSAttributedString: text = attributed.string
        case let other?: throw refuse(path, "a text layer's string is a String or an NSAttributedString, not \(type(of: other))")
        }
        guard let face = LayerFont(layer.font, installed: render.fonts) else {
            throw refuse(path, "a text layer's font is a family name such as \"Helvetica-Bold\", not \(layer.font!)")
        }
        let color = layer.foregroundColor?.components ?? [1, 1, 1, 1]
        // A still layer's opacity is part of the colour; an animated one's is the text's motion.
        let alpha = color[3] * opacity.superlayers * (opacity.own.isAnimated ? 1 : opacity.own.before)
        var style = TextStyle(fontFamily: face.family, size: Double(layer.fontSize / render.height),
                              color: Color(red: color[0], green: color[1], blue: color[2], alpha: alpha),
                              outlineWidth: 0, shadowOffset: 0, bold: face.bold, italic: face.italic,
                              alignment: layer.alignmentMode == .center ? .center
                                  : layer.alignmentMode == .right ? .right : .left)
        style.fit = .none
        var drawn = TextLayer(text: text, timeRange: TimeRange(start: .zero, duration: render.duration), style: style,
                              placement: .region(Rect(x: rect.minX, y: rect.minY, width: rect.width,
                                                      height: rect.height)))
        if opacity.own.isAnimated {
            var motion = LayerInstruction(trackID: 0)
            do {
                try opacity.own.apply(to: &motion, scale: 1)
            } catch {
                throw refuse(path, "\(error)")
            }
            drawn.motion = motion
        }
        return drawn
    }

    /// The error for a layer the export cannot draw.
    private static func refuse(_ path: String, _ problem: String) -> AVError {
        AVError(.invalidVideoComposition, .layer(path: path, problem: problem))
    }
}
