import Composition
import LibAV
import MediaCore

/// Renders the pictures of an HDR output: `VideoFrameRenderer`'s instructions, layers, crops, fits and transforms,
/// composited in a 16-bit working space (`VideoFrameBuffer16`, `Compositor16`: BT.2020 with the output's HLG or PQ,
/// see `HDRConverter`) and converted to the encoder's 10-bit size and format at the end. Source pictures arrive in
/// the working space from their readers (`SourcePool.prepareHDR`); generated pictures and the background colour are
/// converted here. Titles, captions and subtitle overlays are drawn on the finished picture by the SDR path's
/// `TextOverlay` and `TextBlender`, their colours converted into the working space (`HDRTextColors`); shaped
/// transitions, turned and moving layers and backdrops through the depth-generic `TransitionRenderer`,
/// `AffineWarper` and `BackdropPainter`, as on SDR outputs.
final class HDRFrameRenderer: PictureRenderer {
    private var stage: RenderStage
    private let color: ColorDescription
    private let canvas: VideoFrameBuffer16
    private let canvasFrame: Frame
    private let outputFrame: Frame
    private var outputScaler: Scaler?
    /// Shaped, blurred and dipped transitions; made on first use.
    private var transitions: TransitionRenderer<VideoFrameBuffer16>?
    /// Layers' backdrops (blurred copies, colours); made on first use.
    private var backdrops: BackdropPainter<VideoFrameBuffer16>?
    private let converter: HDRConverter
    private var backgrounds: [Color: (y: UInt16, cb: UInt16, cr: UInt16)] = [:]
    /// Titles, captions and ASS overlays drawn on the finished picture; nil without text.
    private let text: TextOverlay?
    /// The text colours in the working space.
    private let textColors: HDRTextColors
    /// The video composition's picture filters (on the coded HDR values), nil without any.
    private let filters: PictureFilterStage?
    /// Per track: the scaler, scaled frame and buffer of its last placement.
    private var slots: [Int32: (scaler: Scaler, crop: Scaler.Rect, frame: Frame, buffer: VideoFrameBuffer16)] = [:]
    /// Per track: the warper of its last turned or moving placement.
    private var warpers: [Int32: AffineWarper<VideoFrameBuffer16>] = [:]
    /// Which tracks drew through `slots` and `warpers` lately; the others' are released.
    private var recentUse = RecentUse<Int32>()
    /// How many tracks hold slots or warpers now (see `RecentUse`).
    var tracksHoldingState: Int { Set(slots.keys).union(warpers.keys).count }
    /// How many layer scalers were set up (a wipe or a still layer needs one, not one a frame).
    private(set) var scalersMade = 0
    /// False draws every source picture from its upright display-size form (see `CanvasLayout.adaptsPictures`).
    var adaptsPictures: Bool {
        get { stage.layout.adaptsPictures }
        set { stage.layout.adaptsPictures = newValue }
    }

