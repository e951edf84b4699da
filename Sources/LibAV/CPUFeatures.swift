internal import CFFmpeg
import Foundation

/// The SIMD features libav's code is set up with, chosen so that an output has the same bytes on every machine.
///
/// libav picks each codec's and converter's routines by the machine's features when it is set up. Pictures come out
/// the same whichever it picks (video decoders are exact by their standards, swscale with accurate rounding, and
/// x264 detects its own features and is exact on all of them), but float audio does not: the AAC decoder's
/// transforms and swresample's filters add in a different order with SSE, AVX or FMA, so the same sound mixed and
/// encoded on two machines differed in its last bits. Audio decoders, encoders and resamplers are therefore set up
/// with the features every machine of the architecture has (`mb_baseline_cpu_flags`: SSE2 on x86-64), and
/// everything else with the machine's own. Sound is a small part of a render's work, so the cost is small.
///
/// `MEDIABATCH_CPU_FEATURES`, in ffmpeg's `-cpuflags` syntax (`sse2`, `sse4.2+avx`, `0` for none), limits libav to
/// those features for the whole process, as on a machine that has only them, to check that outputs do not depend
/// on the machine.
enum CPUFeatures {
    /// The environment variable that limits libav's features (see the type's documentation).
    static let environmentVariable = "MEDIABATCH_CPU_FEATURES"

    /// Serialises set-ups, so that no other one sees the baseline features while audio is set up.
    private static let setUpLock = NSLock()

    /// Applies the limit from `environmentVariable` to libav, once, on first use; a value libav cannot parse fails
    /// every set-up.
    static let limit: Result<Void, LibAVError> = {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable] else { return .success(()) }
        var flags: UInt32 = 0
        guard av_parse_cpu_caps(&flags, text) >= 0 else {
            return .failure(.invalidArgument(
                "\(environmentVariable)='\(text)' is not a list of CPU features (ffmpeg's -cpuflags syntax: sse2+avx, 0)"))
        }
        av_force_cpu_flags(Int32(bitPattern: flags))
        return .success(())
    }()

    /// Runs `body`, which sets up something that picks its routines by libav's features (a video decoder, an encoder,
    /// a scaler, a filter graph), with the machine's features.
    @discardableResult
    static func settingUp<T>(_ body: () throws(LibAVError) -> T) throws(LibAVError) -> T {
        try limit.get()
        setUpLock.lock()
        defer { setUpLock.unlock() }
        return try body()
    }

    /// Runs `body`, which sets up float audio code (an audio decoder or encoder, a resampler), with the features
    /// every machine of the architecture has.
    @discardableResult
    static func settingUpAudio<T>(_ body: () throws(LibAVError) -> T) throws(LibAVError) -> T {
        try limit.get()
        let baseline = mb_baseline_cpu_flags()
        guard baseline != -1 else { return try body() }
        setUpLock.lock()
        defer { setUpLock.unlock() }
        let own = av_get_cpu_flags()
        av_force_cpu_flags(baseline)
        defer { av_force_cpu_flags(own) }
        return try body()
    }
}
