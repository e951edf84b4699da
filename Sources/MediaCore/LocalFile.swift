#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How mediabatch opens the local files it reads (manifests, presets, data tables, captions, media): without
/// blocking, so a named pipe with no writer or a device answers at once instead of stalling the batch, and regular
/// files only unless the caller allows more.
public enum LocalFile {
    /// What a path names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A named pipe.
        case fifo
        /// A character device (a terminal, `/dev/zero`, a capture device).
        case characterDevice
        /// A block device (a disk).
        case blockDevice
        /// A Unix socket.
        case socket

        /// `a directory`, `a named pipe (FIFO)`, ...
        public var phrase: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .fifo: "a named pipe (FIFO)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            }
        }

        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: return nil
            }
        }
    }

    /// Why a local file cannot be read; `description` completes a sentence that names the file.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Nothing is at the path.
        case notFound
        /// The path names something other than what may be read.
        case notAllowed(Kind)
        /// The file is larger than the limit.
        case tooLarge(size: Int, limit: Int)
        /// The system refused (`reason` is its lowercase message).
        case unreadable(reason: String)

        /// `is a named pipe (FIFO), not a regular file`, ...
        public var description: String {
            switch self {
            case .notFound: "not found"
            case .notAllowed(let kind): "is \(kind.phrase), not a regular file"
            case .tooLarge(let size, let limit): "is \(size) bytes, more than the limit of \(limit) bytes"
            case .unreadable(let reason): "cannot be read: \(reason)"
            }
        }
    }

    /// A read-only descriptor of `path` (the caller closes it) and what it is: opened without blocking, checked to
    /// be a regular file or one of the `allowed` kinds, then switched back to blocking reads. Reading through this
    /// descriptor reads the very file that was checked, whatever the name points to afterwards.
    public static func openForReading(_ path: String, allowing allowed: Set<Kind> = []) throws(Failure)
        -> (descriptor: Int32, kind: Kind)
    {
        let descriptor = try openWithoutBlocking(path)
        do throws(Failure) {
            let found = try kind(of: descriptor)
            guard found == .regular || allowed.contains(found) else { throw Failure.notAllowed(found) }
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                throw Failure.unreadable(reason: reason(errno))
            }
            return (descriptor, found)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Why the file at `path` may not be read (missing, a named pipe, a device, a directory, unreadable), or nil
    /// when it is a regular file (or one of the `allowed` kinds): the check every file a manifest names gets, asked
    /// without blocking, before the file is used.
    public static func refusal(of path: String, allowing allowed: Set<Kind> = []) -> Failure? {
        do {
            close(try openForReading(path, allowing: allowed).descriptor)
            return nil
        } catch {
            return error
        }
    }

    /// Runs `body` with a name for the regular file at `path` (or one of the `allowed` kinds) that a library opening
    /// files by name itself (fontconfig and FreeType for fonts; any reader of a new kind of file a manifest names)
    /// can be given: `/dev/fd/N` of a descriptor opened without blocking and checked like every source, so the
    /// library reads the very file checked and never waits on a named pipe or a device put at the path.
    public static func withCheckedName<Result>(_ path: String, allowing allowed: Set<Kind> = [],
                                               _ body: (String) throws -> Result) throws -> Result {
        let descriptor = try openForReading(path, allowing: allowed).descriptor
        defer { close(descriptor) }
        return try body("/dev/fd/\(descriptor)")
    }

    /// The bytes of the regular file at `path`, refusing anything else and files larger than `limit` (checked
    /// before reading, and again while reading in case the file grows).
    public static func contents(of path: String, limit: Int = .max) throws(Failure) -> [UInt8] {
        let descriptor = try openForReading(path).descriptor
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: reason(errno)) }
        if Int(status.st_size) > limit { throw .tooLarge(size: Int(status.st_size), limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: reason(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw .tooLarge(size: bytes.count, limit: limit) }
        }
    }

    /// The system's message for `code`, lowercased at the start to fit the diagnostic style.
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A read-only descriptor that did not wait for a writer (FIFO) or a carrier (terminal).
    private static func openWithoutBlocking(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(reason: reason(errno))
        }
        return descriptor
    }

    private static func kind(of descriptor: Int32) throws(Failure) -> Kind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: reason(errno)) }
        return Kind(mode: status.st_mode) ?? .socket
    }
}
