import Composition
import LibAV
import MediaCore

/// Renders the composition's picture at a time: finds the instruction, maps each layer's track time to source time,
/// fetches the source frame, crops, scales, turns (flips and quarter turns) and places it (or, for other and moving
/// transforms, resamples it through the transform), applies the instruction's transition effect, blends the layers
/// over the background, and converts the canvas to the encoder's size and pixel format. Buffers, frames and scalers
/// are reused from frame to frame; a track's, and the canvas, are given back once unused for a while (`RecentUse`).
///
/// Source frames arrive upright, square-pixelled and in BT.709 limited range (or RGB, converted with BT.709 by the
/// layer scalers), so crops and transforms are in display coordinates; a composition track's `preferredTransform`
/// is informative only and is not applied again.
final class VideoFrameRenderer {
    private var stage: RenderStage
    private let videoComposition: VideoComposition
    private let canvasWidth: Int
    private let canvasHeight: Int
    /// The buffer layers are blended on: made when a picture needs blending (not for pictures drawn straight into
    /// the output), given back when no picture has needed it for a while (see `RecentUse`).
    private var canvas: VideoFrameBuffer?
    private var compositor = Compositor()
    /// Whether the canvas differs from the output in size or pixel format, and is scaled into it.
    private let needsConversion: Bool
    /// The canvas as a LibAV frame, to be converted into the output (without a conversion the canvas is copied into
    /// `directFrame`, the output-size frame both paths return). The renderer's own frames are made on first use: a
    /// render that draws into the pipeline's frames (`render(at:into:)`) never needs some.
    private var canvasFrame: Frame?
    /// The encoder's frame, when it differs from the canvas in size or format.
    private var outputFrame: Frame?
    private var outputScaler: Scaler?
    /// Per track: the scalers, scaled frames and buffers of its last few axis-aligned placements, latest first (a
    /// pan at a fractional scale alternates between sizes a pixel apart).
    private var slots: [Int32: [LayerSlot]] = [:]
    /// How many placements a track keeps ready.
    private static let slotsPerTrack = 4
    /// Per track: the warper of its last general placement.
    private var warpers: [Int32: AffineWarper<VideoFrameBuffer>] = [:]
    /// The state a renderer keeps from picture to picture and gives back once unused.
    private enum HeldState: Hashable {
        /// A track's `slots` and `warpers`.
        case track(Int32)
        /// The `canvas`.
        case canvas
    }
    /// Which state was drawn through lately; the rest is released.
    private var recentUse = RecentUse<HeldState>()
    /// How many tracks hold slots or warpers now (see `RecentUse`).
    var tracksHoldingState: Int { Set(slots.keys).union(warpers.keys).count }
    /// Whether the canvas is held now.
    var holdsCanvas: Bool { canvas != nil }
    /// Shaped, blurred and dipped transitions; made on first use.
    private var transitions: TransitionRenderer<VideoFrameBuffer>?
    /// Layers' backdrops (blurred copies, colours); made on first use.
    private var backdrops: BackdropPainter<VideoFrameBuffer>?
    /// The fast path's scaler, straight from a source into the output frame.
    private var directScaler: Scaler?
    /// The output-size frame the fast path and an unconverted canvas draw into.
    private var directFrame: Frame?
    /// Where the picture's last step writes instead of the renderer's own frames, for one `render(at:into:)`.
    private var destination: Frame?
    /// Titles, captions and ASS overlays drawn on the finished picture; nil without text.
    private let text: TextOverlay?
    /// The video composition's picture filters, nil without any.
    private let filters: PictureFilterStage?
    /// How many scalers this renderer has set up (a pan must not add one per frame).
    private(set) var scalersMade = 0
    /// False makes a fresh scaler for every picture: the reference the reuse is tested against.
    var reusesScalers = true
    /// False draws every source picture from its upright display-size form (see `CanvasLayout.adaptsPictures`).
    var adaptsPictures: Bool {
        get { stage.layout.adaptsPictures }
        set { stage.layout.adaptsPictures = newValue }
    }

    /// One layer's reusable conversion state.
    private final class LayerSlot {
        let scaler: Scaler
        /// The scaled picture before it is turned or cut into `buffer`; made on first use (an upright layer scales
        /// straight into `buffer`).
        var frame: Frame?
        let buffer: VideoFrameBuffer

