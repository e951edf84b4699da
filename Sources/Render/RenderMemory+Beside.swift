public import Composition

extension RenderMemory {
    /// Bytes per output pixel an x264 render started beside others holds less than alone (see
    /// `ExportSession.sharesCores`: one frame rendered ahead instead of three, no early decoding of later sources,
    /// x264's lookahead on the thread that feeds it). Measured on a 3 x 8 s job of 720p clips with two crossfades
    /// and a bed: a 1280x720 and a 720x1280 output (x264 veryfast, two frame threads) peaked at 137 and 140 MB alone
    /// and at 256 MB together (peaks less the idle process), about 11.4 bytes per pixel less each; the fit stays
    /// below that, so the estimate stays above the peak.
    static let besideSavingPerPixel = 10.0
    /// The same for other encoders, and for x264 on sliced threads (whose lookahead always runs on the thread that
    /// feeds it): the two pictures the pipeline holds less.
    static let besideSavingPerPixelOtherCodecs = 2 * 1.5

    /// `estimate`, of a render with `settings` alone, for the render started beside others.
    public static func besideOthers(_ estimate: Int, settings: ExportSettings) -> Int {
        guard let video = settings.video else { return estimate }
        let perPixel = video.codec == .h264 && !video.slicesPictures ? besideSavingPerPixel
            : besideSavingPerPixelOtherCodecs
        let saving = Int(perPixel * sampleBytes(ofFormat: video.pixelFormat) * Double(video.width * video.height))
        return max(estimate / 2, estimate - saving)
    }
}
