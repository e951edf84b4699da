import Composition
import MediaCore

extension JobBuilder {
    /// The text drawn over the output: titles in order, then output-level captions, then each clip's captions
    /// moved and trimmed with the clip. Sizes are settled against the canvas and named fonts checked; captions keep
    /// clear of `overlays`.
    func textLayers(_ spec: OutputSpec, placed: [PlacedClip], overlays: [(OverlaySpec, Int32, SourceInfo)] = [],
                    canvas: Size, total: MediaTime, frameDuration: MediaTime) throws -> [TextLayer] {
        let obstacles = overlays.map { overlay, _, info in
            CaptionObstacle(region: Self.overlayRegion(overlay, pictureSize: info.video?.naturalSize ?? canvas, canvas: canvas),
                            time: Self.overlayTime(overlay, info: info, total: total))
        }
        // Where each layer's text is written, and whether the manifest names its font.
        var layers: [TextLayer] = [], locations: [(SourceLocation, namesFont: Bool)] = []
        for title in spec.titles {
            guard let layer = try titleLayer(title, canvas: canvas, total: total, frameDuration: frameDuration,
                                             spec: spec) else { continue }
            layers.append(layer)
            locations.append((title.location, title.fontLocation != nil))
        }
        let whole = TimeRange(start: .zero, duration: total)
        var cueLayers: [CaptionLayer] = []
        for captions in spec.captions {
            cueLayers += try captionLayers(captions, from: whole, to: whole, canvas: canvas, spec: spec)
        }
        for item in placed {
            guard let captions = item.clip.captions else { continue }
            let target = TimeRange(start: item.start, duration: item.duration)
            cueLayers += try captionLayers(captions, from: item.sourceRange, to: target, canvas: canvas, spec: spec)
        }
        for (layer, anchor, location) in cueLayers {
            var layer = layer
            layer.placement = .caption(at: anchor, style: layer.style, time: layer.timeRange, canvas: canvas,
                                       avoiding: obstacles)
            layers.append(layer)
            locations.append(location)
        }
        try checkText(layers, locations: locations, spec: spec, canvas: canvas)
        return layers
    }

    /// A title's layer: its time within the output (nil when it starts at or after the end), its box or anchor inside
    /// the safe area, its sizes against the canvas, its font checked, its animations and motion.
    private func titleLayer(_ title: TitleSpec, canvas: Size, total: MediaTime, frameDuration: MediaTime,
                            spec: OutputSpec) throws -> TextLayer? {
        let start = MediaTime.minimum(title.at, total)
        let end = title.duration.map { MediaTime.minimum(start + $0, total) } ?? total
        guard end > start else { return nil }
        let (marginX, marginY) = Self.safeMargins(title.safeArea, canvas: canvas)
        let safe = Rect(x: marginX * canvas.width, y: marginY * canvas.height,
                        width: canvas.width * (1 - 2 * marginX), height: canvas.height * (1 - 2 * marginY))
        let placement: TextPlacement = title.region.map {
            .region(FitGeometry.resolve($0, in: canvas, aspectOf: canvas).intersection(safe))
        } ?? .anchor(title.anchor, marginX: marginX, marginY: marginY)
        var style = title.style
        style.size = title.size.heightFraction(on: canvas)
        style.minimumSize = title.minimumSize?.heightFraction(on: canvas)
        try checkFont(of: &style, at: title.fontLocation, spec: spec)
        var layer = TextLayer(text: title.text, timeRange: TimeRange(start: start, end: end), style: style,
                              placement: placement,
                              animation: Self.animation(title.animate, title.enterDuration ?? title.animationDuration,
                                                        leaving: false),
                              exit: Self.animation(title.exit, title.exitDuration ?? title.animationDuration,
                                                   leaving: true))
        layer.text = TitleMarkup.ampersandsKept(title.text)
        layer.isMarkup = true
        if title.motion != nil { try move(&layer, by: title, canvas: canvas, frameDuration: frameDuration, spec: spec) }
        return layer
    }

