public import Composition
public import MediaCore
import LibAV

/// How much memory a render holds at its peak, estimated from what it encodes and decodes, for a scheduler that
/// keeps several renders under a memory budget. The model is fitted to peaks measured on this project's benchmark
/// jobs (x264 veryfast to medium, 1280x720 to 1280x1280 outputs, 720p and 4K sources), rather above than below
/// (the fit and its history: docs/performance.md; the measured peaks: `RenderMemoryTests`):
///
/// - the encoder's frames: each output pixel costs `encoderBytesPerPixel` (plus `frameThreadBytesPerPixel` on x264
///   frame threads) plus `lookaheadBytesPerPixel` per frame of rate-control lookahead (x264 keeps the lookahead's
///   frames and its reference frames with half-pel planes);
/// - the decoders: `decodedFrames` pictures of the largest source (its reference and reordered frames), the other
///   sources' decoders that overlap it being part of the fixed part;
/// - the renderer's own frames (layers, canvas, pipeline queue): `pipelineFrames` output pictures;
/// - a fixed part (audio, codec contexts, threads' stacks).
///
/// Output deeper than 8 bits doubles the picture terms. The process itself (libraries, runtime) is `processBytes`.
///
/// When the sources' probed streams are known (`estimate(settings:composition:sources:decoderThreads:)`), the
/// decoders are counted from the sources' real pictures instead: their bit depth and chroma, the frames each extra
/// decoder thread holds (a 4K source decodes on several, see `DecoderThreads`), and every decoder open at the worst
/// moment (a crossfade between two 4K clips holds both; see `decoderBytes(of:sources:threads:)`); and a source an SDR
/// output tone-maps or converts from a wide gamut (HDR, BT.2020, P3: `ColorDescription.needsLightConversion`) adds
/// its float RGB pictures at the size it is drawn (about the output's). Layers drawn through a general transform
/// (turned, moving, rounded or bordered) add a canvas-size buffer each (`warpedLayerBytes(_:settings:)`), and layers
/// with colour controls a picture of their source's size each (`lookedLayerBytes(_:composition:settings:)`).
public enum RenderMemory {
    /// What the process holds besides its renders (shared libraries, Swift runtime, manifests).
    public static let processBytes = 58 << 20

    static let fixedBytes = 36 << 20
    /// An audio-only render: codec contexts and a few seconds of samples.
    static let audioOnlyBytes = 8 << 20
    static let encoderBytesPerPixel = 35.0
    /// What x264's frame threads add per output pixel (the frames a second frame thread has in flight); one-thread
    /// sessions, which capped videos use, hold none.
    static let frameThreadBytesPerPixel = 24.0
    static let lookaheadBytesPerPixel = 3.4
    /// The cost per pixel the other encoders' estimates were fitted on (x264's per-pixel and frame-thread costs
    /// when they were, before x264's frames left transparent huge pages); they scale it.
    static let otherEncodersBaseBytesPerPixel = 74.0
    static let decodedFrames = 6.0
    static let pipelineFrames = 10.0
    /// Pictures each decoder thread beyond the first holds (4 threads on a 4K HEVC source hold 10).
    static let framesPerExtraThread = 4.0 / 3
    /// Float RGB pictures a light conversion holds at once (zscale's and their buffers; the tone map works in place).
    static let lightPictures = 5.0

    /// The estimated peak of one render with `settings` whose largest video source is `sourcePixels` pixels.
    public static func estimate(settings: ExportSettings, sourcePixels: Int) -> Int {
        guard let video = settings.video else { return audioOnlyBytes }
        let depth = sampleBytes(ofFormat: video.pixelFormat)
        let pixels = Double(video.width * video.height)
        let encoder = encoderBytes(video)
        let decoders = decodedFrames * Double(sourcePixels) * 1.5 * depth
        let pipeline = pipelineFrames * pixels * 1.5 * depth
        return fixedBytes + Int(encoder + decoders + pipeline)
    }

    /// The estimated peak of a render of `composition` with `settings` (its largest video track sizes the decoders).
    public static func estimate(settings: ExportSettings, composition: MutableComposition) -> Int {
        let largest = composition.tracks(withMediaType: .video)
            .map { Int(max(0, $0.naturalSize.width) * max(0, $0.naturalSize.height)) }.max() ?? 0
        return estimate(settings: settings, sourcePixels: largest)
    }

