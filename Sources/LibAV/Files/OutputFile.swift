internal import CFFmpeg
import MediaCore

/// A muxer writing one file (an `AVFormatContext` and its `AVIOContext`, both owned): streams fed by encoders,
/// header, interleaved packets, trailer. Cleanup follows FFmpeg's `doc/examples/mux.c`: `avio_closep`, then
/// `avformat_free_context`; encoders are separate owners.
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class OutputFile: @unchecked Sendable {
    /// The path being written, used in error messages.
    public let path: String
    /// The owned muxer context, freed with `avformat_free_context` after its file is closed.
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The time base each stream's packets come in (its encoder's), by stream index.
    private var sourceTimeBases: [AVRational] = []
    /// Whether the header has been written.
    public private(set) var headerWritten = false
    /// Whether the trailer has been written (the file is complete).
    public private(set) var trailerWritten = false

    /// Creates `path` for writing; the container comes from `format` (`mp4`, `mov`, `webm`, `matroska`, `image2`)
    /// or, when nil, from the file extension. `metadata` becomes container-level tags (`title`, `comment`). The
    /// muxer runs bit-exact (`AVFMT_FLAG_BITEXACT`): what it writes depends only on the streams and tags.
    public init(path: String, format: String? = nil, metadata: [String: String] = [:]) throws(LibAVError) {
        LibAVLog.install()
        self.path = path
        var allocated: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_alloc_output_context2(&allocated, nil, format, path), "avformat_alloc_output_context2",
                  .create(path: path))
        context = try checkAllocation(allocated, "avformat_alloc_output_context2", .create(path: path))
        // From here on a throw runs deinit, which closes and frees what was acquired.
        // The same streams make the same bytes: no creation time, random Matroska UIDs or library version strings.
        context.pointee.flags |= AVFMT_FLAG_BITEXACT
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&context.pointee.metadata, key, value, 0)
        }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open", .create(path: path))
        }
    }

    deinit {
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// The muxer's short name (`mp4`, `webm`, `image2`).
    public var formatName: String { String(cString: context.pointee.oformat.pointee.name) }

    /// Whether encoders for this container must put codec headers in extradata (pass to `Encoder`'s `globalHeader`).
    public var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Adds a stream carrying `encoder`'s packets, with stream-level tags (`language`, `handler_name`), when given
    /// `extradata` in place of the encoder's codec headers, and a `displayMatrix` (nine values: a, b and c, d in
    /// 16.16 fixed point with 0 beside them, tx, ty in 16.16 and 1 in 2.30, as QuickTime's track matrix) saying how
    /// players turn the pictures; returns its index. Call before `writeHeader`.
    @discardableResult
    public func addStream(for encoder: Encoder, metadata: [String: String] = [:], extradata: [UInt8]? = nil,
                          displayMatrix: [Int32]? = nil) throws(LibAVError) -> Int {
        guard !headerWritten else {
            throw LibAVError.invalidArgument("cannot add a stream to '\(path)' after its header was written")
        }
        let stream = try checkAllocation(avformat_new_stream(context, nil), "avformat_new_stream",
                                         .create(path: path))
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context),
                  "avcodec_parameters_from_context", .create(path: path))
        if let extradata { try replaceExtradata(of: stream.pointee.codecpar, with: extradata) }
        stream.pointee.time_base = encoder.context.pointee.time_base
        if encoder.mediaType == .video {
            stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
            stream.pointee.r_frame_rate = encoder.context.pointee.framerate
        }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&stream.pointee.metadata, key, value, 0)
        }
        if let displayMatrix {
            guard displayMatrix.count == 9 else {
                throw LibAVError.invalidArgument("a display matrix has 9 values, not \(displayMatrix.count)")
            }
            // The stream owns the side data it allocates.
            let data = try checkAllocation(av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 36),
                                           "av_stream_new_side_data", .create(path: path))
            data.withMemoryRebound(to: Int32.self, capacity: 9) { values in
                for (index, value) in displayMatrix.enumerated() { values[index] = value }
            }
        }
        sourceTimeBases.append(encoder.context.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// Adds a stream that carries packets copied unchanged from stream `index` of `input` (passthrough): the codec
    /// parameters and time base are taken from the input stream, with stream-level tags, and `extradata` (when given)
    /// replaces the codec headers; returns the new stream's index.
    @discardableResult
    public func addStream(copying index: Int, of input: InputFile, metadata: [String: String] = [:],
                          extradata: [UInt8]? = nil) throws(LibAVError) -> Int {
        guard !headerWritten else {
            throw LibAVError.invalidArgument("cannot add a stream to '\(path)' after its header was written")
        }
        let source = try input.stream(index)
        let stream = try checkAllocation(avformat_new_stream(context, nil), "avformat_new_stream",
                                         .create(path: path))
        try check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar),
                  "avcodec_parameters_copy", .create(path: path))
        // The input container's codec tag may be meaningless in the output container.
        stream.pointee.codecpar.pointee.codec_tag = 0
        if let extradata { try replaceExtradata(of: stream.pointee.codecpar, with: extradata) }
        stream.pointee.time_base = source.pointee.time_base
        stream.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        stream.pointee.r_frame_rate = source.pointee.r_frame_rate
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&stream.pointee.metadata, key, value, 0)
        }
        sourceTimeBases.append(source.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// Gives `parameters` a padded copy of `bytes` as extradata; the parameters own (and free) it.
    private func replaceExtradata(of parameters: UnsafeMutablePointer<AVCodecParameters>, with bytes: [UInt8]) throws(LibAVError) {
        let padded = bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)
        let memory = try checkAllocation(av_mallocz(padded), "av_mallocz", .create(path: path))
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
        }
        av_freep(&parameters.pointee.extradata)
        parameters.pointee.extradata = memory.assumingMemoryBound(to: UInt8.self)
        parameters.pointee.extradata_size = Int32(bytes.count)
    }

    /// Writes the header with muxer options (`movflags: +faststart`); an option the muxer does not know is an error.
    public func writeHeader(options: [String: String] = [:]) throws(LibAVError) {
        let dictionary = OptionsDictionary(options)
        try dictionary.withPointer { (pointer) throws(LibAVError) in
            _ = try check(avformat_write_header(context, pointer), "avformat_write_header", .write(path: path))
        }
        headerWritten = true
        if let unknown = dictionary.remainingKeys.first {
            throw LibAVError.invalidArgument("muxer '\(formatName)' has no option '\(unknown)'")
        }
    }

    /// Writes one encoded packet to stream `stream`, rescaling its timestamps to the stream's time base and letting
    /// the muxer interleave; the packet is emptied.
    public func write(_ packet: Packet, stream index: Int) throws(LibAVError) {
        guard headerWritten, !trailerWritten else {
            throw LibAVError.invalidArgument("cannot write a packet to '\(path)' outside header and trailer")
        }
        guard index >= 0, index < sourceTimeBases.count, let stream = context.pointee.streams[index] else {
            throw LibAVError.noSuchStream(path: path, index: index)
        }
        av_packet_rescale_ts(packet.pointer, packet.timeBase, stream.pointee.time_base)
        packet.timeBase = stream.pointee.time_base
        packet.streamIndex = index
        try check(av_interleaved_write_frame(context, packet.pointer), "av_interleaved_write_frame",
                  .write(path: path))
    }

    /// Writes each of `packets` to stream `stream`.
    public func write(_ packets: [Packet], stream index: Int) throws(LibAVError) {
        for packet in packets { try write(packet, stream: index) }
    }

    /// Flushes interleaving queues and writes the trailer (for `+faststart`, moves the index to the front).
    public func writeTrailer() throws(LibAVError) {
        guard headerWritten, !trailerWritten else { return }
        trailerWritten = true
        try check(av_write_trailer(context), "av_write_trailer", .write(path: path))
    }
}
