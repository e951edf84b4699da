internal import CFFmpeg
import Foundation

/// The SIMD features libav's code is set up with, chosen so that an output has the same bytes on every machine.
///
/// libav picks each codec's and converter's routines by the machine's features when it is set up. Pictures come out
/// the same whichever it picks (video decoders are exact by their standards, swscale with accurate rounding), but
/// float audio does not: the AAC decoder's transforms and swresample's filters add in a different order with SSE,
/// AVX or FMA, so the same sound mixed and encoded on two machines differed in its last bits. Audio decoders,
/// encoders and resamplers are therefore set up with the features every machine of the architecture has
/// (`mb_baseline_cpu_flags`: SSE2 on x86-64), and everything else with the machine's own. Sound is a small part of a
/// render's work, so the cost is small.
///
/// `MEDIABATCH_CPU_FEATURES`, in ffmpeg's `-cpuflags` syntax (`sse2`, `sse4.2+avx`, `0` for none), limits libav to
/// those features for the whole process, as on a machine that has only them, and libx264 and libx265 too (they detect
/// the processor themselves and write other bytes on other levels: x264 without SSSE3, x265 on each level), so that
/// machines of different levels can render the same bytes.
enum CPUFeatures {
    /// The environment variable that limits the features of libav, libx264 and libx265 (see the type's documentation).
    static let environmentVariable = "MEDIABATCH_CPU_FEATURES"

    /// Serialises set-ups, so that no other one sees the baseline features while audio is set up.
    private static let setUpLock = NSLock()

    /// Applies the limit from `environmentVariable` to libav, once, on first use, and keeps the features it allows (nil
    /// without a limit); a value libav cannot parse fails every set-up.
    static let limit: Result<UInt32?, LibAVError> = {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable] else { return .success(nil) }
        var flags: UInt32 = 0
        guard av_parse_cpu_caps(&flags, text) >= 0 else {
            return .failure(.invalidArgument(
                "\(environmentVariable)='\(text)' is not a list of CPU features (ffmpeg's -cpuflags syntax: sse2+avx, 0)"))
        }
        av_force_cpu_flags(Int32(bitPattern: flags))
        return .success(flags)
    }()

    /// libx264's and libx265's names of the x86 features libav's flags stand for, in their `asm` parameter's syntax.
    private static let encoderFeatureNames: [(flag: Int32, name: String)] = [
        (AV_CPU_FLAG_MMXEXT, "MMX2"), (AV_CPU_FLAG_SSE, "SSE"), (AV_CPU_FLAG_SSE2, "SSE2"), (AV_CPU_FLAG_SSE3, "SSE3"),
        (AV_CPU_FLAG_SSSE3, "SSSE3"), (AV_CPU_FLAG_SSE4, "SSE4.1"), (AV_CPU_FLAG_SSE42, "SSE4.2"),
        (AV_CPU_FLAG_AVX, "AVX"), (AV_CPU_FLAG_XOP, "XOP"), (AV_CPU_FLAG_FMA4, "FMA4"), (AV_CPU_FLAG_FMA3, "FMA3"),
        (AV_CPU_FLAG_AVX2, "AVX2"), (AV_CPU_FLAG_AVX512, "AVX512"),
    ]

    /// `options` for encoder `codec` with libx264 or libx265 held to the features `environmentVariable` allows (their
    /// `asm` parameter, after the preset's own parameters), and libx264 never given AVX-512 (see `x264Features`);
    /// unchanged for other encoders, for libx265 without a limit and off x86-64, where the features are named otherwise.
    static func limitingOwnDetection(of codec: String, options: [String: String]) -> [String: String] {
        guard mb_baseline_cpu_flags() != -1,
              let key = ["libx264": "x264-params", "libx265": "x265-params"][codec] else { return options }
        let flags: Int32
        switch (limit, codec) {
        case (.success(let limited?), "libx265"): flags = Int32(bitPattern: limited)
        case (.success(let limited), "libx264"): flags = x264Features(limited.map { Int32(bitPattern: $0) })
        default: return options
        }
        let names = encoderFeatureNames.filter { flags & $0.flag != 0 }.map(\.name)
        let pinned = "asm=" + (names.isEmpty ? "0" : names.joined(separator: ","))
        var options = options
        options[key] = options[key].map { $0.isEmpty ? pinned : $0 + ":" + pinned } ?? pinned
        return options
    }

    /// The features libx264 is given: the limit's, or the machine's as libav sees them, without AVX-512. x264's
    /// AVX-512 macroblock-tree propagation (`mbtree_propagate_list_internal_avx512`, which unlike its C and AVX2 forms
    /// has no tail loop) handles each lowres row in groups of 8 macroblocks, so on a frame whose width in macroblocks
    /// is not a multiple of 8 it also propagates up to 7 costs past the row's end, which it reads from memory x264
    /// never wrote (for a B-frame, `macroblock_tree_propagate` zeroes only one row of its propagate costs). Those costs
    /// reach the reference frames' quantisers, so the bytes depended on what the process had freed before. Without
    /// AVX-512, x264 takes the AVX2 routines, which stop at the row's end.
    private static func x264Features(_ limited: Int32?) -> Int32 {
        let own = limited ?? {
            // Read under the lock: an audio set-up forces the baseline features while it holds it.
            setUpLock.lock()
            defer { setUpLock.unlock() }
            return av_get_cpu_flags()
        }()
        return own & ~AV_CPU_FLAG_AVX512 & ~AV_CPU_FLAG_AVX512ICL
    }

    /// Runs `body`, which sets up something that picks its routines by libav's features (a video decoder, an encoder,
    /// a scaler, a filter graph), with the machine's features.
    @discardableResult
    static func settingUp<T>(_ body: () throws(LibAVError) -> T) throws(LibAVError) -> T {
        _ = try limit.get()
        setUpLock.lock()
        defer { setUpLock.unlock() }
        return try body()
    }

    /// Runs `body`, which sets up float audio code (an audio decoder or encoder, a resampler), with the features
    /// every machine of the architecture has.
    @discardableResult
    static func settingUpAudio<T>(_ body: () throws(LibAVError) -> T) throws(LibAVError) -> T {
        _ = try limit.get()
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
