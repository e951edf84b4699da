public import Composition

extension RenderMemory {
    /// Bytes per output pixel a render started beside others holds less than alone (see `ExportSession.sharesCores`:
    /// one frame rendered ahead instead of three): the two pictures the pipeline holds less. Nothing that changes
    /// the encoder's settings is saved, since that would change the bytes.
    static let besideSavingPerPixel = 2 * 1.5

    /// `estimate`, of a render with `settings` alone, for the render started beside others.
    public static func besideOthers(_ estimate: Int, settings: ExportSettings) -> Int {
        guard let video = settings.video else { return estimate }
        let pixels = Double(video.width * video.height)
        let saving = Int(besideSavingPerPixel * sampleBytes(ofFormat: video.pixelFormat) * pixels)
        return max(estimate / 2, estimate - saving)
    }
}
