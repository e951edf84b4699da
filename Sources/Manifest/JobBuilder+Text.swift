import Composition
import MediaCore

extension JobBuilder {
    /// The text drawn over the output: titles in order, then output-level captions, then each clip's captions
    /// moved and trimmed with the clip.
    func textLayers(_ spec: OutputSpec, placed: [PlacedClip], canvas: Size, total: MediaTime) throws -> [TextLayer] {
        var layers: [TextLayer] = []
        for title in spec.titles {
            let start = MediaTime.minimum(title.at, total)
            let end = title.duration.map { MediaTime.minimum(start + $0, total) } ?? total
            guard end > start else { continue }
            let placement: TextPlacement = title.region.map {
                .region(FitGeometry.resolve($0, in: canvas, aspectOf: canvas))
            } ?? .anchored(title.anchor)
            layers.append(TextLayer(text: title.text, timeRange: TimeRange(start: start, end: end), style: title.style,
                                    placement: placement, animation: Self.animation(title)))
        }
        let whole = TimeRange(start: .zero, duration: total)
        for captions in spec.captions {
            let cues = try read(captions, spec: spec).shifted(by: captions.offset).mapped(from: whole, to: whole)
            layers += cues.textLayers(style: captions.style, placement: .anchored(captions.anchor))
        }
        for item in placed {
            guard let captions = item.clip.captions else { continue }
            let target = TimeRange(start: item.start, duration: item.duration)
            let cues = try read(captions, spec: spec).shifted(by: captions.offset).mapped(from: item.sourceRange, to: target)
            layers += cues.textLayers(style: captions.style, placement: .anchored(captions.anchor))
        }
        return layers
    }

    private func read(_ captions: CaptionSpec, spec: OutputSpec) throws -> Captions {
        let display = Self.display(captions.path, relativeTo: spec.manifestPath)
        switch catalog.captions(captions.path, displayPath: display) {
        case .success(let cues): return cues
        case .failure(let failure): throw problem(spec, stage: failure.stage, failure.message, at: captions.location)
        }
    }

    /// The animation a title asks for, over its `animate_duration`.
    static func animation(_ title: TitleSpec) -> TextAnimation {
        let duration = title.animationDuration
        switch title.animate {
        case "fade": return .fade(in: duration, out: duration)
        case "slide", "slide-left": return .slide(from: .left, duration: duration)
        case "slide-right": return .slide(from: .right, duration: duration)
        case "slide-top": return .slide(from: .top, duration: duration)
        case "slide-bottom": return .slide(from: .bottom, duration: duration)
        case "pop": return .pop(duration: duration)
        case "typewriter": return .typewriter(duration: duration)
        default: return .none
        }
    }
}
