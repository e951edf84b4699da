import Composition
import LibAV
import MediaCore

/// Draws a video composition's text layers (with Pango, see `TitleDrawer`) and ASS overlays (with libass, which
/// keeps an authored script's own styles) onto finished output frames; both are set up once per export and reused
/// for every frame.
final class TextOverlay {
    /// The text layers' drawer, nil without text layers.
    private let titles: TitleDrawer?
    /// libass, its renderer and the ASS overlays' tracks and time offsets, drawn after the text layers; nil without
    /// overlays.
    private let overlays: (library: ASSLibrary, renderer: ASSRenderer, tracks: [(track: ASSTrack, offset: MediaTime)])?
    /// Per pixel format, how to paint onto it.
    private var blender: TextBlender?
    /// The text colours' code values in the output's colour space; nil for BT.709 (see `TextBlender.colorCodes`).
    var colorCodes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?
    /// Per pixel format, how to paint drawn titles onto it.
    private var rasterBlender: RasterBlender?

    /// The overlay for `videoComposition` on `width` x `height` output frames (region rectangles are in canvas
    /// pixels), or nil when it has no text.
    static func make(videoComposition: VideoComposition, canvasWidth: Int, canvasHeight: Int, width: Int,
                     height: Int) throws(ExportError) -> TextOverlay? {
        guard !videoComposition.textLayers.isEmpty || !videoComposition.assOverlays.isEmpty else { return nil }
        var titles: TitleDrawer?
        if !videoComposition.textLayers.isEmpty {
            let (layers, files) = try resolvingFonts(of: videoComposition.textLayers)
            titles = try TitleDrawer(layers: layers, fontFiles: files, width: width, height: height,
                                     canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
        do {
            return try TextOverlay(titles: titles, assOverlays: videoComposition.assOverlays, width: width,
                                   height: height)
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot set up text rendering: \(error)")
        }
    }

    private init(titles: TitleDrawer?, assOverlays: [ASSOverlay], width: Int, height: Int) throws(LibAVError) {
        self.titles = titles
        guard !assOverlays.isEmpty else {
            overlays = nil
            return
        }
        let library = try ASSLibrary()
        let renderer = try ASSRenderer(library: library, width: width, height: height)
        var tracks: [(track: ASSTrack, offset: MediaTime)] = []
        for overlay in assOverlays {
            tracks.append((try ASSTrack(library: library, script: overlay.contents), overlay.timeOffset))
        }
        overlays = (library, renderer, tracks)
    }

    /// Draws the text showing at `time` onto `frame` (made writable first, so a frame shared with a decoder is
    /// copied, not changed) and returns it.
    func draw(onto frame: Frame, at time: MediaTime) throws(ExportError) -> Frame {
        let drawsTitles = titles?.showsText(at: time) ?? false
        let passes = (overlays?.tracks ?? []).compactMap { overlay -> (ASSTrack, Int64)? in
            let local = time - overlay.offset
            return local >= .zero ? (overlay.track, local.convertScale(1000, method: .roundHalfAwayFromZero).value) : nil
        }
        guard drawsTitles || !passes.isEmpty else { return frame }
        if blender?.layout != frame.pixelFormat.layout {
            blender = TextBlender(format: frame.pixelFormat)
            blender?.colorCodes = colorCodes
            rasterBlender = RasterBlender(format: frame.pixelFormat)
            rasterBlender?.colorCodes = colorCodes
        }
        guard let blender, let rasterBlender else {
            throw ExportError.encode(path: nil, reason: "cannot draw text on '\(frame.pixelFormat)' pictures")
        }
        let (width, height) = (frame.width, frame.height)
        do {
            try frame.withMutablePlanes { planes in
                if drawsTitles {
                    try titles?.draw(at: time, into: planes, width: width, height: height, blender: rasterBlender)
                }
                guard let renderer = overlays?.renderer else { return }
                for (track, milliseconds) in passes {
                    renderer.render(track, atMilliseconds: milliseconds) { image in
                        blender.blend(image, into: planes, width: width, height: height)
                    }
                }
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot draw text: \(error)")
        }
        return frame
    }
}
