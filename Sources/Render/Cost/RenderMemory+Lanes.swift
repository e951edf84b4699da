public import Composition

extension RenderMemory {
    /// How many encoder lanes a render of `composition` with `settings` runs when it has the cores to itself (1: one
    /// session at a time).
    public static func lanes(settings: ExportSettings, composition: MutableComposition) -> Int {
        settings.video?.lanes(rendering: composition) ?? 1
    }

    /// `estimate`, of a render of `composition` with `settings` in one encoder lane, for the render running every
    /// lane it may at once (`ExportSettings.Video.lanes(rendering:)`): each lane beyond the first holds an encoder
    /// session, a renderer and decoders of its own, so it counts as the estimate less its fixed part (the sound, the
    /// muxer and the threads' stacks are the first lane's alone). `RenderMemoryTests` holds the measured peaks it is
    /// checked against.
    public static func inLanes(_ estimate: Int, settings: ExportSettings, composition: MutableComposition) -> Int {
        guard let lanes = settings.video?.lanes(rendering: composition), lanes > 1 else { return estimate }
        return estimate + (lanes - 1) * max(0, estimate - fixedBytes)
    }
}
