import Composition
import LibAV
import MediaCore

/// Draws a video composition's text layers and ASS overlays onto finished output frames, through one libass
/// library, renderer and set of tracks made once per export and reused for every frame.
final class TextOverlay {
    private let library: ASSLibrary
    private let renderer: ASSRenderer
    /// The text layers' track, nil without text layers.
    private let textTrack: ASSTrack?
    /// When each text layer shows, to skip libass on frames without text.
    private let textRanges: [TimeRange]
    /// The ASS overlays' tracks and time offsets, drawn after the text layers.
    private let overlays: [(track: ASSTrack, offset: MediaTime)]
    /// Per pixel format, how to paint onto it.
    private var blender: TextBlender?
    /// The text colours' code values in the output's colour space; nil for BT.709 (see `TextBlender.colorCodes`).
    var colorCodes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?

    /// The overlay for `videoComposition` on `width` x `height` output frames (region rectangles are in canvas
    /// pixels), or nil when it has no text.
    static func make(videoComposition: VideoComposition, canvasWidth: Int, canvasHeight: Int, width: Int,
                     height: Int) throws(ExportError) -> TextOverlay? {
        guard !videoComposition.textLayers.isEmpty || !videoComposition.assOverlays.isEmpty else { return nil }
        let library: ASSLibrary
        do {
            library = try ASSLibrary()
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot set up text rendering: \(error)")
        }
        // Font files go to libass before the renderer is made, so its font selection sees them from the start.
        let layers = try resolvingFonts(of: videoComposition.textLayers, library: library)
        do {
            return try TextOverlay(library: library, layers: layers, assOverlays: videoComposition.assOverlays,
                                   canvasWidth: canvasWidth, canvasHeight: canvasHeight, width: width, height: height,
                                   frameDuration: videoComposition.frameDuration)
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot set up text rendering: \(error)")
        }
    }

    private init(library: ASSLibrary, layers: [TextLayer], assOverlays: [ASSOverlay], canvasWidth: Int,
                 canvasHeight: Int, width: Int, height: Int, frameDuration: MediaTime) throws(LibAVError) {
        self.library = library
        renderer = try ASSRenderer(library: library, width: width, height: height)
        if layers.isEmpty {
            textTrack = nil
        } else {
            let script = TextScript(layers: layers, width: width, height: height, canvasWidth: canvasWidth,
                                    canvasHeight: canvasHeight, frameDuration: frameDuration)
            let track = try ASSTrack(library: library, header: script.header)
            track.useWholeTextLayout()
            for event in script.events { track.addEvent(event.fields, start: event.start, duration: event.duration) }
            textTrack = track
        }
        textRanges = layers.map(\.timeRange)
        var overlays: [(track: ASSTrack, offset: MediaTime)] = []
        for overlay in assOverlays {
            overlays.append((try ASSTrack(library: library, script: overlay.contents), overlay.timeOffset))
        }
        self.overlays = overlays
    }

    /// Draws the text showing at `time` onto `frame` (made writable first, so a frame shared with a decoder is
    /// copied, not changed) and returns it.
    func draw(onto frame: Frame, at time: MediaTime) throws(ExportError) -> Frame {
        var passes: [(track: ASSTrack, milliseconds: Int64)] = []
        if let textTrack, textRanges.contains(where: { $0.contains(time) }) {
            passes.append((textTrack, TextScript.milliseconds(time)))
        }
        for overlay in overlays {
            let local = time - overlay.offset
            if local >= .zero { passes.append((overlay.track, TextScript.milliseconds(local))) }
        }
        guard !passes.isEmpty else { return frame }
        if blender?.layout != frame.pixelFormat.layout {
            blender = TextBlender(format: frame.pixelFormat)
            blender?.colorCodes = colorCodes
        }
        guard let blender else {
            throw ExportError.encode(path: nil, reason: "cannot draw text on '\(frame.pixelFormat)' pictures")
        }
        let renderer = self.renderer
        let (width, height) = (frame.width, frame.height)
        do {
            try frame.withMutablePlanes { planes in
                for pass in passes {
                    renderer.render(pass.track, atMilliseconds: pass.milliseconds) { image in
                        blender.blend(image, into: planes, width: width, height: height)
                    }
                }
            }
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot draw text: \(error)")
        }
        return frame
    }
}
