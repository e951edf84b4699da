import Composition
import LibAV
import MediaCore
import TextLayout

/// Draws a composition's text layers (titles and captions) with Pango onto output frames.
///
/// Each layer is laid out once (fitted to its box) and rasterised once per distinct pose: a still title is one
/// bitmap for all its frames; a fade, slide or wipe reuses it (opacity, position and clip are applied when
/// blending); a pop, zoom, turn, typed character or highlighted word is a new pose, drawn afresh, sharp.
final class TitleDrawer {
    private let typesetter: TextTypesetter
    private let layers: [PlacedBlock]
    /// Each layer's typewriter steps (its grapheme clusters, line breaks aside).
    private let revealable: [Int]
    private let frame: PlacedBlock.Geometry
    /// Rasters by layer and pose; emptied when it grows past `cacheLimit` (moving text makes one per frame).
    private var rasters: [RasterKey: TextRaster] = [:]
    private static let cacheLimit = 64

    private struct RasterKey: Hashable {
        var layer: Int
        var pose: TextPose
    }

    /// A drawer for `layers` on `width` x `height` output frames (region rectangles in a `canvasWidth` x
    /// `canvasHeight` canvas); `fontFiles` are the font files styles name (their family is the style's).
    init(layers: [TextLayer], fontFiles: [String], width: Int, height: Int, canvasWidth: Int,
         canvasHeight: Int) throws(ExportError) {
        let frame = PlacedBlock.Geometry(width: Double(width), height: Double(height),
                                     scaleX: canvasWidth > 0 ? Double(width) / Double(canvasWidth) : 1,
                                     scaleY: canvasHeight > 0 ? Double(height) / Double(canvasHeight) : 1)
        self.frame = frame
        do {
            typesetter = try TextTypesetter(fontFiles: fontFiles)
            self.layers = layers.map { PlacedBlock($0, frame: frame) }
            var counts: [Int] = []
            for placed in self.layers { counts.append(try typesetter.revealableCount(placed.block)) }
            revealable = counts
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot lay out text: \(error)")
        }
    }

    /// Whether some layer shows at `time`.
    func showsText(at time: MediaTime) -> Bool {
        layers.contains { $0.layer.timeRange.contains(time) }
    }

    /// Draws the layers showing at `time` into `planes` of a `width` x `height` frame, in order.
    func draw(at time: MediaTime, into planes: [Frame.Plane], width: Int, height: Int,
              blender: RasterBlender) throws(ExportError) {
        for (index, placed) in layers.enumerated() where placed.layer.timeRange.contains(time) {
            let state = TextFrameState(placed, at: time, frame: frame, revealable: revealable[index])
            guard state.opacity > 0 else { continue }
            let raster = try raster(index, state.pose)
            blender.blend(raster, left: Int(state.x.rounded()) + raster.x, top: Int(state.y.rounded()) + raster.y,
                          opacity: min(1, state.opacity), clip: state.clip, into: planes, width: width, height: height)
        }
    }

    /// Layer `index` drawn in `pose`, from the cache when drawn before.
    private func raster(_ index: Int, _ pose: TextPose) throws(ExportError) -> TextRaster {
        let key = RasterKey(layer: index, pose: pose)
        if let known = rasters[key] { return known }
        let raster: TextRaster
        do {
            raster = try typesetter.draw(layers[index].block, pose: pose)
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot draw text '\(layers[index].layer.text)': \(error)")
        }
        if rasters.count >= Self.cacheLimit { rasters.removeAll(keepingCapacity: true) }
        rasters[key] = raster
        return raster
    }
}
