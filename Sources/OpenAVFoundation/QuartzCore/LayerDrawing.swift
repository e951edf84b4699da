import Composition
import Foundation
import MediaCore

/// What a Core Animation tree draws over an export's pictures: its text layers as the composition model's text, and
/// its background colours and pictures as tracks of their own (a generated colour, a still image file), each placed
/// by a layer instruction.
struct LayerDrawing {
    /// A background colour's rectangle or a layer's picture.
    struct Patch: Sendable {
        /// What fills it.
        enum Fill: Sendable {
            /// A colour, `#rrggbb`, filling `rect`.
            case color(String)
            /// A still image's track, scaled into `rect`, cut to `crop` (in the image's pixels) when not nil.
            case image(SourceTrack, crop: CGRect?)
        }

        /// What fills it.
        var fill: Fill
        /// Where, in render pixels from the top left.
        var rect: CGRect
        /// The colour's alpha times the superlayers' opacity.
        var alpha: Double
        /// The layer's own opacity and moves over time.
        var animations: LayerAnimations
        /// The radius of its rounded corners in render pixels; 0 for square ones.
        var cornerRadius: CGFloat = 0
        /// A band over its edges, `width` in render pixels (a rounded border is a patch showing only its band); nil
        /// for none.
        var border: LayerBorder?

        /// The part of the render it covers: its rectangle, or a cut picture's crop within it.
        var shownRect: CGRect {
            guard case let .image(track, crop?) = fill else { return rect }
            let across = rect.width / track.naturalSize.width, down = rect.height / track.naturalSize.height
            return CGRect(x: rect.minX + crop.minX * across, y: rect.minY + crop.minY * down,
                          width: crop.width * across, height: crop.height * down)
        }
    }

    /// The text, in drawing order.
    var text: [TextLayer] = []
    /// The colours and pictures, in drawing order (the last on top), all under the text.
    var patches: [Patch] = []
    /// How many pictures (gradients, shapes) the tree has made so far: the next one's number, for its file's name.
    var madePictures = 0

    /// The file (without its extension) of the next picture made, in `folder`.
    mutating func nextPicture(in folder: URL) -> URL {
        defer { madePictures += 1 }
        return folder.appendingPathComponent("picture-\(madePictures)")
    }

    /// Adds the patches to `composition` as tracks lasting `duration`, and to every instruction of
    /// `videoComposition` as layers above the pictures (the last patch on top); then adds the text.
    func apply(to composition: inout MutableComposition, _ videoComposition: inout VideoComposition,
               duration: MediaTime) throws {
        let range = TimeRange(start: .zero, duration: duration)
        for patch in patches {
            guard let id = composition.addMutableTrack(withMediaType: .video) else { continue }
            var layer = LayerInstruction(trackID: id)
            let base: AffineTransform2D
            switch patch.fill {
            case let .color(color):
                // Whole pixels: a side under 2 pixels is a 2-pixel colour source scaled down to it.
                let width = max(1, patch.rect.width.rounded()), height = max(1, patch.rect.height.rounded())
                let track = Self.colorTrack(color, size: CGSize(width: max(2, width), height: max(2, height)),
                                            duration: duration)
                try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
                base = AffineTransform2D.scale(x: width < 2 ? 0.5 : 1, y: height < 2 ? 0.5 : 1)
                    .concatenating(.translation(x: patch.rect.minX.rounded(), y: patch.rect.minY.rounded()))
                try layer.setCornerRadius(patch.cornerRadius / base.a)
                if let border = patch.border {
                    try layer.setBorder(width: border.width / base.a, color: border.color, hidesPicture: border.hidesPicture)
                }
            case let .image(track, crop):
                try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
                let size = track.naturalSize
                base = AffineTransform2D.scale(x: patch.rect.width / size.width, y: patch.rect.height / size.height)
                    .concatenating(.translation(x: patch.rect.minX, y: patch.rect.minY))
                if let crop {
                    try layer.setCropRectangle(Rect(x: crop.minX, y: crop.minY, width: crop.width,
                                                    height: crop.height), at: .zero)
                }
                // The radius in the picture's own pixels, which the layer's transform scales to render pixels.
                try layer.setCornerRadius(patch.cornerRadius / max(base.a, 1e-9))
                if let border = patch.border {
                    try layer.setBorder(width: border.width / max(base.a, 1e-9), color: border.color,
                                        hidesPicture: border.hidesPicture)
                }
            }
            try patch.animations.apply(to: &layer, opacityScale: patch.alpha, base: base)
            for index in videoComposition.instructions.indices {
                videoComposition.instructions[index].layerInstructions.insert(layer, at: 0)
            }
        }
        videoComposition.textLayers += text
    }

    /// A generated track of `color` lasting `duration`, `size` whole pixels.
    private static func colorTrack(_ color: String, size: CGSize, duration: MediaTime) -> SourceTrack {
        let width = Int(size.width), height = Int(size.height)
        let source = GeneratedSource(kind: .color, duration: duration, width: width, height: height, color: color)
        return SourceTrack(url: source.url, trackID: 1, mediaType: .video,
                           timeRange: TimeRange(start: .zero, duration: duration),
                           naturalSize: Size(width: Double(width), height: Double(height)),
                           frameRate: source.frameRate, naturalTimeScale: source.frameRate.numerator)
    }
}