        init(scaler: Scaler, buffer: VideoFrameBuffer) {
            self.scaler = scaler
            self.buffer = buffer
        }

        /// `frame`, made in the scaler's output size and format on first use.
        func scaledFrame() throws(LibAVError) -> Frame {
            try VideoFrameRenderer.made(&frame, scaler.width, scaler.height, scaler.pixelFormat)
        }
    }

    /// What one layer contributes to the current frame.
    private struct PlannedLayer {
        var trackID: Int32
        var frame: Frame
        var geometry: LayerGeometry
        var opacity: Double
        /// Whether the layer's buffer needs an alpha plane (for a transition matte).
        var needsAlpha = false
        /// During a wipe: where the whole source picture lands, which the layer's crop is cut out of.
        var wipe: LayerPlacement?
        /// What fills the canvas behind the picture.
        var backdrop: LayerBackdrop?
    }

    init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
         pixelFormat: LibAV.PixelFormat, sources: SourcePool) throws(ExportError) {
        stage = try RenderStage(composition: composition, videoComposition: videoComposition, width: width,
                                height: height, pixelFormat: pixelFormat, sources: sources)
        let layout = stage.layout
        self.videoComposition = layout.videoComposition
        canvasWidth = layout.width
        canvasHeight = layout.height
        do {
            try VideoFrameBuffer.checkSize(width: canvasWidth, height: canvasHeight)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        needsConversion = canvasWidth != width || canvasHeight != height || pixelFormat != .yuv420p
        filters = PictureFilterStage(videoComposition: self.videoComposition)
        text = try TextOverlay.make(videoComposition: self.videoComposition, canvasWidth: canvasWidth,
                                    canvasHeight: canvasHeight, width: width, height: height)
    }

    /// The picture at `time` with its text drawn on top (see `renderPicture(at:)`).
    func render(at time: MediaTime) throws(ExportError) -> Frame {
        stage.prepare(for: time)
        var frame = try renderPicture(at: time)
        if let filters { frame = try filters.apply(to: frame, at: time) }
        return try text?.draw(onto: frame, at: time) ?? frame
    }

    /// The picture at `time` drawn into `target` when it has the output's size and pixel format and the last step
    /// draws (a copy or a scale); else the renderer's own frame (see `PictureRenderer.render(at:into:)`).
    func render(at time: MediaTime, into target: Frame) throws(ExportError) -> Frame {
        guard target.width == stage.outputWidth, target.height == stage.outputHeight, target.pixelFormat == stage.outputFormat else {
            return try render(at: time)
        }
        destination = target
        defer { destination = nil }
        return try render(at: time)
    }

    /// The picture at composition time `time`, in the output size and pixel format. The frame is reused by the next
    /// call (the encoder keeps its own reference).
    private func renderPicture(at time: MediaTime) throws(ExportError) -> Frame {
        defer { releaseIdleState() }
        let instruction = videoComposition.instruction(at: time)
        let background = instruction?.backgroundColor ?? videoComposition.backgroundColor
        compositor.background = Color(red: background.red, green: background.green, blue: background.blue).yuv
        let effect = instruction?.transitionEffect.flatMap { $0.isActive(at: time) ? $0 : nil }
        let progress = effect?.progress(at: time) ?? 0
        var planned: [PlannedLayer] = []
        // The first layer instruction is on top, so draw from the last to the first.
        for layer in (instruction?.layerInstructions ?? []).reversed() {
            let factor = effect?.opacityFactor(trackID: layer.trackID, progress: progress) ?? 1
            guard var plan = try plan(layer, at: time, opacityFactor: factor) else { continue }
            plan.needsAlpha = effect?.needsAlpha(trackID: layer.trackID) ?? false
            planned.append(plan)
        }
        if effect == nil, planned.count == 1, let only = planned.first, canDrawDirectly(only) {
            return try drawDirectly(only)
        }
        var layers = try draw(planned)
        if let effect {
            let renderer = transitions ?? TransitionRenderer(canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                                             code: Self.code)
            transitions = renderer
            try renderer.apply(effect, progress: progress, to: &layers)
        }
        return try composite(layers.map(\.layer))
    }

    /// The layer's frame and placement at `time` (its opacity times `opacityFactor`), or nil when it shows nothing.
    private func plan(_ layer: LayerInstruction, at time: MediaTime, opacityFactor: Double) throws(ExportError)
        -> PlannedLayer?
    {
        try stage.picture(of: layer, at: time, opacityFactor: opacityFactor).map {
            PlannedLayer(trackID: layer.trackID, frame: $0.frame, geometry: $0.geometry, opacity: $0.opacity,
                         wipe: $0.wipe, backdrop: layer.backdrop)
        }
    }

    /// A single opaque layer without alpha that fills the canvas exactly, on a canvas of the output size.
    private func canDrawDirectly(_ layer: PlannedLayer) -> Bool {
        guard case .aligned(let placement) = layer.geometry else { return false }
        return layer.opacity >= 1 && !layer.frame.pixelFormat.hasAlpha && placement.orientation.isIdentity
            && layer.backdrop == nil
            && canvasWidth == stage.outputWidth
            && canvasHeight == stage.outputHeight && placement.x == 0 && placement.y == 0
            && placement.width == canvasWidth && placement.height == canvasHeight
    }

    /// The fast path: the source scaled (and cropped) straight into the output frame, or copied as it is. The
    /// encoder only ever gets the renderer's own frames: a decoder's or generator's picture may be shared, and its
    /// padding is not ours to vouch for.
    private func drawDirectly(_ layer: PlannedLayer) throws(ExportError) -> Frame {
        let frame = layer.frame
        guard case .aligned(let placement) = layer.geometry else { return frame }
        do {
            if frame.width == stage.outputWidth, frame.height == stage.outputHeight, frame.pixelFormat == stage.outputFormat,
               placement.usesWholeFrame(width: frame.width, height: frame.height) {
                let target = try destination ?? Self.made(&directFrame, stage.outputWidth, stage.outputHeight, stage.outputFormat)
                try target.copyPicture(from: frame)
                return target
            }
            let scaler = try reuse(directScaler, frame: frame, crop: placement.crop, width: stage.outputWidth,
                                   height: stage.outputHeight, format: stage.outputFormat)
            directScaler = scaler
            let target = try destination ?? Self.made(&directFrame, stage.outputWidth, stage.outputHeight, stage.outputFormat)
            try scaler.scale(frame, cropX: placement.crop.x, cropY: placement.crop.y, into: target)
            return target
        } catch {
            throw ExportError.decode(path: nil, reason: "\(error)")
        }
    }

    /// Every layer drawn into its own buffer, bottom first.
    private func draw(_ planned: [PlannedLayer]) throws(ExportError) -> [DrawnLayer] {
        var layers: [DrawnLayer] = []
        do {
            for plan in planned {
                switch plan.geometry {
                case .aligned(let placement):
                    if let whole = plan.wipe, let cut = placement.intersection(whole) {
                        let buffer = try wipeBuffer(plan, whole: whole, cut: cut)
                        layers.append(try backed(DrawnLayer(trackID: plan.trackID, layer: CompositorLayer(
                            source: buffer, x: cut.x, y: cut.y, opacity: plan.opacity,
                            extent: (cut.width, cut.height))), plan))
                        continue
                    }
                    let buffer = try scaledBuffer(plan, placement: placement)
                    layers.append(try backed(DrawnLayer(trackID: plan.trackID, layer: CompositorLayer(
                        source: buffer, x: placement.x, y: placement.y, opacity: plan.opacity)), plan))
                case .warped(let placement):
                    recentUse.use(.track(plan.trackID))
                    let warper = try warpers[plan.trackID]
                        ?? AffineWarper<VideoFrameBuffer>(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
                    warpers[plan.trackID] = warper
                    try warper.draw(plan.frame, placement: placement, borderColor: placement.border.map {
                        Self.code($0.color)
                    })
                    layers.append(try backed(DrawnLayer(trackID: plan.trackID, layer: CompositorLayer(
                        source: warper.output, x: placement.x, y: placement.y, opacity: plan.opacity,
                        extent: (placement.width, placement.height))), plan))
                }
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.decode(path: nil, reason: "\(error)")
        }
        return layers
    }

    /// `drawn` over its backdrop when the layer has one: one canvas-size layer at the layer's opacity (a transition
    /// fades or wipes picture and backdrop together); else `drawn` itself.
    private func backed(_ drawn: DrawnLayer, _ plan: PlannedLayer) throws -> DrawnLayer {
        guard let backdrop = plan.backdrop else { return drawn }
        let painter = backdrops ?? BackdropPainter(canvasWidth: canvasWidth, canvasHeight: canvasHeight, code: Self.code)
        backdrops = painter
        let base = try painter.paint(backdrop, of: plan.frame, alpha: plan.needsAlpha)
        var picture = drawn.layer
        picture.opacity = 1
        Compositor.draw(picture, onto: base)
        return DrawnLayer(trackID: drawn.trackID, layer: CompositorLayer(source: base, opacity: drawn.layer.opacity))
    }

    /// A colour's BT.709 limited-range code values, as the canvas holds them.
    private static func code(_ color: Color) -> CanvasColor<UInt8> {
        let yuv = color.yuv
        return CanvasColor(y: yuv.y, cb: yuv.cb, cr: yuv.cr, a: yuv.a)
    }

    /// The layer's picture cropped, scaled and turned by swscale into its slot's buffer (with an opaque alpha plane
    /// when the source has none but the layer needs one). An upright picture is scaled straight into the buffer.
    private func scaledBuffer(_ plan: PlannedLayer, placement: LayerPlacement) throws -> VideoFrameBuffer {
        let ready = try slot(plan, placement: placement)
        if placement.orientation.isIdentity {
            let planeCount = ready.scaler.pixelFormat.planeCount
            try ready.buffer.withPlanes { (planes, strides) throws(LibAVError) in
                try ready.scaler.scale(plan.frame, cropX: placement.crop.x, cropY: placement.crop.y,
                                       intoPlanes: Array(planes.prefix(planeCount)),
                                       strides: Array(strides.prefix(planeCount)))
            }
        } else {
            ready.buffer.copy(from: try scaled(plan, placement: placement, in: ready),
                              orientation: placement.orientation)
        }
        fillAlpha(ready.buffer, plan)
        return ready.buffer
    }

    /// A wipe's layer: the whole picture scaled as `whole` places it, and the part of it under `cut` (a canvas
    /// rectangle inside `whole`) copied to the top-left of the slot's buffer.
    private func wipeBuffer(_ plan: PlannedLayer, whole: LayerPlacement,
                            cut: LayerPlacement) throws -> VideoFrameBuffer {
        let ready = try slot(plan, placement: whole)
        ready.buffer.copy(from: try scaled(plan, placement: whole, in: ready), orientation: whole.orientation,
                          x: cut.x - whole.x, y: cut.y - whole.y, width: cut.width, height: cut.height)
        fillAlpha(ready.buffer, plan)
        return ready.buffer
    }

    /// The frame in `storage`, made with this size and pixel format on first use.
    private static func made(_ storage: inout Frame?, _ width: Int, _ height: Int,
                             _ format: LibAV.PixelFormat) throws(LibAVError) -> Frame {
        if let storage { return storage }
        let frame = try Frame(width: width, height: height, pixelFormat: format)
        storage = frame
        return frame
    }

    /// The layer's picture scaled as `placement` places it into `slot`'s frame.
    private func scaled(_ plan: PlannedLayer, placement: LayerPlacement, in slot: LayerSlot) throws -> Frame {
        let frame = try slot.scaledFrame()
        try slot.scaler.scale(plan.frame, cropX: placement.crop.x, cropY: placement.crop.y, into: frame)
        return frame
    }

    /// The slot (scaler, buffer, frame when made) for `placement` of the layer's picture.
    private func slot(_ plan: PlannedLayer, placement: LayerPlacement) throws -> LayerSlot {
        let sourceAlpha = plan.frame.pixelFormat.hasAlpha
        let format: VideoFrameBuffer.PixelFormat = sourceAlpha || plan.needsAlpha ? .yuva420p : .yuv420p
        let libavFormat = sourceAlpha ? VideoFrameBuffer.yuva420p : LibAV.PixelFormat.yuv420p
        let scaled = placement.scaledSize
        recentUse.use(.track(plan.trackID))
        var cached = slots[plan.trackID] ?? []
        let found = cached.firstIndex {
            fits($0.scaler, frame: plan.frame, crop: placement.crop, width: scaled.width, height: scaled.height,
                 format: libavFormat)
                && $0.buffer.format == format && $0.buffer.width == placement.width && $0.buffer.height == placement.height
        }
        let ready: LayerSlot
        if reusesScalers, let found {
            ready = cached.remove(at: found)
        } else {
            scalersMade += 1
            ready = LayerSlot(
                scaler: try Scaler(sourceWidth: plan.frame.width, sourceHeight: plan.frame.height,
                                   sourceFormat: plan.frame.pixelFormat, crop: placement.crop, width: scaled.width,
                                   height: scaled.height, pixelFormat: libavFormat),
                buffer: try VideoFrameBuffer(width: placement.width, height: placement.height, format: format))
        }
        slots[plan.trackID] = Array(([ready] + cached).prefix(Self.slotsPerTrack))
        return ready
    }

    /// Ends a picture: the slots and warpers of tracks that have not drawn through them for a while, and the canvas
    /// when nothing was blended for as long, are freed.
    private func releaseIdleState() {
        for held in recentUse.endPicture() {
            switch held {
            case .track(let track):
                slots[track] = nil
                warpers[track] = nil
            case .canvas:
                canvas = nil
            }
        }
    }

    /// An opaque alpha plane for a layer that needs one but whose source has none.
    private func fillAlpha(_ buffer: VideoFrameBuffer, _ plan: PlannedLayer) {
        if !plan.frame.pixelFormat.hasAlpha { buffer.makeOpaque() }
    }

    /// The layers blended over the background, converted to the output size and format.
    private func composite(_ layers: [CompositorLayer]) throws(ExportError) -> Frame {
        do {
            recentUse.use(.canvas)
            let canvas = try canvas ?? VideoFrameBuffer(width: canvasWidth, height: canvasHeight)
            self.canvas = canvas
            try compositor.composite(layers, into: canvas)
            guard needsConversion else {
                let target = try destination ?? Self.made(&directFrame, stage.outputWidth, stage.outputHeight, stage.outputFormat)
                try canvas.copy(into: target)
                return target
            }
            let canvasPicture = try Self.made(&canvasFrame, canvasWidth, canvasHeight, .yuv420p)
            try canvas.copy(into: canvasPicture)
            let scaler = try reuse(outputScaler, frame: canvasPicture, crop: nil, width: stage.outputWidth,
                                   height: stage.outputHeight, format: stage.outputFormat)
            outputScaler = scaler
            let target = try destination ?? Self.made(&outputFrame, stage.outputWidth, stage.outputHeight, stage.outputFormat)
            try scaler.scale(canvasPicture, into: target)
            return target
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// `existing` when it converts these sizes and formats, else a new scaler. The crop's origin is not part of
    /// the key: callers pass it to each `scale` call, so a moving crop keeps its scaler.
    private func reuse(_ existing: Scaler?, frame: Frame, crop: Scaler.Rect?, width: Int, height: Int,
                       format: LibAV.PixelFormat) throws(LibAVError) -> Scaler {
        if reusesScalers, let existing,
           fits(existing, frame: frame, crop: crop, width: width, height: height, format: format) {
            return existing
        }
        scalersMade += 1
        return try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                          crop: crop, width: width, height: height, pixelFormat: format)
    }

    /// Whether `scaler` converts `frame`'s size and format, cropped to `crop`'s size (wherever it lies), to `width` x
    /// `height` `format`.
    private func fits(_ scaler: Scaler, frame: Frame, crop: Scaler.Rect?, width: Int, height: Int,
                      format: LibAV.PixelFormat) -> Bool {
        let area = crop ?? Scaler.Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        return scaler.sourceWidth == frame.width && scaler.sourceHeight == frame.height
            && scaler.sourceFormat == frame.pixelFormat && scaler.width == width && scaler.height == height
            && scaler.pixelFormat == format && scaler.crop.width == area.width && scaler.crop.height == area.height
    }
}
