import Foundation

/// The advisory locks (`flock` on `.mediabatch.lock`) a run holds on every output folder it writes, from before it
/// decides what is up to date until its report is written: two runs over one folder take turns, so the files, their
/// fingerprints and the report always come from the same run. The lock goes with the process, so a run killed
/// outright leaves nothing to clean up.
public final class OutputLock {
    /// The lock file's name in each folder (a dot name: no output can take it).
    public static let fileName = ".mediabatch.lock"

    /// The folders locked, in the order they were locked.
    public private(set) var folders: [String] = []
    private var descriptors: [Int32] = []

    /// Why the folders could not be locked.
    public enum Failure: Error, CustomStringConvertible {
        /// Another process holds the lock and the caller asked not to wait.
        case busy(folder: String, holder: Int32?)
        /// The folder or its lock file cannot be made.
        case unusable(folder: String, reason: String)

        /// One lowercase line.
        public var description: String {
            switch self {
            case .busy(let folder, let holder):
                "another mediabatch run\(holder.map { " (pid \($0))" } ?? "") is writing '\(folder)'; wait for it to finish, or run without '--no-wait' to wait"
            case .unusable(let folder, let reason):
                "cannot lock the output folder '\(folder)': \(reason)"
            }
        }
    }

    /// Locks every folder of `folders` (created if missing), in sorted order so two runs never wait on each other
    /// crosswise. A folder another run holds is waited for, after telling `waiting` (the folder and the holder's
    /// pid), unless `wait` is false: then `busy` is thrown at once. A folder that cannot hold a lock file because it
    /// is read-only is used without one (nothing can be written there anyway).
    public init(folders: [String], wait: Bool, waiting: (String, Int32?) -> Void = { _, _ in }) throws(Failure) {
        var held = Set<[UInt64]>()
        for folder in Set(folders).sorted() {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .unusable(folder: folder, reason: error.localizedDescription)
            }
            let path = (folder as NSString).appendingPathComponent(Self.fileName)
            var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 && (errno == EROFS || errno == EACCES) { descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
            if descriptor < 0 {
                if errno == EROFS || errno == EACCES || errno == ENOENT { continue }
                throw .unusable(folder: folder, reason: String(cString: strerror(errno)))
            }
            var status = stat()
            // The same folder under two names is one lock file: locking it twice would wait on ourselves.
            guard fstat(descriptor, &status) == 0, held.insert([UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino)]).inserted else {
                close(descriptor)
                continue
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let holder = Self.holder(descriptor)
                guard wait else {
                    close(descriptor)
                    throw .busy(folder: folder, holder: holder)
                }
                waiting(folder, holder)
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            }
            Self.record(getpid(), in: descriptor)
            self.folders.append(folder)
            descriptors.append(descriptor)
        }
    }

    deinit {
        for descriptor in descriptors.reversed() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The pid the holder wrote into the lock file, if any.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes `pid` into the lock file for a waiting run's message (best effort: a read-only one stays as it is).
    private static func record(_ pid: Int32, in descriptor: Int32) {
        let text = Array("\(pid)\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}
