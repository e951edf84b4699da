public import Composition

extension RenderMemory {
    /// The source-size pictures a render of `videoComposition` (over `composition`'s tracks) with `settings` keeps for
    /// layers with colour controls (`LayerLooks`): one 4:2:0 picture at the track's natural size for each, for as
    /// long as the track draws; counted for the instruction with the most.
    public static func lookedLayerBytes(_ videoComposition: VideoComposition?, composition: MutableComposition,
                                        settings: ExportSettings) -> Int {
        guard let videoComposition, let video = settings.video else { return 0 }
        let depth = sampleBytes(ofFormat: video.pixelFormat)
        let most = videoComposition.instructions.map { instruction in
            instruction.layerInstructions.filter { $0.colorControls != nil }.map { layer in
                let size = composition.track(withID: layer.trackID)?.naturalSize
                return max(0, size?.width ?? 0) * max(0, size?.height ?? 0) * 1.5 * depth
            }.reduce(0, +)
        }.max() ?? 0
        return Int(most)
    }
}
