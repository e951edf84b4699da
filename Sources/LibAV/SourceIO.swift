internal import CFFmpeg
import MediaCore

/// The byte stream of one local source (an `AVIOContext` it owns, opened through libav's `file` protocol only):
/// the demuxer reads through it, and the container is decided from its first bytes before any demuxer runs, so a
/// playlist is refused before one of its segments is touched and a name like `f%d.png` cannot make libav read an
/// image sequence instead of the file.
final class SourceIO {
    /// The owned context, closed with `avio_closep`.
    let context: UnsafeMutablePointer<AVIOContext>
    private let path: String

    /// Containers that read lists of other files or URLs (HLS, DASH, concat lists, IMF packages).
    static let refusedFormats: Set<String> = ["hls", "applehttp", "concat", "dash", "imf"]

    /// Opens `path` for reading.
    init(path: String) throws(LibAVError) {
        self.path = path
        var opened: UnsafeMutablePointer<AVIOContext>? = nil
        let options = OptionsDictionary(["protocol_whitelist": "file"])
        // The `file:` prefix keeps a colon in a local name from being read as a protocol.
        try options.withPointer { (dictionary) throws(LibAVError) in
            _ = try check(avio_open2(&opened, "file:" + path, AVIO_FLAG_READ, nil, dictionary), "avio_open2",
                          .open(path: path))
        }
        context = try checkAllocation(opened, "avio_open2", .open(path: path))
    }

    deinit {
        var owned: UnsafeMutablePointer<AVIOContext>? = context
        avio_closep(&owned)
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
