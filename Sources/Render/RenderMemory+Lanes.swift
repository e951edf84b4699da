public import Composition

extension RenderMemory {
    /// `estimate`, of a render of `composition` with `settings` in one encoder lane, for the render running every
    /// lane it may at once (`ExportSettings.Video.lanes(rendering:)`): each lane beyond the first holds an encoder
    /// session, a renderer and decoders of its own, so it counts as the estimate less half its fixed part (the
    /// sound and the muxer are the first lane's alone). Measured (x264 veryfast on sliced threads, peaks less the idle
    /// process): 1080x1080 from 720p sources, one lane about 153 MB, two 271-288 MB; 1280x1280, 190 and 337 MB.
    public static func inLanes(_ estimate: Int, settings: ExportSettings, composition: MutableComposition) -> Int {
        guard let lanes = settings.video?.lanes(rendering: composition), lanes > 1 else { return estimate }
        return estimate + (lanes - 1) * max(0, estimate - fixedBytes / 2)
    }
}