    /// A caption's layer before it is placed: the layer, the anchor it sits at, and where it is written.
    typealias CaptionLayer = (TextLayer, TextPlacement.Anchor, (SourceLocation, namesFont: Bool))

    /// The layers of a captions file's cues, shifted by its offset and mapped from `source` (times in the file) to
    /// `target` (times in the output).
    private func captionLayers(_ captions: CaptionSpec, from source: TimeRange, to target: TimeRange, canvas: Size,
                               spec: OutputSpec) throws -> [CaptionLayer] {
        let cues = try read(captions, spec: spec).shifted(by: captions.offset).mapped(from: source, to: target)
        let style = try style(of: captions, canvas: canvas, spec: spec)
        return cues.textLayers(style: style, highlight: captions.highlight).map {
            ($0, captions.anchor, (captions.location, captions.fontLocation != nil))
        }
    }

    /// The safe area's margins as fractions of the canvas width and height.
    static func safeMargins(_ safeArea: Length, canvas: Size) -> (Double, Double) {
        switch safeArea {
        case .percent(let percent): return (percent / 100, percent / 100)
        case .pixels(let pixels):
            return (canvas.width > 0 ? min(0.49, pixels / canvas.width) : 0,
                    canvas.height > 0 ? min(0.49, pixels / canvas.height) : 0)
        }
    }

    private func read(_ captions: CaptionSpec, spec: OutputSpec) throws -> Captions {
        let display = Self.display(captions.path, relativeTo: spec.manifestPath)
        switch catalog.captions(captions.path, displayPath: display) {
        case .success(let cues): return cues
        case .failure(let failure): throw problem(spec, stage: failure.stage, failure.message, at: captions.location)
        }
    }

    /// The captions' style with its size settled on `canvas` and its font checked.
    private func style(of captions: CaptionSpec, canvas: Size, spec: OutputSpec) throws -> TextStyle {
        var style = captions.style
        if let size = captions.size { style.size = size.heightFraction(on: canvas) }
        try checkFont(of: &style, at: captions.fontLocation, spec: spec)
        return style
    }

    /// Checks the font a manifest names at `location`: a font file must be a readable font (its family becomes the
    /// style's), a family must be installed (spelled as installed). Nothing to check without a location.
    private func checkFont(of style: inout TextStyle, at location: SourceLocation?, spec: OutputSpec) throws {
        guard let location else { return }
        if let file = style.fontFile {
            let display = Self.display(file, relativeTo: spec.manifestPath)
            switch catalog.fontFace(file, displayPath: display) {
            case .success(let face): style.fontFamily = face.family
            case .failure(let failure): throw problem(spec, stage: failure.stage, failure.message, at: location)
            case nil: break
            }
        } else {
            switch catalog.fontFamily(style.fontFamily) {
            case .success(let name): style.fontFamily = name
            case .failure(let failure): throw problem(spec, stage: failure.stage, failure.message, at: location)
            case nil: break
            }
        }
    }

    /// The animation an entrance or exit name stands for, over `duration`: slides and wipes are named after the
    /// way they move, so `slide-left` enters from the right edge and leaves toward the left one.
    static func animation(_ name: String, _ duration: MediaTime, leaving: Bool) -> TextAnimation {
        let directions: [String: (toward: TextAnimation.Edge, from: TextAnimation.Edge)] = [
            "left": (.left, .right), "right": (.right, .left), "up": (.top, .bottom), "down": (.bottom, .top),
        ]
        if let dash = name.firstIndex(of: "-"), let direction = directions[String(name[name.index(after: dash)...])] {
            if name.hasPrefix("wipe") { return .wipe(toward: direction.toward, duration: duration) }
            return .slide(from: leaving ? direction.toward : direction.from, duration: duration)
        }
        switch name {
        case "fade": return .fade(duration: duration)
        case "pop": return .pop(duration: duration)
        case "zoom": return .zoom(duration: duration)
        case "typewriter": return .typewriter(duration: duration)
        default: return .none
        }
    }
}
