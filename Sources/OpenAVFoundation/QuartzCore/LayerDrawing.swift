import Composition
import Foundation
import MediaCore

/// What a Core Animation tree draws over an export's pictures: its text layers as the composition model's text, and
/// its background colours as rectangles, each a generated colour track placed by a layer instruction.
struct LayerDrawing {
    /// A background colour's rectangle.
    struct Box: Sendable {
        /// Where, in render pixels from the top left.
        var rect: CGRect
        /// `#rrggbb`.
        var color: String
        /// The colour's alpha times the superlayers' opacity.
        var alpha: Double
        /// The layer's own opacity over time.
        var opacity: LayerOpacity
    }

    /// The text, in drawing order.
    var text: [TextLayer] = []
    /// The rectangles, in drawing order (the last on top), all under the text.
    var boxes: [Box] = []

    /// Adds the boxes to `composition` as colour tracks lasting `duration`, and to every instruction of
    /// `videoComposition` as layers above the pictures (the last box on top); then adds the text.
    func apply(to composition: inout MutableComposition, _ videoComposition: inout VideoComposition,
               duration: MediaTime) throws {
        for box in boxes {
            let width = max(2, Int(box.rect.width.rounded())), height = max(2, Int(box.rect.height.rounded()))
            let source = GeneratedSource(kind: .color, duration: duration, width: width, height: height,
                                         color: box.color)
            let range = TimeRange(start: .zero, duration: duration)
            let track = SourceTrack(url: source.url, trackID: 1, mediaType: .video, timeRange: range,
                                    naturalSize: Size(width: Double(width), height: Double(height)),
                                    frameRate: source.frameRate, naturalTimeScale: source.frameRate.numerator)
            guard let id = composition.addMutableTrack(withMediaType: .video) else { continue }
            try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
            var layer = LayerInstruction(trackID: id)
            try layer.setTransform(.translation(x: box.rect.minX.rounded(), y: box.rect.minY.rounded()), at: .zero)
            try box.opacity.apply(to: &layer, scale: box.alpha)
            for index in videoComposition.instructions.indices {
                videoComposition.instructions[index].layerInstructions.insert(layer, at: 0)
            }
        }
        videoComposition.textLayers += text
    }
}
