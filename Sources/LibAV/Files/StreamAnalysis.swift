internal import CFFmpeg
import MediaCore
import Synchronization

/// What `avformat_find_stream_info` learned about one version of one file (each stream's codec parameters, times and
/// frame rates, and the streams libav then ranks best), kept for the process so that opening the same file again
/// skips the analysis. For H.264 the analysis decodes the first pictures on one thread: 80 ms for a 15 Mbit/s 720p
/// clip, about a second for a noisy 50 Mbit/s 4K one; and a render opens each source for its pictures and again for
/// its sound after the plan has probed it.
///
/// Only files of the MP4 and QuickTime family whose header indexes every stream's samples are analysed once: that
/// demuxer takes every packet's times from the index, so a file reopened with the kept parameters reads the same
/// packets and decodes the same frames as one analysed again. MPEG-TS and Matroska derive some timestamps from the
/// analysis's decoder state, and an MP4 fragmented after an empty index from its first fragments: those formats
/// are analysed on every open.
final class StreamAnalysis: @unchecked Sendable {
    /// What the analysis left on one stream.
    private struct StreamState {
        let parameters: UnsafeMutablePointer<AVCodecParameters>
        let startTime: Int64
        let duration: Int64
        let frameCount: Int64
        let realFrameRate: AVRational
        let averageFrameRate: AVRational
        let aspectRatio: AVRational
    }

    /// The streams' states, each owning its parameters (freed in `deinit`).
    private var streams: [StreamState] = []
    private let duration: Int64
    private let startTime: Int64
    private let bitRate: Int64
    /// `av_find_best_stream`'s answer per media type after the analysis, which ranks streams by what it decoded.
    private var best: [Int32] = []
    private static let rankedTypes = [AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO, AVMEDIA_TYPE_SUBTITLE, AVMEDIA_TYPE_DATA]

    /// Copies what the analysis of `context` left; nil when a copy cannot be allocated.
    private init?(analysed context: UnsafeMutablePointer<AVFormatContext>) {
        duration = context.pointee.duration
        startTime = context.pointee.start_time
        bitRate = context.pointee.bit_rate
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = avcodec_parameters_alloc() else { return nil }
            let state = StreamState(parameters: parameters, startTime: stream.pointee.start_time,
                                    duration: stream.pointee.duration, frameCount: stream.pointee.nb_frames,
                                    realFrameRate: stream.pointee.r_frame_rate,
                                    averageFrameRate: stream.pointee.avg_frame_rate,
                                    aspectRatio: stream.pointee.sample_aspect_ratio)
            streams.append(state)
            guard avcodec_parameters_copy(parameters, stream.pointee.codecpar) >= 0 else { return nil }
        }
        best = Self.rankedTypes.map { av_find_best_stream(context, $0, -1, -1, nil, 0) }
    }

    deinit {
        for state in streams {
            var owned: UnsafeMutablePointer<AVCodecParameters>? = state.parameters
            avcodec_parameters_free(&owned)
        }
    }

    /// The stream `av_find_best_stream` picked for `type` after the analysis (negative when none).
    func bestStream(_ type: AVMediaType) -> Int32 {
        Self.rankedTypes.firstIndex(of: type).map { best[$0] } ?? -1
    }

    /// Puts the kept analysis on `context`, a fresh open of the same file; false when its streams differ (then
    /// `context` must be analysed).
    private func apply(to context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard Int(context.pointee.nb_streams) == streams.count else { return false }
        for (index, state) in streams.enumerated() {
            guard let stream = context.pointee.streams[index],
                  stream.pointee.codecpar.pointee.codec_type == state.parameters.pointee.codec_type,
                  stream.pointee.codecpar.pointee.codec_id == state.parameters.pointee.codec_id,
                  avcodec_parameters_copy(stream.pointee.codecpar, state.parameters) >= 0 else { return false }
            stream.pointee.start_time = state.startTime
            stream.pointee.duration = state.duration
            stream.pointee.nb_frames = state.frameCount
            stream.pointee.r_frame_rate = state.realFrameRate
            stream.pointee.avg_frame_rate = state.averageFrameRate
            stream.pointee.sample_aspect_ratio = state.aspectRatio
        }
        context.pointee.duration = duration
        context.pointee.start_time = startTime
        context.pointee.bit_rate = bitRate
        return true
    }

    // MARK: The process's kept analyses

    /// Analyses kept by file version, the oldest dropped first beyond `limit`.
    private struct Kept {
        var analyses: [FileFacts: StreamAnalysis] = [:]
        var order: [FileFacts] = []
    }
    private static let kept = Mutex(Kept())
    /// How many files' analyses the process keeps (each is a few hundred bytes of codec parameters).
    static let limit = 256

    /// Whether the demuxer of `context` (opened, not analysed) reads every packet's times from an index covering
    /// every stream, so that a kept analysis reads like a fresh one.
    static func isReusable(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        String(cString: context.pointee.iformat.pointee.name) == "mov,mp4,m4a,3gp,3g2,mj2"
            && (0..<Int(context.pointee.nb_streams)).allSatisfy { (context.pointee.streams[$0]?.pointee.nb_frames ?? 0) > 0 }
    }

    /// Puts the analysis kept for `identity` on `context` and returns it; nil when none is kept or it does not fit.
    static func reuse(for identity: FileFacts, on context: UnsafeMutablePointer<AVFormatContext>) -> StreamAnalysis? {
        guard let analysis = kept.withLock({ $0.analyses[identity] }), analysis.apply(to: context) else { return nil }
        return analysis
    }

    /// Keeps what the analysis of `context` learned for later opens of `identity` and returns it.
    static func keep(_ context: UnsafeMutablePointer<AVFormatContext>, for identity: FileFacts) -> StreamAnalysis? {
        guard let analysis = StreamAnalysis(analysed: context) else { return nil }
        kept.withLock { kept in
            if kept.analyses.updateValue(analysis, forKey: identity) == nil { kept.order.append(identity) }
            if kept.order.count > limit { kept.analyses[kept.order.removeFirst()] = nil }
        }
        return analysis
    }
}
