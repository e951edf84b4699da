import Composition
import LibAV
import MediaCore

/// What a picture renderer of either depth draws from and into: the composition and its sources, how its layers
/// land on the canvas, and the size and pixel format of the pictures it hands the encoder.
struct RenderStage {
    let composition: MutableComposition
    let sources: SourcePool
    /// The canvas and how layers land on it.
    var layout: CanvasLayout
    let outputWidth: Int
    let outputHeight: Int
    let outputFormat: LibAV.PixelFormat
    /// The layers' colour controls, applied to their pictures.
    private let looks = LayerLooks()

    /// The stage of a renderer of `width` x `height` `pixelFormat` pictures of `composition`.
    init(composition: MutableComposition, videoComposition: VideoComposition?, width: Int, height: Int,
         pixelFormat: LibAV.PixelFormat, sources: SourcePool) throws(ExportError) {
        self.composition = composition
        self.sources = sources
        outputWidth = width
        outputHeight = height
        outputFormat = pixelFormat
        layout = try CanvasLayout(composition: composition, videoComposition: videoComposition, outputWidth: width,
                                  outputHeight: height)
    }

    /// Lets go of the decoders no longer needed at `time` and starts those needed soon.
    func prepare(for time: MediaTime) {
        sources.releaseVideo(before: time)
        sources.warmUp(before: time)
        looks.endPicture()
    }

    /// The picture `layer` shows at `time` (changed by its colour controls) and where, its opacity times
    /// `opacityFactor`; nil when it shows nothing.
    func picture(of layer: LayerInstruction, at time: MediaTime,
                 opacityFactor: Double) throws(ExportError) -> LayerPicture? {
        guard var picture = try layout.picture(of: layer, at: time, in: composition, sources: sources,
                                               opacityFactor: opacityFactor) else { return nil }
        if let controls = layer.colorControls {
            do {
                picture.frame = try looks.apply(controls, to: picture.frame, trackID: layer.trackID)
            } catch {
                throw ExportError.decode(path: nil, reason: "colour controls of track \(layer.trackID): \(error)")
            }
        }
        return picture
    }
}