    /// A renderer of `width` x `height` `pixelFormat` pictures in the HDR working space `color`.
    init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
         pixelFormat: LibAV.PixelFormat, color: ColorDescription, sources: SourcePool) throws(ExportError) {
        self.color = color
        stage = try RenderStage(composition: composition, videoComposition: videoComposition, width: width,
                                height: height, pixelFormat: pixelFormat, sources: sources)
        let layout = stage.layout
        converter = HDRConverter(target: color)
        let textColors = HDRTextColors(converter: converter)
        self.textColors = textColors
        let overlay = try TextOverlay.make(videoComposition: layout.videoComposition, canvasWidth: layout.width,
                                           canvasHeight: layout.height, width: width, height: height)
        overlay?.colorCodes = { textColors.codes(red: $0, green: $1, blue: $2) }
        text = overlay
        let filters = PictureFilterStage(videoComposition: layout.videoComposition)
        filters?.colorCodes = overlay?.colorCodes ?? { textColors.codes(red: $0, green: $1, blue: $2) }
        self.filters = filters
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
        defer {
            for track in recentUse.endPicture() {
                slots[track] = nil
                warpers[track] = nil
            }
        }
        stage.prepare(for: time)
        let instruction = stage.layout.videoComposition.instruction(at: time)
        let background = instruction?.backgroundColor ?? stage.layout.videoComposition.backgroundColor
        do {
            let compositor = Compositor16(background: try code(of: Color(red: background.red, green: background.green,
                                                                          blue: background.blue)))
            compositor.composite(try drawLayers(of: instruction, at: time), into: canvas)
            try canvas.copy(into: canvasFrame)
            let scaler = try outputScaler ?? Scaler(
                sourceWidth: stage.layout.width, sourceHeight: stage.layout.height, sourceFormat: VideoFrameBuffer16.format,
                width: stage.outputWidth, height: stage.outputHeight, pixelFormat: stage.outputFormat)
            outputScaler = scaler
            try scaler.scale(canvasFrame, into: outputFrame)
            let filtered = try filters?.apply(to: outputFrame, at: time) ?? outputFrame
            // Drawing makes the frame writable first: a copy when the encoder still holds the last picture.
            let picture = try text?.draw(onto: filtered, at: time) ?? filtered
            try textColors.takeFailure()
            picture.tag(color)
            return picture
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The layers of `instruction` at `time`, bottom first, with its transition effect applied.
    private func drawLayers(of instruction: VideoCompositionInstruction?, at time: MediaTime) throws
        -> [Compositor16.Layer]
    {
        let effect = instruction?.transitionEffect.flatMap { $0.isActive(at: time) ? $0 : nil }
        let progress = effect?.progress(at: time) ?? 0
        var layers: [HDRLayer] = []
        // The first layer instruction is on top, so draw from the last to the first.
        for layer in (instruction?.layerInstructions ?? []).reversed() {
            let factor = effect?.opacityFactor(trackID: layer.trackID, progress: progress) ?? 1
            let needsAlpha = effect?.needsAlpha(trackID: layer.trackID) ?? false
            if let drawn = try draw(layer, at: time, opacityFactor: factor, needsAlpha: needsAlpha) {
                layers.append(HDRLayer(trackID: layer.trackID, layer: drawn))
            }
        }
        if let effect {
            let converter = self.converter
            let renderer = transitions ?? TransitionRenderer(canvasWidth: stage.layout.width, canvasHeight: stage.layout.height) {
                try Self.code(of: $0, converter: converter)
            }
            transitions = renderer
            try renderer.apply(effect, progress: progress, to: &layers)
        }
        return layers.map(\.layer)
    }

    /// A colour's code values in the working space.
    private static func code(of color: Color, converter: HDRConverter) throws -> CanvasColor<UInt16> {
        let values = try converter.codeValues(of: Color(red: color.red, green: color.green, blue: color.blue))
        return CanvasColor(y: values.y, cb: values.cb, cr: values.cr)
    }

    /// The working-space code values of a background colour, converted once.
    private func code(of color: Color) throws -> (y: UInt16, cb: UInt16, cr: UInt16) {
        if let known = backgrounds[color] { return known }
        let values = try converter.codeValues(of: color)
        backgrounds[color] = values
        return values
    }

    /// The layer's picture at `time`, placed over its backdrop when it has one; nil when it shows nothing.
    private func draw(_ layer: LayerInstruction, at time: MediaTime, opacityFactor: Double,
                      needsAlpha: Bool) throws -> Compositor16.Layer? {
        guard let shown = try stage.picture(of: layer, at: time, opacityFactor: opacityFactor) else {
            return nil
        }
        var frame = shown.frame
        if !VideoFrameBuffer16.workingFormats.contains(frame.pixelFormat) {
            // Only generated pictures arrive outside the working space; they are drawn in BT.709 limited range.
            frame.tag(.bt709Limited)
            frame = try converter.convert(frame)
        }
        let drawn = try placed(frame, shown: shown, trackID: layer.trackID, needsAlpha: needsAlpha)
        guard let backdrop = layer.backdrop else { return drawn }
        return try backed(drawn, backdrop: backdrop, of: frame, needsAlpha: needsAlpha)
    }

    /// `frame` scaled, turned and placed as `shown` says (or resampled through its transform by the track's
    /// warper). During a wipe (a crop changing size) the whole picture is scaled once, as it would stand unwiped,
    /// and the crop is the window of it drawn: the scaler and buffers stay those of one size for the whole wipe.
    private func placed(_ frame: Frame, shown: LayerPicture, trackID: Int32,
                        needsAlpha: Bool) throws -> Compositor16.Layer {
        let placement: LayerPlacement
        switch shown.geometry {
        case .aligned(let aligned):
            placement = aligned
        case .warped(let warped):
            recentUse.use(trackID)
            let warper = try warpers[trackID]
                ?? AffineWarper<VideoFrameBuffer16>(canvasWidth: stage.layout.width, canvasHeight: stage.layout.height)
            warpers[trackID] = warper
            let border = try warped.border.map {
                let values = try code(of: Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue))
                return CanvasColor(y: values.y, cb: values.cb, cr: values.cr)
            }
            try warper.draw(frame, placement: warped, borderColor: border)
            return Compositor16.Layer(source: warper.output, x: warped.x, y: warped.y, opacity: shown.opacity,
                                      window: (0, 0, warped.width, warped.height))
        }
        if let whole = shown.wipe, let cut = placement.intersection(whole) {
            let buffer = try scaled(frame, trackID: trackID, placement: whole, needsAlpha: needsAlpha)
            return Compositor16.Layer(source: buffer, x: cut.x, y: cut.y, opacity: shown.opacity,
                                      window: (cut.x - whole.x, cut.y - whole.y, cut.width, cut.height))
        }
        let buffer = try scaled(frame, trackID: trackID, placement: placement, needsAlpha: needsAlpha)
        return Compositor16.Layer(source: buffer, x: placement.x, y: placement.y, opacity: shown.opacity)
    }

    /// `drawn` over its backdrop: one canvas-size layer at the layer's opacity (a transition fades or wipes picture
    /// and backdrop together), as on SDR outputs.
    private func backed(_ drawn: Compositor16.Layer, backdrop: LayerBackdrop, of frame: Frame,
                        needsAlpha: Bool) throws -> Compositor16.Layer {
        let converter = self.converter
        let painter = backdrops ?? BackdropPainter(canvasWidth: stage.layout.width, canvasHeight: stage.layout.height) {
            try Self.code(of: $0, converter: converter)
        }
        backdrops = painter
        let base = try painter.paint(backdrop, of: frame, alpha: needsAlpha)
        var picture = drawn
        picture.opacity = 1
        Compositor16.draw(picture, onto: base)
        return Compositor16.Layer(source: base, x: 0, y: 0, opacity: drawn.opacity)
    }

    /// `frame` (in the working space) cropped, scaled and turned as `placement` says, in the track's slot buffer; the
    /// slot's scaler and buffers are made again only when the sizes change. The buffer has an alpha plane when the
    /// frame has one or `needsAlpha` (a transition matte's layer; opaque until the matte is applied).
    private func scaled(_ frame: Frame, trackID: Int32, placement: LayerPlacement,
                        needsAlpha: Bool) throws -> VideoFrameBuffer16 {
        let scaled = placement.scaledSize
        let alpha = frame.pixelFormat.hasAlpha
        let area = placement.crop
        recentUse.use(trackID)
        var slot = slots[trackID]
        if slot == nil || slot!.scaler.sourceWidth != frame.width || slot!.scaler.sourceHeight != frame.height
            || slot!.scaler.sourceFormat != frame.pixelFormat || slot!.crop.width != area.width
            || slot!.crop.height != area.height || slot!.frame.width != scaled.width
            || slot!.frame.height != scaled.height || slot!.buffer.width != placement.width
            || slot!.buffer.height != placement.height || slot!.buffer.hasAlpha != (alpha || needsAlpha) {
            let format = alpha ? VideoFrameBuffer16.alphaFormat : VideoFrameBuffer16.format
            scalersMade += 1
            slot = (try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                               crop: area, width: scaled.width, height: scaled.height, pixelFormat: format), area,
                    try Frame(width: scaled.width, height: scaled.height, pixelFormat: format),
                    try VideoFrameBuffer16(width: placement.width, height: placement.height,
                                           hasAlpha: alpha || needsAlpha))
        }
        let ready = slot!
        slots[trackID] = ready
        try ready.scaler.scale(frame, cropX: area.x, cropY: area.y, into: ready.frame)
        ready.buffer.copy(from: ready.frame, orientation: placement.orientation)
        return ready.buffer
    }
}

/// A layer of an HDR frame as a transition effect sees it.
private struct HDRLayer: TransitionLayer {
    var trackID: Int32?
    var layer: Compositor16.Layer

    var picture: VideoFrameBuffer16 { layer.source }
    var origin: (x: Int, y: Int) { (layer.x, layer.y) }
    var window: (x: Int, y: Int, width: Int, height: Int) {
        layer.window ?? (0, 0, layer.source.width, layer.source.height)
    }

    static func covering(_ picture: VideoFrameBuffer16, opacity: Double) -> HDRLayer {
        HDRLayer(trackID: nil, layer: Compositor16.Layer(source: picture, x: 0, y: 0, opacity: opacity))
    }
}
