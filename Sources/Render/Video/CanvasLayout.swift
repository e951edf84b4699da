import Composition
import LibAV
import MediaCore

/// The canvas a picture renderer composites on and how layers land on it, shared by the SDR and HDR renderers: the
/// video composition (the authored one, or one made from the composition's tracks whose sources are fitted into
/// the output), the canvas size, and each layer's picture and placement at a time.
struct CanvasLayout {
    /// The instructions followed.
    let videoComposition: VideoComposition
    /// Without an authored video composition each source is fitted into the canvas (contain).
    let fitsSources: Bool
    /// Canvas width (even).
    let width: Int
    /// Canvas height (even).
    let height: Int
    /// False asks readers for every picture upright at its display size (`frame(at:)`): the reference for tests of
    /// pictures converted smaller and turned by the layer.
    var adaptsPictures = true

    /// The layout for `videoComposition` (its render size), or without one for the tracks of `composition` on a
    /// canvas of the output's `outputWidth` x `outputHeight`; sizes must be even and positive.
    init(composition: MutableComposition, videoComposition: VideoComposition?, outputWidth: Int, outputHeight: Int)
        throws(ExportError)
    {
        if let videoComposition {
            self.videoComposition = videoComposition
            fitsSources = false
            width = Int(videoComposition.renderSize.width.rounded()) & ~1
            height = Int(videoComposition.renderSize.height.rounded()) & ~1
        } else {
            var made = VideoComposition.make(propertiesOf: composition)
            made.renderSize = Size(width: Double(outputWidth), height: Double(outputHeight))
            self.videoComposition = made
            fitsSources = true
            width = outputWidth
            height = outputHeight
        }
        guard width >= 2, height >= 2, outputWidth >= 2, outputHeight >= 2, outputWidth % 2 == 0, outputHeight % 2 == 0
        else {
            throw ExportError.setup(
                reason: "invalid picture size \(outputWidth)x\(outputHeight) (render size \(width)x\(height)); "
                    + "sizes must be even and positive")
        }
    }

    /// The picture `layer` shows at `time` with where it goes and its opacity (times `opacityFactor`), or nil when it
    /// shows nothing (no segment, a transparent layer, nothing of it on the canvas). A transform that is not
    /// axis-aligned, or one that moves at `time`, takes the general (warped) path; fitted sources never move. The
    /// reader may hand a picture smaller than its display size (see `largestStretch`) and not yet upright; crop and
    /// transform, which are in display pixels, are adapted to it. Rounded corners and borders take the warped path
    /// too: its anti-aliased edges round them at any transform.
    func picture(of layer: LayerInstruction, at time: MediaTime, in composition: MutableComposition,
                 sources: SourcePool, opacityFactor: Double = 1) throws(ExportError) -> LayerPicture?
    {
        guard let track = composition.track(withID: layer.trackID),
              let segment = track.segment(forTrackTime: time), !segment.isEmpty,
              segment.targetRange.contains(time), let url = segment.sourceURL else { return nil }
        let opacity = layer.opacity(at: time) * opacityFactor
        guard !opacity.isNaN, (min(max(opacity, 0), 1) * 255).rounded() > 0 else { return nil }
        let reader = try sources.videoReader(url: url, trackID: segment.sourceTrackID, owner: layer.trackID)
        let sourceTime = segment.sourceTime(forTrackTime: time)
        let picture = adaptsPictures
            ? try reader.picture(at: sourceTime, stretch: reader.displaySize.map {
                largestStretch(of: layer, at: time, width: $0.width, height: $0.height) } ?? 1)
            : try reader.frame(at: sourceTime).map { SourcePicture(frame: $0, displayWidth: $0.width,
                                                                   displayHeight: $0.height) }
        guard let shown = picture else { return nil }
        let frame = shown.frame
        let authored = fitsSources
            ? LayerPlacement.fit(width: shown.displayWidth, height: shown.displayHeight, canvasWidth: width,
                                 canvasHeight: height)
            : layer.transform(at: time)
        let (transform, crop) = Self.adapt(transform: authored, crop: layer.cropRectangle(at: time), to: shown)
        let rounded = fitsSources ? 0 : Self.adapt(radius: layer.cornerRadius ?? 0, to: shown)
        let border = fitsSources ? nil : layer.border.map {
            var adapted = $0
            adapted.width = Self.adapt(radius: $0.width, to: shown)
            return adapted
        }
        if !fitsSources && (PictureOrientation(transform) == nil || Self.transformMoves(layer, at: time) || rounded > 0
                            || border != nil) {
            guard let placement = try WarpPlacement.make(
                frameWidth: frame.width, frameHeight: frame.height, crop: crop, transform: transform,
                canvasWidth: width, canvasHeight: height, trackID: layer.trackID, cornerRadius: rounded,
                border: border)
            else { return nil }
            return LayerPicture(frame: frame, geometry: .warped(placement), opacity: opacity, wipe: nil)
        }
        guard let placement = LayerPlacement.make(
            frameWidth: frame.width, frameHeight: frame.height, crop: crop, transform: transform,
            canvasWidth: width, canvasHeight: height) else { return nil }
        return LayerPicture(frame: frame, geometry: .aligned(placement), opacity: opacity,
                            wipe: wipePlacement(of: layer, frame: frame, transform: transform, at: time))
    }

    /// Where the whole of `frame` lands under `transform` when `layer`'s crop is changing size at `time` (a wipe) and
    /// the transform is axis-aligned (quarter turns included: a picture stored turned is turned by its layer); nil
    /// otherwise. A wipe is drawn by cutting its crop out of this one
    /// scaled picture, so it needs one scaler for the whole wipe instead of one per frame, and what it reveals does
    /// not shift.
    private func wipePlacement(of layer: LayerInstruction, frame: Frame, transform: AffineTransform2D,
                               at time: MediaTime) -> LayerPlacement? {
        guard !fitsSources, let span = layer.cropRectangleRamp(at: time), span.timeRange.contains(time),
              span.startValue.width != span.endValue.width || span.startValue.height != span.endValue.height,
              let whole = LayerPlacement.make(frameWidth: frame.width, frameHeight: frame.height, crop: .infinite,
                                              transform: transform, canvasWidth: width, canvasHeight: height)
        else { return nil }
        return whole
    }

    /// Whether the layer's transform is changing at `time` (inside a ramp between two different transforms).
    private static func transformMoves(_ layer: LayerInstruction, at time: MediaTime) -> Bool {
        guard let span = layer.transformRamp(at: time) else { return false }
        return span.startValue != span.endValue && span.timeRange.contains(time)
    }
}

/// A layer's picture at a time and how it reaches the canvas.
struct LayerPicture {
    /// The source picture as its reader handed it (see `SourcePicture`); the geometry takes it where it goes.
    var frame: Frame
    /// Where and how it is drawn.
    var geometry: LayerGeometry
    /// Its opacity, 0...1.
    var opacity: Double
    /// During a wipe: where the whole picture lands, which the layer's crop is cut out of.
    var wipe: LayerPlacement?
}

/// How a layer's picture reaches the canvas.
enum LayerGeometry {
    /// Cropped and scaled by swscale, turned by quarter turns, placed at even pixels: exact and fast.
    case aligned(LayerPlacement)
    /// Resampled through a general affine transform, placed to the subpixel.
    case warped(WarpPlacement)
}
