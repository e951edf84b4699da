import Foundation

/// What the file system says about an output mediabatch wrote (size, modification time, device and inode), recorded
/// beside its fingerprint: an output counts as up to date only while it is still that file, so one truncated,
/// replaced or deleted since is rendered again (the way make trusts a file's time and Bazel its digest, but
/// without reading the file).
struct FileFacts: Hashable {
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64
    var device: UInt64
    var inode: UInt64

    /// The facts of the regular file at `path` (a symbolic link there does not count), nil when there is none.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int64(status.st_size)
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        seconds = Int64(modified.tv_sec)
        nanoseconds = Int64(modified.tv_nsec)
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// Reads a `file SIZE SECONDS.NANOSECONDS DEVICE:INODE` sidecar line.
    init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 4, parts[0] == "file", let size = Int64(parts[1]) else { return nil }
        let time = parts[2].split(separator: "."), file = parts[3].split(separator: ":")
        guard time.count == 2, file.count == 2, let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]),
              let device = UInt64(file[0]), let inode = UInt64(file[1]) else { return nil }
        (self.size, self.seconds, self.nanoseconds, self.device, self.inode) = (size, seconds, nanoseconds, device, inode)
    }

    /// The sidecar line.
    var line: String { "file \(size) \(seconds).\(nanoseconds) \(device):\(inode)" }
}

extension Fingerprint {
    /// Why the output at `path` must be rendered for a job with `fingerprint`, or nil when it is up to date: it
    /// exists, the job is the one recorded, and the file is the very file written then (same size, modification
    /// time, device and inode).
    public static func staleness(of path: String, fingerprint: String) -> String? {
        let lines = sidecarLines(for: path)
        guard let recorded = lines.first else { return "no earlier render is recorded" }
        guard let facts = FileFacts(path: path) else { return "the file is missing" }
        guard recorded == fingerprint else { return "its inputs or settings changed" }
        guard let written = lines.dropFirst().compactMap(FileFacts.init(line:)).first else {
            return "the file's size and time were not recorded when it was written"
        }
        if facts.size != written.size {
            return "the file changed since it was written (\(facts.size) bytes, \(written.size) written)"
        }
        if facts != written { return "the file was replaced or modified since it was written" }
        return nil
    }

    /// Deletes the fingerprint recorded for the output at `path`, before the output is replaced: if the run stops
    /// between the two, the next run renders it again instead of trusting a fingerprint of another file.
    static func forget(for path: String) {
        unlink(sidecarPath(for: path))
    }

    /// Whether a staleness reason is about the file on disk rather than the job (worth telling the user).
    public static func isAboutTheFile(_ reason: String) -> Bool {
        reason.hasPrefix("the file")
    }
}
