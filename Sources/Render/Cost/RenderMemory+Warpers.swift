public import Composition

extension RenderMemory {
    /// Samples per canvas pixel of a warped layer's buffer: 4:2:0 with an alpha plane.
    static let warpedLayerSamples = 2.5

    /// The canvas-size buffers a render of `videoComposition` with `settings` keeps for layers drawn through a
    /// general transform (`AffineWarper`): one per track turned off the quarter turns, moving, rounded or bordered,
    /// for as long as the track draws; counted for the instruction with the most of them.
    public static func warpedLayerBytes(_ videoComposition: VideoComposition?, settings: ExportSettings) -> Int {
        guard let videoComposition, let video = settings.video else { return 0 }
        let most = videoComposition.instructions.map { $0.layerInstructions.filter(isWarped).count }.max() ?? 0
        let canvas = max(0, videoComposition.renderSize.width) * max(0, videoComposition.renderSize.height)
        return Int(Double(most) * canvas * warpedLayerSamples * sampleBytes(ofFormat: video.pixelFormat))
    }

    /// Whether `layer` is drawn by the warper at some time: rounded, bordered, moving, or at rest off the quarter
    /// turns (as `CanvasLayout` decides frame by frame).
    static func isWarped(_ layer: LayerInstruction) -> Bool {
        layer.cornerRadius != nil || layer.border != nil
            || layer.transformRamps.contains { ramp in
                ramp.startValue != ramp.endValue || PictureOrientation(ramp.startValue) == nil
            }
    }
}
