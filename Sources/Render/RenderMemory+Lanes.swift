public import Composition

extension RenderMemory {
    /// `estimate`, of a render with `settings` in one encoder lane, for the render running every lane its preset
    /// has at once (`ExportSettings.Video.encoderLanes`): each lane beyond the first holds an encoder session, a
    /// renderer and decoders of its own, so it counts as the estimate less its fixed part. Measured (x264 veryfast,
    /// peaks less the idle process): 1080x1080 from 720p sources, one lane about 155 MB, two 275 MB; 1280x1280, 185
    /// and 320 MB.
    public static func inLanes(_ estimate: Int, settings: ExportSettings) -> Int {
        guard let video = settings.video, video.encoderLanes > 1 else { return estimate }
        return estimate + (video.encoderLanes - 1) * max(0, estimate - fixedBytes)
    }
}
