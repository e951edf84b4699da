import MediaCore

/// The frame-thread count of a video source's decoder: the session's `decoderThreads`, raised for pictures of 4K
/// and larger, which would otherwise starve the encoder (more again for HEVC, AV1 and VP9, which cost several times
/// H.264's work per pixel to decode), and to two for the source of the first picture when it is cut far from its
/// keyframe and the session has one thread: the pictures before the cut are decoded while the encoder has nothing to
/// do yet. Frame threads overlap the decoding of successive pictures, so a decoder with more threads than cores still
/// keeps a core busy while the render thread waits. Decoded pictures are the same whatever the count (libavcodec's
/// decoders are bit-exact across threads): this changes speed and memory only.
enum DecoderThreads {
    /// The smallest picture counted as 4K: three quarters of UHD's pixels (DCI 4K and cropped UHD included).
    static let largePixels = 3840 * 2160 * 3 / 4
    /// Decoders whose work per pixel is several times H.264's.
    static let heavyCodecs: Set<String> = ["hevc", "av1", "vp9"]
    /// Threads for a 4K picture of a heavy codec, and of any other codec.
    static let heavyLarge = 4, large = 3

    /// A first cut further than this after its keyframe decodes on two threads even when the session asks for one.
    static let longPreRoll = MediaTime(value: 2, timescale: 1)

    /// The thread count for `stream` when the session asks for `base` (0, libav's choice, is kept) and the first
    /// picture asked for is `preRoll` after the keyframe decoding starts from.
    static func count(base: Int, stream: ProbedStream, preRoll: MediaTime = .zero) -> Int {
        guard base > 0, !stream.isStillImage else { return base }
        if stream.width * stream.height >= largePixels {
            return max(base, heavyCodecs.contains(stream.codecName) ? heavyLarge : large)
        }
        return preRoll > longPreRoll ? max(base, 2) : base
    }
}