    /// The estimated peak of a render of `composition` (laid out by `videoComposition`) with `settings` whose
    /// sources' video streams are in `sources` by path, decoding on `decoderThreads` per source; the size-only
    /// estimate when none of them is known. Warped layers' buffers and looked layers' pictures count in both
    /// (`warpedLayerBytes`, `lookedLayerBytes`).
    public static func estimate(settings: ExportSettings, composition: MutableComposition,
                                videoComposition: VideoComposition? = nil, sources: [String: ProbedStream],
                                decoderThreads: Int) -> Int {
        let streams = composition.tracks(withMediaType: .video).flatMap(\.segments)
            .compactMap { $0.sourceURL.flatMap { sources[SourcePool.path(of: $0)] } }
        let warped = warpedLayerBytes(videoComposition, settings: settings)
            + lookedLayerBytes(videoComposition, composition: composition, settings: settings)
        guard let video = settings.video, !streams.isEmpty else {
            return estimate(settings: settings, composition: composition) + warped
        }
        // Never below nothing: a render of one small source holds less than the fitted jobs' other decoders.
        let decoders = max(0, decoderBytes(of: composition, sources: sources, threads: decoderThreads)
            - fittedOtherDecoders)
        let outputPixels = Double(video.width * video.height)
        let light = video.isHDR ? 0 : streams.filter { ColorDescription(probed: $0).needsLightConversion }
            .map { lightPictures * 12 * min(Double($0.width * $0.height), outputPixels) }.max() ?? 0
        return estimate(settings: settings, sourcePixels: 0) + Int(decoders + light) + warped
    }

    /// What a render holds in its tail (`ExportSession.onTail`: the encoder draining, the sound ending, the file
    /// written and checked): the encoder's frames and the sound's buffers; its sources and pictures are released.
    public static func tail(settings: ExportSettings) -> Int {
        guard let video = settings.video else { return audioOnlyBytes }
        return audioOnlyBytes + Int(encoderBytes(video))
    }

    /// The bytes the encoder of `video` holds: its cost per output pixel, doubled for samples deeper than 8 bits.
    static func encoderBytes(_ video: ExportSettings.Video) -> Double {
        Double(video.width * video.height) * sampleBytes(ofFormat: video.pixelFormat) * encoderCost(video)
    }

    /// Bytes per sample of pixel format `name` (libav's): 2 for formats deeper than 8 bits.
    static func sampleBytes(ofFormat name: String) -> Double {
        ["10", "12", "16"].contains { name.contains($0) } ? 2.0 : 1.0
    }

    /// The bytes of one decoded picture of `stream`: its chroma layout and sample size.
    static func pictureBytes(_ stream: ProbedStream) -> Int {
        let format = stream.pixelFormat ?? "yuv420p"
        let samples = format.contains("444") || format.hasPrefix("gbr") ? 3.0 : format.contains("422") ? 2.0 : 1.5
        return Int(Double(stream.width * stream.height) * samples * sampleBytes(ofFormat: format))
    }

    /// The pictures a decoder of `stream` holds with a session's `threads` (see `DecoderThreads`).
    static func decodedPictures(_ stream: ProbedStream, threads: Int) -> Double {
        decodedFrames + framesPerExtraThread * Double(max(0, DecoderThreads.count(base: threads, stream: stream) - 1))
    }

    /// Bytes per output pixel the encoder holds.
    private static func encoderCost(_ video: ExportSettings.Video) -> Double {
        switch video.codec {
        case .h264:
            let frameThreads = video.sessionThreads > 1 ? frameThreadBytesPerPixel : 0
            let lookahead = Double(x264Lookahead[video.speed] ?? 40)
            return encoderBytesPerPixel + frameThreads + lookaheadBytesPerPixel * lookahead
        case .hevc:
            // x265 keeps more per frame (CTU analysis, SAO buffers) over a shorter lookahead.
            return 1.5 * (otherEncodersBaseBytesPerPixel + lookaheadBytesPerPixel * Double(x265Lookahead[video.speed] ?? 20))
        case .vp9:
            // libvpx holds up to 25 frames ahead for its alternate reference frames.
            return otherEncodersBaseBytesPerPixel + lookaheadBytesPerPixel * 25
        case .av1:
            // SVT-AV1 keeps a deep picture-analysis pipeline: several times x264's medium.
            return 4 * (otherEncodersBaseBytesPerPixel + lookaheadBytesPerPixel * 40)
        default:
            // Intra-only and picture encoders hold a frame or two.
            return 4 * 1.5
        }
    }

    /// x264's rate-control lookahead (frames) per speed preset.
    private static let x264Lookahead: [String: Int] = [
        "ultrafast": 0, "superfast": 0, "veryfast": 10, "faster": 20, "fast": 30, "medium": 40, "slow": 50,
        "slower": 60, "veryslow": 60, "placebo": 60,
    ]
    /// x265's rate-control lookahead (frames) per speed preset.
    private static let x265Lookahead: [String: Int] = [
        "ultrafast": 5, "superfast": 10, "veryfast": 15, "faster": 15, "fast": 15, "medium": 20, "slow": 25,
        "slower": 40, "veryslow": 40, "placebo": 60,
    ]
}
