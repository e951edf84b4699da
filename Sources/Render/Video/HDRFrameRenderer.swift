import Composition
import LibAV
import MediaCore

/// Renders the pictures of an HDR output: `VideoFrameRenderer`'s instructions, layers, crops, fits and transforms,
/// composited in a 16-bit working space (`VideoFrameBuffer16`, `Compositor16`: BT.2020 with the output's HLG or PQ,
/// see `HDRConverter`) and converted to the encoder's 10-bit size and format at the end. Source pictures arrive in
/// the working space from their readers (`SourcePool.prepareHDR`); generated pictures and the background colour are
/// converted here. Titles, captions and subtitle overlays are not drawn on HDR pictures yet and are refused.
final class HDRFrameRenderer: PictureRenderer {
    private let composition: MutableComposition
    private var layout: CanvasLayout
    private let sources: SourcePool
    private let outputWidth: Int
    private let outputHeight: Int
    private let outputFormat: LibAV.PixelFormat
    private let color: ColorDescription
    private let canvas: VideoFrameBuffer16
    private let canvasFrame: Frame
    private let outputFrame: Frame
    private var outputScaler: Scaler?
    private let converter: HDRConverter
    private var backgrounds: [Color: (y: UInt16, cb: UInt16, cr: UInt16)] = [:]
    /// Per track: the scaler, scaled frame and buffer of its last placement.
    private var slots: [Int32: (scaler: Scaler, crop: Scaler.Rect, frame: Frame, buffer: VideoFrameBuffer16)] = [:]
    /// How many layer scalers were set up (a wipe or a still layer needs one, not one a frame).
    private(set) var scalersMade = 0
    /// False draws every source picture from its upright display-size form (see `CanvasLayout.adaptsPictures`).
    var adaptsPictures: Bool {
        get { layout.adaptsPictures }
        set { layout.adaptsPictures = newValue }
    }

