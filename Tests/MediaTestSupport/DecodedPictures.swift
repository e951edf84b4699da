import Foundation
import Synchronization

/// The pictures of files decoded by the ffmpeg CLI once per test process: pixel checks ask for several frames of one
/// output, and each ffmpeg run costs far more in starting up (its libraries) than a small file costs to decode.
/// A file is known by its path, size, modification time and inode, so one written again is decoded again.
enum DecodedPictures {
    /// What a decoded file holds: its pictures' rgb24 bytes, one after another.
    private struct Entry {
        var identity: [Int]
        var width: Int, height: Int
        var bytes: [UInt8]
        /// Whether decoding stopped at the frame limit before the file's end.
        var isCut: Bool
    }

    /// The most bytes one file's pictures may take, and all of them together.
    private static let fileLimit = 48 << 20, totalLimit = 192 << 20
    private static let entries = Mutex<[String: Entry]>([:])

    /// Frame `index` of `path` (`width` x `height` pictures) as rgb24 bytes; throws when ffmpeg fails or the file
    /// has no such frame.
    static func frame(_ index: Int, of path: String, width: Int, height: Int) throws(MediaToolError) -> [UInt8] {
        let size = width * height * 3
        guard size > 0, let identity = identity(of: path) else { return try single(index, of: path, size: size) }
        var entry = entries.withLock { $0[path] }.flatMap { $0.identity == identity && $0.width == width
            && $0.height == height ? $0 : nil }
        if entry == nil {
            let limit = max(1, fileLimit / size)
            let bytes = [UInt8](try MediaTool.ffmpeg(["-i", path, "-fps_mode", "passthrough", "-frames:v", "\(limit)",
                                                      "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
            guard bytes.count % size == 0 else {
                throw MediaToolError(message: "decoded \(bytes.count) bytes for \(width)x\(height) from '\(path)'")
            }
            let made = Entry(identity: identity, width: width, height: height, bytes: bytes,
                             isCut: bytes.count / size >= limit)
            store(made, for: path)
            entry = made
        }
        guard let entry, (index + 1) * size <= entry.bytes.count else {
            if entry?.isCut == true { return try single(index, of: path, size: size) }
            throw MediaToolError(message: "decoded 0 bytes for \(width)x\(height) from '\(path)' (no frame \(index))")
        }
        return Array(entry.bytes[index * size ..< (index + 1) * size])
    }

    /// Frame `index` of `path` decoded alone.
    private static func single(_ index: Int, of path: String, size: Int) throws(MediaToolError) -> [UInt8] {
        [UInt8](try MediaTool.ffmpeg(["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                      "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// Keeps `entry`, first dropping others until every entry fits the total limit.
    private static func store(_ entry: Entry, for path: String) {
        entries.withLock { entries in
            entries[path] = nil
            var total = entries.values.reduce(entry.bytes.count) { $0 + $1.bytes.count }
            while total > totalLimit, let (dropped, old) = entries.first {
                total -= old.bytes.count
                entries[dropped] = nil
            }
            entries[path] = entry
        }
    }

    /// The file's size, modification time (nanoseconds) and inode; nil when it cannot be read.
    private static func identity(of path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [Int(status.st_size), status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec,
                Int(status.st_ino)]
    }
}
