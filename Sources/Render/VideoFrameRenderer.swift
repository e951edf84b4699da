import Composition
import LibAV
import MediaCore

/// Renders the composition's picture at a time: finds the instruction, maps each layer's track time to source time,
/// fetches the source frame, crops, scales, turns (flips and quarter turns) and places it, blends the layers over the
/// background, and converts the canvas to the encoder's size and pixel format. Buffers, frames and scalers are reused
/// from frame to frame.
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
    /// Per track: the scaler, scaled frame and buffer of its last placement.
    private var slots: [Int32: LayerSlot] = [:]
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
        var placement: LayerPlacement
        var opacity: Double
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
        compositor.background = RGBAColor(red: background.red, green: background.green, blue: background.blue).yuv
        var planned: [PlannedLayer] = []
        // The first layer instruction is on top, so draw from the last to the first.
        for layer in (instruction?.layerInstructions ?? []).reversed() {
            if let plan = try plan(layer, at: time) { planned.append(plan) }
        }
        if planned.count == 1, let only = planned.first, canDrawDirectly(only) {
            return try drawDirectly(only)
        }
        return try composite(planned)
    }

    /// The layer's frame and placement at `time`, or nil when it shows nothing.
    private func plan(_ layer: LayerInstruction, at time: MediaTime) throws(ExportError) -> PlannedLayer? {
        try layout.picture(of: layer, at: time, in: composition, sources: sources).map {
            PlannedLayer(trackID: layer.trackID, frame: $0.frame, placement: $0.placement, opacity: $0.opacity)
        }
    }

    /// A single opaque layer without alpha that fills the canvas exactly, on a canvas of the output size.
    private func canDrawDirectly(_ layer: PlannedLayer) -> Bool {
        layer.opacity >= 1 && !layer.frame.pixelFormat.hasAlpha && layer.placement.orientation.isIdentity
            && canvasWidth == outputWidth
            && canvasHeight == outputHeight && layer.placement.x == 0 && layer.placement.y == 0
            && layer.placement.width == canvasWidth && layer.placement.height == canvasHeight
    }

    /// The fast path: the source scaled (and cropped) straight into the output frame, or passed on as it is.
    private func drawDirectly(_ layer: PlannedLayer) throws(ExportError) -> Frame {
        let frame = layer.frame
        do {
            if frame.width == outputWidth, frame.height == outputHeight, frame.pixelFormat == outputFormat,
               layer.placement.usesWholeFrame(width: frame.width, height: frame.height) {
                return try frame.reference()
            }
            let scaler = try reuse(directScaler, frame: frame, crop: layer.placement.crop, width: outputWidth,
                                   height: outputHeight, format: outputFormat)
            directScaler = scaler
            try scaler.scale(frame, into: directFrame)
            return directFrame
        } catch {
            throw ExportError.decode(path: nil, reason: "\(error)")
        }
    }

    /// The general path: every layer scaled into its own buffer and blended over the background.
    private func composite(_ planned: [PlannedLayer]) throws(ExportError) -> Frame {
        var layers: [CompositorLayer] = []
        do {
            for plan in planned {
                let alpha = plan.frame.pixelFormat.hasAlpha
                let format: VideoFrameBuffer.PixelFormat = alpha ? .yuva420p : .yuv420p
                let libavFormat = alpha ? VideoFrameBuffer.yuva420p : LibAV.PixelFormat.yuv420p
                var slot = slots[plan.trackID]
                let scaled = plan.placement.scaledSize
                let scaler = try reuse(slot?.scaler, frame: plan.frame, crop: plan.placement.crop,
                                       width: scaled.width, height: scaled.height, format: libavFormat)
                if slot == nil || slot!.scaler !== scaler || slot!.buffer.format != format
                    || slot!.buffer.width != plan.placement.width || slot!.buffer.height != plan.placement.height {
                    slot = LayerSlot(
                        scaler: scaler,
                        frame: try Frame(width: scaled.width, height: scaled.height, pixelFormat: libavFormat),
                        buffer: try VideoFrameBuffer(width: plan.placement.width, height: plan.placement.height, format: format))
                }
                guard let ready = slot else { continue }
                slots[plan.trackID] = ready
                try ready.scaler.scale(plan.frame, into: ready.frame)
                ready.buffer.copy(from: ready.frame, orientation: plan.placement.orientation)
                layers.append(CompositorLayer(source: ready.buffer, x: plan.placement.x, y: plan.placement.y,
                                              opacity: plan.opacity))
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.decode(path: nil, reason: "\(error)")
        }
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