    /// A renderer of `width` x `height` `pixelFormat` pictures in the HDR working space `color`.
    init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
         pixelFormat: LibAV.PixelFormat, color: ColorDescription, sources: SourcePool) throws(ExportError) {
        self.composition = composition
        self.sources = sources
        self.color = color
        outputWidth = width
        outputHeight = height
        outputFormat = pixelFormat
        layout = try CanvasLayout(composition: composition, videoComposition: videoComposition, outputWidth: width,
                                  outputHeight: height)
        guard layout.videoComposition.textLayers.isEmpty, layout.videoComposition.assOverlays.isEmpty else {
            throw ExportError.probe(path: nil, reason: "titles, captions and subtitle overlays are not drawn on HDR "
                                        + "outputs yet; render them with an SDR preset")
        }
        guard layout.videoComposition.instructions.allSatisfy({ $0.transitionEffect == nil }) else {
            throw ExportError.probe(path: nil, reason: "shaped transitions (diagonal wipes, iris, clock, luma, blur, dip) "
                                        + "are not drawn on HDR outputs yet; use crossfade, fade, wipes or slides, "
                                        + "or render with an SDR preset")
        }
        converter = HDRConverter(target: color)
        do {
            canvas = try VideoFrameBuffer16(width: layout.width, height: layout.height)
            canvasFrame = try Frame(width: layout.width, height: layout.height, pixelFormat: VideoFrameBuffer16.format)
            outputFrame = try Frame(width: width, height: height, pixelFormat: pixelFormat)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The picture at composition time `time`, in the output size and pixel format, tagged with the working space.
    /// The frame is reused by the next call.
    func render(at time: MediaTime) throws(ExportError) -> Frame {
        sources.releaseVideo(before: time)
        sources.warmUp(before: time)
        let instruction = layout.videoComposition.instruction(at: time)
        let background = instruction?.backgroundColor ?? layout.videoComposition.backgroundColor
        var layers: [Compositor16.Layer] = []
        do {
            let compositor = Compositor16(background: try code(of: Color(red: background.red, green: background.green,
                                                                          blue: background.blue)))
            // The first layer instruction is on top, so draw from the last to the first.
            for layer in (instruction?.layerInstructions ?? []).reversed() {
                if let drawn = try draw(layer, at: time) { layers.append(drawn) }
            }
            compositor.composite(layers, into: canvas)
            try canvas.copy(into: canvasFrame)
            let scaler = try outputScaler ?? Scaler(
                sourceWidth: layout.width, sourceHeight: layout.height, sourceFormat: VideoFrameBuffer16.format,
                width: outputWidth, height: outputHeight, pixelFormat: outputFormat)
            outputScaler = scaler
            try scaler.scale(canvasFrame, into: outputFrame)
            outputFrame.tag(color)
            return outputFrame
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The working-space code values of a background colour, converted once.
    private func code(of color: Color) throws -> (y: UInt16, cb: UInt16, cr: UInt16) {
        if let known = backgrounds[color] { return known }
        let values = try converter.codeValues(of: color)
        backgrounds[color] = values
        return values
    }

    /// The layer's picture at `time`, scaled, turned and placed; nil when it shows nothing. During a wipe (a crop
    /// changing size) the whole picture is scaled once, as it would stand unwiped, and the crop is the window of it
    /// drawn: the scaler and buffers stay those of one size for the whole wipe.
    private func draw(_ layer: LayerInstruction, at time: MediaTime) throws -> Compositor16.Layer? {
        guard let shown = try layout.picture(of: layer, at: time, in: composition, sources: sources) else {
            return nil
        }
        guard case .aligned(let placement) = shown.geometry else {
            throw ExportError.encode(
                path: nil, reason: "track \(layer.trackID): turned or moving pictures (motion, zoom, pan, rotation) are not "
                    + "drawn on HDR outputs yet; hint: render this output in SDR or keep its layers still and upright")
        }
        var frame = shown.frame
        if !VideoFrameBuffer16.workingFormats.contains(frame.pixelFormat) {
            // Only generated pictures arrive outside the working space; they are drawn in BT.709 limited range.
            frame.tag(.bt709Limited)
            frame = try converter.convert(frame)
        }
        if let whole = shown.wipe, let cut = placement.intersection(whole) {
            let buffer = try scaled(frame, trackID: layer.trackID, placement: whole)
            return Compositor16.Layer(source: buffer, x: cut.x, y: cut.y, opacity: shown.opacity,
                                      window: (cut.x - whole.x, cut.y - whole.y, cut.width, cut.height))
        }
        let buffer = try scaled(frame, trackID: layer.trackID, placement: placement)
        return Compositor16.Layer(source: buffer, x: placement.x, y: placement.y, opacity: shown.opacity)
    }

    /// `frame` (in the working space) cropped, scaled and turned as `placement` says, in the track's slot buffer; the
    /// slot's scaler and buffers are made again only when the sizes change.
    private func scaled(_ frame: Frame, trackID: Int32, placement: LayerPlacement) throws -> VideoFrameBuffer16 {
        let scaled = placement.scaledSize
        let alpha = frame.pixelFormat.hasAlpha
        let area = placement.crop
        var slot = slots[trackID]
        if slot == nil || slot!.scaler.sourceWidth != frame.width || slot!.scaler.sourceHeight != frame.height
            || slot!.scaler.sourceFormat != frame.pixelFormat || slot!.crop.width != area.width
            || slot!.crop.height != area.height || slot!.frame.width != scaled.width
            || slot!.frame.height != scaled.height || slot!.buffer.width != placement.width
            || slot!.buffer.height != placement.height {
            let format = alpha ? VideoFrameBuffer16.alphaFormat : VideoFrameBuffer16.format
            scalersMade += 1
            slot = (try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                               crop: area, width: scaled.width, height: scaled.height, pixelFormat: format), area,
                    try Frame(width: scaled.width, height: scaled.height, pixelFormat: format),
                    try VideoFrameBuffer16(width: placement.width, height: placement.height, hasAlpha: alpha))
        }
        let ready = slot!
        slots[trackID] = ready
        try ready.scaler.scale(frame, cropX: area.x, cropY: area.y, into: ready.frame)
        ready.buffer.copy(from: ready.frame, orientation: placement.orientation)
        return ready.buffer
    }
}
