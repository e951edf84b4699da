import Composition
import Foundation
import LibAV
import MediaCore

/// Core Animation layers drawn over an export's pictures: the pictures go where the video layer is in the parent
/// layer's tree, and the tree's background colours, pictures read from files (`contents`) and text layers
/// (`CATextLayer`) are drawn over them. A layer that cannot be drawn here, such as a video layer that does not fill
/// the render size, makes the export fail and say which layer.
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

    /// What the tree draws over a `renderSize` render lasting `duration`, writing the pictures it makes (gradients)
    /// into `pictures`; throws for a layer that cannot be drawn here.
    func drawing(renderSize: CGSize, duration: MediaTime, frameDuration: MediaTime,
                 pictures: URL) throws(AVError) -> LayerDrawing {
        let canvas = CGRect(origin: .zero, size: renderSize)
        guard abs(animationLayer.frame.width - renderSize.width) < 0.5,
              abs(animationLayer.frame.height - renderSize.height) < 0.5 else {
            throw Self.refuse("the parent layer", "its size \(animationLayer.frame.size) is not the render size "
                              + "\(renderSize); give it the render size")
        }
        var drawing = LayerDrawing()
        // Fonts are listed once for the whole tree.
        let fonts = (try? SystemFonts().installedFamilies()).map(FontFamilies.init)
        try collect(animationLayer, at: Place(path: "the parent layer", rect: canvas, opacity: 1, flipped: false),
                    render: Render(canvas: canvas,
                                   frames: LayerAnimations.Frames(length: duration, step: frameDuration), fonts: fonts,
                                   pictures: pictures),
                    into: &drawing)
        return drawing
    }

    /// The render a tree is drawn over.
    private struct Render {
        /// Its rectangle in pixels.
        let canvas: CGRect
        /// How long it lasts, and its frames.
        let frames: LayerAnimations.Frames
        /// The installed font families, nil when they cannot be listed.
        let fonts: FontFamilies?
        /// The folder the pictures the tree makes are written to.
        let pictures: URL
    }

    /// Where a layer is drawn: its place in the tree and in the render, and what its superlayers do to it.
    private struct Place {
        /// The layer's place in the tree, for messages (`the parent layer.sublayers[1]`).
        var path: String
        /// Its frame in render pixels from the top left.
        var rect: CGRect
        /// The superlayers' still opacity, multiplied.
        var opacity: Double
        /// Whether its frame's coordinates grow downwards.
        var flipped: Bool
        /// The animations of an animated superlayer, which move and fade this layer with it.
        var inherited: LayerAnimations?
        /// Where the superlayers that mask to their bounds let it show; nil where none cuts anything.
        var clip: LayerClip?
    }

    /// Adds what `layer` at `place` and its sublayers draw to `drawing`.
    private func collect(_ layer: CALayer, at place: Place, render: Render,
                         into drawing: inout LayerDrawing) throws(AVError) {
        let own = try LayerAnimations.of(layer, in: place.rect, flipped: place.flipped, frames: render.frames) {
            Self.refuse(place.path, $0)
        }
        try check(layer, at: place, own: own)
        guard !layer.isHidden, place.opacity > 0, own.isAnimated || own.opacity.before > 0 else { return }
        // What the layer draws follows its own animations, or an animated superlayer's at its own still opacity.
        var animations = place.inherited ?? own
        animations.placement = own.placement
        let opacity = place.inherited == nil ? place.opacity : place.opacity * own.opacity.before
        try drawOwn(layer, at: place, opacity: opacity, animations: animations, render: render, into: &drawing)
        let sublayersFlipped = place.flipped != layer.isGeometryFlipped
        let sublayers = layer.sublayers ?? []
        let clip = layer.masksToBounds && !sublayers.isEmpty
            ? try LayerClip.masking(place.rect, cornerRadius: Self.cornerRadius(of: layer),
                                    moves: animations.changesPlace, path: place.path, inside: place.clip,
                                    canvas: render.canvas, refusal: { Self.refuse(place.path, $0) })
            : place.clip
        for (index, sublayer) in sublayers.enumerated() {
            let frame = sublayer.frame, rect = place.rect
            let top = sublayersFlipped ? rect.minY + frame.minY : rect.minY + rect.height - frame.maxY
            let sublayerPlace = Place(
                path: "\(place.path).sublayers[\(index)]",
                rect: CGRect(x: rect.minX + frame.minX, y: top, width: frame.width, height: frame.height),
                opacity: own.isAnimated ? place.opacity : place.opacity * own.opacity.before,
                flipped: sublayersFlipped, inherited: own.isAnimated ? own : place.inherited, clip: clip)
            try collect(sublayer, at: sublayerPlace, render: render, into: &drawing)
        }
        // The border is drawn over the layer's picture and sublayers, as Core Animation draws it.
        if let color = layer.borderColor?.components, layer.borderWidth > 0, color[3] > 0 {
            let width = min(layer.borderWidth, place.rect.width / 2, place.rect.height / 2)
            if layer.cornerRadius > 0, layer.cornerRadius.isFinite {
                // A rounded border is an outline: a rounded patch of its colour showing only its band.
                guard width > 0 else { return }
                var outline = LayerDrawing.Patch(fill: .color(Self.hex(color)), rect: place.rect,
                                                 alpha: Double(color[3]) * opacity, animations: animations,
                                                 cornerRadius: layer.cornerRadius)
                outline.border = LayerBorder(width: width, color: Color(red: color[0], green: color[1], blue: color[2]),
                                             hidesPicture: true)
                try Self.add(outline, at: place, to: &drawing)
                return
            }
            for edge in Self.borderEdges(of: place.rect, width: width) {
                try Self.add(LayerDrawing.Patch(fill: .color(Self.hex(color)), rect: edge,
                                                alpha: Double(color[3]) * opacity, animations: animations),
                             at: place, to: &drawing)
            }
        }
    }

    /// Throws for what keeps `layer` (at `place`, with its own animations and transform `own`) from being drawn,
    /// seen or not: an animated layer in an animated one, a transformed one with sublayers, or a video layer that
    /// is not drawn whole and in place.
    private func check(_ layer: CALayer, at place: Place, own: LayerAnimations) throws(AVError) {
        let (path, rect) = (place.path, place.rect)
        if own.isAnimated, place.inherited != nil {
            throw Self.refuse(path, "an animated layer inside an animated layer is not drawn here; animate one of them")
        }
        if !own.placement.isIdentity, !(layer.sublayers ?? []).isEmpty {
            throw Self.refuse(path, "a transformed layer with sublayers is not drawn here; transform the text, "
                              + "background or picture layers themselves")
        }
        guard videoLayers.contains(where: { $0 === layer }) else { return }
        if let clip = place.clip {
            throw Self.refuse(path, "a video layer inside \(clip.path), which masks to its bounds, is not cut here")
        }
        guard !layer.isHidden, place.opacity * own.opacity.before == 1, !own.isAnimated, place.inherited == nil,
              own.placement.isIdentity else {
            throw Self.refuse(path, "a video layer is drawn whole here; it cannot be hidden, see-through, animated or "
                              + "transformed")
        }
        guard abs(rect.minX) < 0.5, abs(rect.minY) < 0.5, abs(rect.width - animationLayer.frame.width) < 0.5,
              abs(rect.height - animationLayer.frame.height) < 0.5 else {
            throw Self.refuse(path, "a video layer fills the parent layer here, not \(rect)")
        }
    }

    /// Adds `layer`'s own background colour, picture and text (not its sublayers'), at `opacity` and moved by
    /// `animations`; throws for pictures that cannot be drawn. Rounded corners (`cornerRadius`) round the background
    /// and, with `masksToBounds`, cut the picture, as Core Animation does.
    private func drawOwn(_ layer: CALayer, at place: Place, opacity: Double, animations: LayerAnimations,
                         render: Render, into drawing: inout LayerDrawing) throws(AVError) {
        let (path, rect) = (place.path, place.rect)
        let radius = Self.cornerRadius(of: layer)
        if layer.shadowOpacity > 0,
           let shadow = try Self.shadow(layer, path: path, rect: rect, flipped: place.flipped,
                                        file: drawing.nextPicture(in: render.pictures), opacity: (opacity, animations)) {
            try Self.add(shadow, at: place, to: &drawing)
        }
        if let background = layer.backgroundColor?.components, background[3] > 0, rect.width > 0, rect.height > 0 {
            try Self.add(LayerDrawing.Patch(fill: .color(Self.hex(background)), rect: rect,
                                            alpha: Double(background[3]) * opacity, animations: animations,
                                            cornerRadius: radius),
                         at: place, to: &drawing)
        }
        if let gradient = layer as? CAGradientLayer,
           var patch = try Self.gradient(gradient, path: path, rect: rect, flipped: place.flipped,
                                         file: drawing.nextPicture(in: render.pictures),
                                         opacity: (opacity, animations)) {
            if radius > 0, layer.masksToBounds { patch.cornerRadius = radius }
            try Self.add(patch, at: place, to: &drawing)
        }
        if let shape = layer as? CAShapeLayer,
           let patch = try Self.shape(shape, path: path, rect: rect, flipped: place.flipped,
                                      file: drawing.nextPicture(in: render.pictures),
                                      opacity: (opacity, animations)) {
            // The shape may reach beyond the bounds; masksToBounds cuts it there, as it cuts sublayers.
            let own = LayerClip(rect: rect, cornerRadius: radius, moves: animations.changesPlace, path: path)
            if let shown = layer.masksToBounds ? try own.cut(patch, refusal: { Self.refuse(path, $0) }) : patch {
                try Self.add(shown, at: place, to: &drawing)
            }
        }
        if let contents = layer.contents,
           var picture = try Self.picture(contents, of: layer, path: path, rect: rect,
                                          opacity: (opacity, animations)) {
            if radius > 0, layer.masksToBounds {
                guard Self.covers(picture, rect) else {
                    throw Self.refuse(path, "a picture that does not fill its rounded layer is not cut to the "
                                      + "corners here; give it contentsGravity resize or resizeAspectFill")
                }
                picture.cornerRadius = radius
            }
            try Self.add(picture, at: place, to: &drawing)
        }
        if let text = layer as? CATextLayer,
           try place.clip?.shows(textIn: rect, animations: animations, refusal: { Self.refuse(path, $0) }) ?? true {
            drawing.text.append(try Self.textLayer(text, path: path, rect: rect, flipped: place.flipped,
                                                   opacity: (opacity, animations), render: render))
        }
    }

    /// `layer`'s corner radius; 0 for square corners.
    private static func cornerRadius(of layer: CALayer) -> CGFloat {
        layer.cornerRadius > 0 && layer.cornerRadius.isFinite ? layer.cornerRadius : 0
    }

    /// Adds `patch` to `drawing` as the clip of `place` shows it: cut, or left out when none of it shows.
    private static func add(_ patch: LayerDrawing.Patch, at place: Place,
                            to drawing: inout LayerDrawing) throws(AVError) {
        guard let clip = place.clip else { return drawing.patches.append(patch) }
        if let shown = try clip.cut(patch, refusal: { refuse(place.path, $0) }) { drawing.patches.append(shown) }
    }

    /// Whether `picture`'s visible part fills `rect` (to half a pixel).
    private static func covers(_ picture: LayerDrawing.Patch, _ rect: CGRect) -> Bool {
        let shown = picture.rect.intersection(rect)
        return abs(shown.minX - rect.minX) < 0.5 && abs(shown.minY - rect.minY) < 0.5
            && abs(shown.maxX - rect.maxX) < 0.5 && abs(shown.maxY - rect.maxY) < 0.5
    }

    /// The four strips of a `width`-wide border inside `rect`: top, bottom, left and right.
    private static func borderEdges(of rect: CGRect, width: CGFloat) -> [CGRect] {
        let inner = rect.height - 2 * width
        return [CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: width),
                CGRect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width),
                CGRect(x: rect.minX, y: rect.minY + width, width: width, height: inner),
                CGRect(x: rect.maxX - width, y: rect.minY + width, width: width, height: inner)]
            .filter { $0.width > 0 && $0.height > 0 }
    }

    /// `#rrggbb` for a colour's components.
    static func hex(_ components: [CGFloat]) -> String {
        "#" + components.prefix(3).map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
    }

    /// The composition model's text for `layer`, drawn in `rect` of `render`, under superlayers of
    /// `opacity.superlayers` and at its own `opacity.own`.
    private static func textLayer(_ layer: CATextLayer, path: String, rect: CGRect, flipped: Bool,
                                  opacity: (superlayers: Double, own: LayerAnimations),
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
        // A still layer's opacity is part of the colour; a moved one's is the text's motion.
        let alpha = color[3] * opacity.superlayers * (opacity.own.isMoved ? 1 : opacity.own.opacity.before)
        var style = TextStyle(fontFamily: face.family, size: Double(layer.fontSize / render.canvas.height),
                              color: Color(red: color[0], green: color[1], blue: color[2], alpha: alpha),
                              outlineWidth: 0, shadowOffset: 0, bold: face.bold, italic: face.italic,
                              alignment: layer.alignmentMode == .center ? .center
                                  : layer.alignmentMode == .right ? .right : .left)
        style.fit = .none
        // The glyphs' shadow is as see-through as they are.
        if let shadow = glyphShadow(of: layer, flipped: flipped, height: render.canvas.height, opacity: alpha) {
            (style.shadowColor, style.shadow) = shadow
        }
        var drawn = TextLayer(text: text, timeRange: TimeRange(start: .zero, duration: render.frames.length), style: style,
                              placement: .region(Rect(x: rect.minX, y: rect.minY, width: rect.width,
                                                      height: rect.height)))
        if opacity.own.isMoved {
            var motion = LayerInstruction(trackID: 0)
            do {
                try opacity.own.apply(to: &motion, opacityScale: 1, base: .identity)
            } catch {
                throw refuse(path, "\(error)")
            }
            drawn.motion = motion
        }
        return drawn
    }

    /// The colour and placement of the shadow `layer`'s glyphs cast (its `shadowOpacity` and `shadowColor` times
    /// `opacity`, its offset turned into the render's downward y unless `flipped`, half its radius as the blur's
    /// deviation, over a render `height` pixels high); nil when it casts none or its background or `shadowPath` casts
    /// it instead (`ShadowPicture`).
    private static func glyphShadow(of layer: CATextLayer, flipped: Bool, height: CGFloat,
                                    opacity: Double) -> (Color, TextShadow)? {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor?.components, color[3] > 0, !layer.masksToBounds,
              layer.shadowPath == nil, (layer.backgroundColor?.components?[3] ?? 0) == 0, height > 0 else { return nil }
        let alpha = Double(color[3]) * Double(min(layer.shadowOpacity, 1)) * opacity
        let offset = layer.shadowOffset, radius = layer.shadowRadius.isFinite ? max(layer.shadowRadius, 0) : 0
        return (Color(red: color[0], green: color[1], blue: color[2], alpha: alpha),
                TextShadow(x: Double(offset.width / height), y: Double((flipped ? offset.height : -offset.height) / height),
                           blur: Double(radius / 2 / height)))
    }

    /// The patch drawing `contents`, `layer`'s picture, in `rect` of the render as the layer's gravity fits it; nil
    /// when `masksToBounds` cuts all of it.
    private static func picture(_ contents: Any, of layer: CALayer, path: String, rect: CGRect,
                                opacity: (superlayers: Double, own: LayerAnimations)) throws(AVError) -> LayerDrawing.Patch? {
        guard let image = contents as? CGImage else {
            throw refuse(path, "a layer's contents is a CGImage, not \(type(of: contents))")
        }
        guard let file = image.file else {
            throw refuse(path, "a picture made in memory (by an image generator or a bitmap context) is not drawn "
                         + "here; read it from a file with CGImageSource")
        }
        let track = try stillTrack(file, path: path)
        let size = CGSize(width: track.naturalSize.width, height: track.naturalSize.height)
        guard let placed = ContentsPlacement(gravity: layer.contentsGravity, picture: size, bounds: rect) else {
            throw refuse(path, "contentsGravity '\(layer.contentsGravity.rawValue)' is not drawn here; the gravities "
                         + "drawn are resize, resizeAspect, resizeAspectFill and center")
        }
        var crop: CGRect?
        if layer.masksToBounds {
            guard let visible = placed.crop(to: rect) else { return nil }
            crop = visible.size == size ? nil : visible
        }
        return LayerDrawing.Patch(fill: .image(track, crop: crop), rect: placed.rect, alpha: opacity.superlayers,
                                  animations: opacity.own)
    }

    /// The still picture track of `file`, read again for the layer at `path`.
    static func stillTrack(_ file: URL, path: String) throws(AVError) -> SourceTrack {
        do {
            guard let still = try AssetFile(url: file).contents().tracks.first(where: { $0.stream.isStillImage }) else {
                throw refuse(path, "'\(file.path)' is no longer a still picture")
            }
            return still.source
        } catch let error as AVError {
            throw error
        } catch {
            throw refuse(path, "'\(file.path)' cannot be read again: \(error)")
        }
    }

    /// The error for a layer the export cannot draw.
    static func refuse(_ path: String, _ problem: String) -> AVError {
        AVError(.invalidVideoComposition, .layer(path: path, problem: problem))
    }
}
