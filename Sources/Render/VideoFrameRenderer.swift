import Composition
import LibAV
import MediaCore

/// Renders the composition's picture at a time: finds the instruction, maps each layer's track time to source time,
/// fetches the source frame, crops, scales, turns (flips and quarter turns) and places it (or, for other and moving
/// transforms, resamples it through the transform), applies the instruction's transition effect, blends the layers
/// over the background, and converts the canvas to the encoder's size and pixel format. Buffers, frames and scalers
/// are reused from frame to frame.
///
/// Source frames arrive upright, square-pixelled and in BT.709 limited range (or RGB, converted with BT.709 by the
/// layer scalers), so crops and transforms are in display coordinates; a composition track's `preferredTransform`
/// is informative only and is not applied again.
final class VideoFrameRenderer {
    private let composition: MutableComposition
    private let videoComposition: VideoComposition
    /// The canvas and how layers land on it.
    private let layout: CanvasLayout
    private let sources: SourcePool
    private let canvasWidth: Int
    private let canvasHeight: Int
    private let outputWidth: Int
    private let outputHeight: Int
    private let outputFormat: LibAV.PixelFormat
    private let canvas: VideoFrameBuffer
    private var compositor = Compositor()
    /// The canvas as a LibAV frame, when it needs no conversion the encoder's frame itself.
    private let canvasFrame: Frame
    /// The encoder's frame, when it differs from the canvas in size or format.
    private let outputFrame: Frame?
    private var outputScaler: Scaler?
    /// Per track: the scaler, scaled frame and buffer of its last axis-aligned placement.
    private var slots: [Int32: LayerSlot] = [:]
    /// Per track: the warper of its last general placement.
    private var warpers: [Int32: AffineWarper] = [:]
    /// Shaped, blurred and dipped transitions; made on first use.
    private var transitions: TransitionRenderer?
    /// The fast path's scaler, straight from a source into the output frame.
    private var directScaler: Scaler?
    private let directFrame: Frame
    /// Titles, captions and ASS overlays drawn on the finished picture; nil without text.
    private let text: TextOverlay?

    /// One layer's reusable conversion state.
    private struct LayerSlot {
        var scaler: Scaler
        var frame: Frame
        var buffer: VideoFrameBuffer
    }

    /// What one layer contributes to the current frame.
    private struct PlannedLayer {
        var trackID: Int32
        var frame: Frame
        var geometry: LayerGeometry
        var opacity: Double
        /// Whether the layer's buffer needs an alpha plane (for a transition matte).
        var needsAlpha = false
    }

