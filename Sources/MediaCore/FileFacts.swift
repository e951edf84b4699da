import Foundation

/// What the file system says about one version of one regular file: its size, modification time, device and inode.
/// Rewriting, truncating or replacing the file changes them, so whatever was learned from one version (an output's
/// fingerprint, a source's stream analysis) holds while they stay the same, the way make trusts a file's time,
/// without reading the file.
public struct FileFacts: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int64
    /// The modification time's whole seconds since 1970.
    public var seconds: Int64
    /// The modification time's nanoseconds.
    public var nanoseconds: Int64
    /// The device holding the file.
    public var device: UInt64
    /// The file's inode on that device.
    public var inode: UInt64

    /// Facts read directly.
    public init(size: Int64, seconds: Int64, nanoseconds: Int64, device: UInt64, inode: UInt64) {
        (self.size, self.seconds, self.nanoseconds, self.device, self.inode) = (size, seconds, nanoseconds, device, inode)
    }

    /// The facts of the regular file at `path`, nil when there is none. A symbolic link there does not count unless
    /// `followingLinks`, when the file it leads to is the one described (a source is read through its links; an
    /// output must be the very file written).
    public init?(path: String, followingLinks: Bool = false) {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        self.init(status)
    }

    /// The facts of the regular file open at `descriptor`, nil when it is not one.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init?(_ status: stat) {
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        self.init(size: Int64(status.st_size), seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec),
                  device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }
}
