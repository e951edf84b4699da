internal import CFFmpeg
import Foundation
import MediaCore

/// The byte stream of one local source: an `AVIOContext` it owns, reading a descriptor it owns. The file is opened
/// once, without blocking, and checked to be a regular file (or an allowed pipe or device) before libav sees it;
/// libav then reads that very file through this context and never opens the source by name, so nothing swapped in
/// at the path afterwards can stall or redirect it. The container is decided from the first bytes before any
/// demuxer runs, so a playlist is refused before one of its segments is touched and a name like `f%d.png` cannot
/// make libav read an image sequence instead of the file.
final class SourceIO {
    /// The owned context, freed with `avio_context_free` after its buffer.
    let context: UnsafeMutablePointer<AVIOContext>
    /// The owned descriptor, closed last.
    private let descriptor: Int32
    private let path: String
    /// Which version of which file is read; nil for pipes and devices.
    let identity: FileFacts?

    /// Containers that read lists of other files or URLs (HLS, DASH, concat lists, IMF packages).
    static let refusedFormats: Set<String> = ["hls", "applehttp", "concat", "dash", "imf"]
    /// The read buffer's size.
    static let bufferSize = 1 << 16

    /// Opens `path` for reading; `allowsDevices` lets it be a named pipe or a device (read without seeking).
    init(path: String, allowsDevices: Bool = false) throws(LibAVError) {
        self.path = path
        let opened: (descriptor: Int32, kind: LocalFile.Kind)
        do {
            opened = try LocalFile.openForReading(path, allowing: allowsDevices ? [.fifo, .characterDevice, .blockDevice] : [])
        } catch {
            throw LibAVError.unreadableSource(path: path, error)
        }
        descriptor = opened.descriptor
        identity = opened.kind == .regular ? FileFacts(descriptor: opened.descriptor) : nil
        guard let buffer = av_malloc(Self.bufferSize) else {
            close(descriptor)
            throw LibAVError.failed(.allocate("a read buffer for '\(path)'"), function: "av_malloc",
                                    code: mb_averror(ENOMEM), message: libavMessage(mb_averror(ENOMEM)))
        }
        let allocated = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 0,
            UnsafeMutableRawPointer(bitPattern: Int(opened.descriptor) + 1), Self.readCallback, nil,
            opened.kind == .regular ? Self.seekCallback : nil)
        guard let allocated else {
            av_free(buffer)
            close(descriptor)
            throw LibAVError.failed(.allocate("an I/O context for '\(path)'"), function: "avio_alloc_context",
                                    code: mb_averror(ENOMEM), message: libavMessage(mb_averror(ENOMEM)))
        }
        context = allocated
    }

    deinit {
        // libav may have replaced the buffer it was given; the context's current one is the one to free.
        av_freep(&context.pointee.buffer)
        var owned: UnsafeMutablePointer<AVIOContext>? = context
        avio_context_free(&owned)
        close(descriptor)
    }

    /// The descriptor a callback's `opaque` carries (stored plus one, so descriptor 0 is not a null pointer).
    private static func descriptor(_ opaque: UnsafeMutableRawPointer?) -> Int32 {
        Int32(truncatingIfNeeded: Int(bitPattern: opaque) - 1)
    }

    /// Reads up to `size` bytes; end of file and system errors as libav codes.
    private static let readCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        while true {
            let count = read(SourceIO.descriptor(opaque), buffer, Int(size))
            if count > 0 { return Int32(count) }
            if count == 0 { return mb_averror_eof() }
            if errno != EINTR { return mb_averror(errno) }
        }
    }

    /// Seeks, or answers the file's size for `AVSEEK_SIZE`.
    private static let seekCallback: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        let descriptor = SourceIO.descriptor(opaque)
        if whence & AVSEEK_SIZE != 0 {
            var status = stat()
            return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : Int64(mb_averror(errno))
        }
        let position = lseek(descriptor, off_t(offset), whence & ~AVSEEK_FORCE)
        return position < 0 ? Int64(mb_averror(errno)) : Int64(position)
    }

    /// The demuxer for the stream's content, the way libav would pick it, minus what mediabatch never follows: a
    /// demuxer that opens files by name itself (the image-sequence reader, chosen for names with `%d`) is replaced
    /// by what the content alone says, and playlists are refused (also an `#EXTM3U` header libav did not
    /// recognise). The stream is left at its start for the demuxer.
    func format() throws(LibAVError) -> UnsafePointer<AVInputFormat> {
        if try startsWithPlaylistHeader() { throw LibAVError.playlistRefused(path: path, format: "hls") }
        var format = try probe(name: path)
        if format.pointee.flags & AVFMT_NOFILE != 0 { format = try probe(name: nil) }
        let name = String(cString: format.pointee.name)
        if Self.refusedFormats.contains(name) { throw LibAVError.playlistRefused(path: path, format: name) }
        guard format.pointee.flags & AVFMT_NOFILE == 0 else {
            throw LibAVError.invalidArgument("refusing to open '\(path)': demuxer '\(name)' reads other files by name")
        }
        return format
    }

    /// libav's choice from the first bytes, with the file name as a hint when given.
    private func probe(name: String?) throws(LibAVError) -> UnsafePointer<AVInputFormat> {
        var format: UnsafePointer<AVInputFormat>? = nil
        _ = try check(av_probe_input_buffer2(context, &format, name, nil, 0, 0), "av_probe_input_buffer2",
                      .open(path: path))
        return try checkAllocation(format, "av_probe_input_buffer2", .open(path: path))
    }

    /// Whether the stream starts (after a byte order mark and blank space) with an HLS playlist's `#EXTM3U`.
    private func startsWithPlaylistHeader() throws(LibAVError) -> Bool {
        var head = [UInt8](repeating: 0, count: 1024)
        let read = head.withUnsafeMutableBufferPointer { avio_read(context, $0.baseAddress, Int32($0.count)) }
        guard case .ok(let count) = try checkStatus(read, "avio_read", .read(path: path)) else { return false }
        // Within the buffer just filled, so a pipe can go back too.
        let position = avio_seek(context, 0, SEEK_SET)
        try check(Int32(truncatingIfNeeded: min(position, 0)), "avio_seek", .read(path: path))
        var bytes = head[..<Int(count)]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return text.starts(with: Array("#EXTM3U".utf8))
    }
}