    init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
         pixelFormat: LibAV.PixelFormat, sources: SourcePool) throws(ExportError) {
        self.composition = composition
        self.sources = sources
        outputWidth = width
        outputHeight = height
        outputFormat = pixelFormat
        layout = try CanvasLayout(composition: composition, videoComposition: videoComposition, outputWidth: width,
                                  outputHeight: height)
        self.videoComposition = layout.videoComposition
        canvasWidth = layout.width
        canvasHeight = layout.height
        do {
            canvas = try VideoFrameBuffer(width: canvasWidth, height: canvasHeight)
            canvasFrame = try Frame(width: canvasWidth, height: canvasHeight, pixelFormat: .yuv420p)
            let needsConversion = canvasWidth != width || canvasHeight != height || pixelFormat != .yuv420p
            outputFrame = needsConversion ? try Frame(width: width, height: height, pixelFormat: pixelFormat) : nil
            directFrame = try Frame(width: width, height: height, pixelFormat: pixelFormat)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        text = try TextOverlay.make(videoComposition: self.videoComposition, canvasWidth: canvasWidth,
                                    canvasHeight: canvasHeight, width: width, height: height)
    }

    /// The picture at `time` with its text drawn on top (see `renderPicture(at:)`).
    func render(at time: MediaTime) throws(ExportError) -> Frame {
        let frame = try renderPicture(at: time)
        return try text?.draw(onto: frame, at: time) ?? frame
    }

    /// The picture at composition time `time`, in the output size and pixel format. The frame is reused by the next
    /// call (the encoder keeps its own reference).
    private func renderPicture(at time: MediaTime) throws(ExportError) -> Frame {
        let instruction = videoComposition.instruction(at: time)
        let background = instruction?.backgroundColor ?? videoComposition.backgroundColor
        compositor.background = Color(red: background.red, green: background.green, blue: background.blue).yuv
        let effect = instruction?.transitionEffect.flatMap { $0.isActive(at: time) ? $0 : nil }
        let progress = effect?.progress(at: time) ?? 0
        var planned: [PlannedLayer] = []
        // The first layer instruction is on top, so draw from the last to the first.
        for layer in (instruction?.layerInstructions ?? []).reversed() {
            let factor = effect.map { TransitionRenderer.opacityFactor($0, trackID: layer.trackID, progress: progress) } ?? 1
            guard var plan = try plan(layer, at: time, opacityFactor: factor) else { continue }
            plan.needsAlpha = effect.map { TransitionRenderer.needsAlpha($0, trackID: layer.trackID) } ?? false
            planned.append(plan)
        }
        if effect == nil, planned.count == 1, let only = planned.first, canDrawDirectly(only) {
            return try drawDirectly(only)
        }
        var layers = try draw(planned)
        if let effect {
            let renderer = transitions ?? TransitionRenderer(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            transitions = renderer
            try renderer.apply(effect, progress: progress, to: &layers)
        }
        return try composite(layers.map(\.layer))
    }

    /// The layer's frame and placement at `time` (its opacity times `opacityFactor`), or nil when it shows nothing.
    private func plan(_ layer: LayerInstruction, at time: MediaTime, opacityFactor: Double) throws(ExportError)
        -> PlannedLayer?
    {
        try layout.picture(of: layer, at: time, in: composition, sources: sources, opacityFactor: opacityFactor).map {
            PlannedLayer(trackID: layer.trackID, frame: $0.frame, geometry: $0.geometry, opacity: $0.opacity)
        }
    }

    /// A single opaque layer without alpha that fills the canvas exactly, on a canvas of the output size.
    private func canDrawDirectly(_ layer: PlannedLayer) -> Bool {
        guard case .aligned(let placement) = layer.geometry else { return false }
        return layer.opacity >= 1 && !layer.frame.pixelFormat.hasAlpha && placement.orientation.isIdentity
            && canvasWidth == outputWidth
            && canvasHeight == outputHeight && placement.x == 0 && placement.y == 0
            && placement.width == canvasWidth && placement.height == canvasHeight
    }

    /// The fast path: the source scaled (and cropped) straight into the output frame, or copied as it is. The
    /// encoder only ever gets the renderer's own frames: a decoder's or generator's picture may be shared, and its
    /// padding is not ours to vouch for.
    private func drawDirectly(_ layer: PlannedLayer) throws(ExportError) -> Frame {
        let frame = layer.frame
        guard case .aligned(let placement) = layer.geometry else { return frame }
        do {
            if frame.width == outputWidth, frame.height == outputHeight, frame.pixelFormat == outputFormat,
               placement.usesWholeFrame(width: frame.width, height: frame.height) {
                try directFrame.copyPicture(from: frame)
                return directFrame
            }
            let scaler = try reuse(directScaler, frame: frame, crop: placement.crop, width: outputWidth,
                                   height: outputHeight, format: outputFormat)
            directScaler = scaler
            try scaler.scale(frame, into: directFrame)
            return directFrame
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
                    let buffer = try scaledBuffer(plan, placement: placement)
                    layers.append(DrawnLayer(trackID: plan.trackID, layer: CompositorLayer(
                        source: buffer, x: placement.x, y: placement.y, opacity: plan.opacity)))
                case .warped(let placement):
                    let warper = try warpers[plan.trackID]
                        ?? AffineWarper(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
                    warpers[plan.trackID] = warper
                    try warper.draw(plan.frame, placement: placement)
                    layers.append(DrawnLayer(trackID: plan.trackID, layer: CompositorLayer(
                        source: warper.output, x: placement.x, y: placement.y, opacity: plan.opacity,
                        extent: (placement.width, placement.height))))
                }
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.decode(path: nil, reason: "\(error)")
        }
        return layers
    }

    /// The layer's picture cropped, scaled and turned by swscale into its slot's buffer (with an opaque alpha plane
    /// when the source has none but the layer needs one).
    private func scaledBuffer(_ plan: PlannedLayer, placement: LayerPlacement) throws -> VideoFrameBuffer {
        let sourceAlpha = plan.frame.pixelFormat.hasAlpha
        let format: VideoFrameBuffer.PixelFormat = sourceAlpha || plan.needsAlpha ? .yuva420p : .yuv420p
        let libavFormat = sourceAlpha ? VideoFrameBuffer.yuva420p : LibAV.PixelFormat.yuv420p
        var slot = slots[plan.trackID]
        let scaled = placement.scaledSize
        let scaler = try reuse(slot?.scaler, frame: plan.frame, crop: placement.crop,
                               width: scaled.width, height: scaled.height, format: libavFormat)
        if slot == nil || slot!.scaler !== scaler || slot!.buffer.format != format
            || slot!.buffer.width != placement.width || slot!.buffer.height != placement.height {
            slot = LayerSlot(
                scaler: scaler,
                frame: try Frame(width: scaled.width, height: scaled.height, pixelFormat: libavFormat),
                buffer: try VideoFrameBuffer(width: placement.width, height: placement.height, format: format))
        }
        guard let ready = slot else { throw ExportError.decode(path: nil, reason: "no layer buffer") }
        slots[plan.trackID] = ready
        try ready.scaler.scale(plan.frame, into: ready.frame)
        ready.buffer.copy(from: ready.frame, orientation: placement.orientation)
        if ready.buffer.hasAlpha && !sourceAlpha {
            ready.buffer.withPlane(3) { pointer, stride, _, height in pointer.update(repeating: 255, count: stride * height) }
        }
        return ready.buffer
    }

    /// The layers blended over the background, converted to the output size and format.
    private func composite(_ layers: [CompositorLayer]) throws(ExportError) -> Frame {
        do {
            try compositor.composite(layers, into: canvas)
            try canvas.copy(into: canvasFrame)
            guard let outputFrame else { return canvasFrame }
            let scaler = try reuse(outputScaler, frame: canvasFrame, crop: nil, width: outputWidth,
                                   height: outputHeight, format: outputFormat)
            outputScaler = scaler
            try scaler.scale(canvasFrame, into: outputFrame)
            return outputFrame
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// `existing` when it converts exactly this geometry, else a new scaler.
    private func reuse(_ existing: Scaler?, frame: Frame, crop: Scaler.Rect?, width: Int, height: Int,
                       format: LibAV.PixelFormat) throws(LibAVError) -> Scaler {
        let area = crop ?? Scaler.Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        if let existing, existing.sourceWidth == frame.width, existing.sourceHeight == frame.height,
           existing.sourceFormat == frame.pixelFormat, existing.width == width, existing.height == height,
           existing.pixelFormat == format, existing.crop.width == area.width, existing.crop.height == area.height,
           existing.crop.x == area.x & ~1 || existing.crop.x == area.x,
           existing.crop.y == area.y & ~1 || existing.crop.y == area.y {
            return existing
        }
        return try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                          crop: crop, width: width, height: height, pixelFormat: format)
    }
}
