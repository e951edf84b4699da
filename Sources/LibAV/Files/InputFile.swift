internal import CFFmpeg
import Foundation
import MediaCore

/// A demuxer over one local media file (an `AVFormatContext` it owns, reading through a `SourceIO` it keeps):
/// streams, seeking and packet reading.
///
/// Only regular files are opened (named pipes and devices only when allowed), checked without blocking, so a FIFO
/// with no writer cannot stall a batch, and read through the descriptor that was checked. The container is decided
/// from the file's first bytes, playlist or list containers (HLS, DASH, concat, IMF) are refused before their
/// demuxer runs, and anything the demuxer opens besides goes through the `file` protocol only, so a manifest can
/// never make mediabatch fetch a URL or follow a list of other files.
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class InputFile: @unchecked Sendable {
    /// The path as the caller gave it, used in every error message.
    public let path: String
    /// The owned demuxer, closed with `avformat_close_input`.
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The bytes the demuxer reads; released after `context` is closed.
    private let io: SourceIO
    /// The analysis of the streams when the process keeps it for this file version (see `StreamAnalysis`).
    private var analysis: StreamAnalysis?
    /// Whether the streams' analysis came from an earlier open of the same file version instead of being run again.
    private(set) var reusedAnalysis = false
    /// The read guard: where the last packet left the byte stream, and how many packets in a row left it there.
    private var lastReadPosition: Int64 = -1
    private var readsWithoutProgress = 0
    /// Packets in a row a demuxer may return without consuming a byte before the read counts as stuck: far more
    /// than any demuxer splits one buffered block into, and still a fraction of a second of reading.
    public static let maxReadsWithoutProgress = 100_000

    /// Opens `path` and reads enough of it to know its streams; errors name the file. `allowsDevices` also lets
    /// named pipes and character or block devices be read (a pipe then blocks until its writer sends data).
    public init(path: String, allowsDevices: Bool = false) throws(LibAVError) {
        LibAVLog.install()
        self.path = path
        try Self.refuseRemote(path)
        io = try SourceIO(path: path, allowsDevices: allowsDevices)
        let format = try io.format()
        var opened = avformat_alloc_context()
        _ = try checkAllocation(opened, "avformat_alloc_context", .open(path: path))
        opened?.pointee.pb = io.context
        let options = OptionsDictionary(["protocol_whitelist": "file"])
        // On failure avformat_open_input frees the context (not the caller's I/O context) and sets it to nil.
        try options.withPointer { (dictionary) throws(LibAVError) in
            _ = try check(avformat_open_input(&opened, "file:" + path, format, dictionary), "avformat_open_input",
                          .open(path: path))
        }
        context = try checkAllocation(opened, "avformat_open_input", .open(path: path))
        // From here on a throw runs deinit, which closes the input.
        try analyseStreams()
    }

    /// Learns the streams' parameters, from the analysis kept for this file version when there is one (an earlier
    /// open in this process), else with `avformat_find_stream_info`, kept for the next open when the format allows.
    private func analyseStreams() throws(LibAVError) {
        let identity = StreamAnalysis.isReusable(context) ? io.identity : nil
        if let identity, let kept = StreamAnalysis.reuse(for: identity, on: context) {
            analysis = kept
            reusedAnalysis = true
            return
        }
        try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info", .findStreamInfo(path: path))
        analysis = identity.flatMap { StreamAnalysis.keep(context, for: $0) }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    /// The demuxer's short name (`mov,mp4,m4a,3gp,3g2,mj2`, `png_pipe`).
    public var formatName: String { String(cString: context.pointee.iformat.pointee.name) }

    /// The container's duration; `indefinite` when unknown.
    public var duration: MediaTime {
        let value = context.pointee.duration
        return value == mb_av_nopts_value() || value <= 0
            ? .indefinite : MediaTime(ticks: value, timeBase: mb_av_time_base_q())
    }

    /// The container's first presentation time (the earliest stream's start); zero when unknown.
    public var startTime: MediaTime {
        let value = context.pointee.start_time
        return value == mb_av_nopts_value() ? .zero : MediaTime(ticks: value, timeBase: mb_av_time_base_q())
    }

    /// The first presentation time of stream `index`; zero when unknown.
    public func startTime(ofStream index: Int) throws(LibAVError) -> MediaTime {
        let stream = try self.stream(index).pointee
        return stream.start_time == mb_av_nopts_value() ? .zero : MediaTime(ticks: stream.start_time, timeBase: stream.time_base)
    }

    /// The number of streams.
    public var streamCount: Int { Int(context.pointee.nb_streams) }

    /// The stream at `index`, or `noSuchStream`.
    func stream(_ index: Int) throws(LibAVError) -> UnsafeMutablePointer<AVStream> {
        guard index >= 0, index < streamCount, let stream = context.pointee.streams[index] else {
            throw LibAVError.noSuchStream(path: path, index: index)
        }
        return stream
    }

    /// The index of the stream libav considers best of `type` (ignoring attached cover pictures), or `noStream`.
    public func bestStream(_ type: MediaType) throws(LibAVError) -> Int {
        let mediaType: AVMediaType = switch type {
        case .video: AVMEDIA_TYPE_VIDEO
        case .audio: AVMEDIA_TYPE_AUDIO
        case .subtitle: AVMEDIA_TYPE_SUBTITLE
        case .data: AVMEDIA_TYPE_DATA
        }
        let index = analysis?.bestStream(mediaType) ?? av_find_best_stream(context, mediaType, -1, -1, nil, 0)
        guard index >= 0 else { throw LibAVError.noStream(path: path, type) }
        return Int(index)
    }

    /// The time base of a stream's timestamps, as the duration of one tick.
    public func timeBase(ofStream index: Int) throws(LibAVError) -> MediaTime {
        MediaTime(ticks: 1, timeBase: try stream(index).pointee.time_base)
    }

    /// Moves to the keyframe at or before `time` (a presentation time of `stream`); flush decoders afterwards and
    /// drop decoded frames before `time` to start exactly there.
    public func seek(to time: MediaTime, stream index: Int) throws(LibAVError) {
        let timeBase = try stream(index).pointee.time_base
        let ticks = time.isNumeric ? time.ticks(in: timeBase) : 0
        try check(av_seek_frame(context, Int32(index), ticks, AVSEEK_FLAG_BACKWARD), "av_seek_frame",
                  .seek(path: path, stream: index))
        // Reading the same bytes again after a seek is progress.
        lastReadPosition = -1
        readsWithoutProgress = 0
    }

    /// Where `seek(to:stream:)` lands for `time`, when it lands exactly on a keyframe at or before it: the file can
    /// seek (a regular file, not a pipe) and the stream's index knows such a keyframe (MP4 and MOV sample tables,
    /// Matroska cues); the time is that keyframe's index time (its decode time in MP4). Nil for formats without an
    /// index (MPEG-TS, raw streams), which seek by searching timestamps and may land past a keyframe.
    public func exactSeekTarget(for time: MediaTime, stream index: Int) -> MediaTime? {
        guard io.context.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0, time.isNumeric,
              let stream = try? stream(index),
              let entry = avformat_index_get_entry_from_timestamp(stream, time.ticks(in: stream.pointee.time_base),
                                                                  AVSEEK_FLAG_BACKWARD) else { return nil }
        return MediaTime(ticks: entry.pointee.timestamp, timeBase: stream.pointee.time_base)
    }

    /// The next packet of any stream, or nil at the end of the file.
    public func readPacket() throws(LibAVError) -> Packet? {
        let packet = try Packet()
        return try readPacket(into: packet) ? packet : nil
    }

    /// Reads the next packet into `packet` (reusing its allocation); false at the end of the file.
    public func readPacket(into packet: Packet) throws(LibAVError) -> Bool {
        packet.reset()
        switch try checkStatus(av_read_frame(context, packet.pointer), "av_read_frame", .read(path: path)) {
        case .endOfFile:
            return false
        case .again:
            // Only network demuxers answer EAGAIN, and only `file` is allowed; treat it as the end.
            return false
        case .ok:
            packet.timeBase = try stream(packet.streamIndex).pointee.time_base
            try guardProgress(stream: packet.streamIndex)
            return true
        }
    }

    /// Ends a read loop whose demuxer keeps returning packets without consuming the file (a header that makes it
    /// repeat itself): a `decode` failure of the stream after `maxReadsWithoutProgress` packets, not an endless loop.
    private func guardProgress(stream index: Int) throws(LibAVError) {
        let position = avio_tell(context.pointee.pb)
        guard position == lastReadPosition else {
            lastReadPosition = position
            readsWithoutProgress = 0
            return
        }
        readsWithoutProgress += 1
        guard readsWithoutProgress > Self.maxReadsWithoutProgress else { return }
        throw LibAVError.failed(.decode(path: path, stream: index), function: "av_read_frame", code: mb_averror(EIO),
                                message: "the demuxer returned \(Self.maxReadsWithoutProgress) packets without reading on; the file is damaged")
    }

    /// Refuses paths that name a URL with a scheme other than `file`.
    private static func refuseRemote(_ path: String) throws(LibAVError) {
        guard let colon = path.firstIndex(of: ":"), path[colon...].hasPrefix("://") else { return }
        let scheme = path[..<colon]
        if scheme.lowercased() != "file" && scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            throw LibAVError.remoteURLRefused(path: path)
        }
    }
}
