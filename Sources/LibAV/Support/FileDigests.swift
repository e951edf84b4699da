import Foundation
import Synchronization

/// Content digests of regular files (the SHA-256 of their bytes, as hex), each remembered under the file's stamp:
/// its device, inode, size, modification and change times. An unchanged file is read once for the life of this
/// object and, with a memo folder, once across processes, as build caches check their inputs. Any write to a file
/// moves its change time, which no one can set back, so a changed file is always read again.
public final class FileDigests: Sendable {
    /// The folder digests are remembered in across processes (a file per stamp); nil for none.
    public let memo: String?
    /// Digests by stamp, for this object's life.
    private let known = Mutex<[String: String]>([:])

    /// Digests remembered in `memo` too, when given (created on first write; a folder that cannot be written is
    /// only read).
    public init(memo: String? = nil) {
        self.memo = memo
    }

    /// The digest of the file at `path` (links followed); nil when it is not a regular file (a pipe or a device is
    /// never read) or cannot be read.
    public func digest(of path: String) -> String? {
        stampedDigest(of: path)?.digest
    }

    /// The digest of the file at `path` with the stamp it was taken under (the stamp is read first, so a file written
    /// while it is read has another stamp by then); nil as for `digest(of:)`.
    public func stampedDigest(of path: String) -> (stamp: String, digest: String)? {
        guard let stamp = Self.stamp(of: path) else { return nil }
        if let digest = known.withLock({ $0[stamp] }) { return (stamp, digest) }
        let remembered = memo.map { ($0 as NSString).appendingPathComponent(Digest.hex(of: Array(stamp.utf8))) }
        if let remembered, let text = try? String(contentsOfFile: remembered, encoding: .utf8), Self.isDigest(text) {
            known.withLock { $0[stamp] = text }
            return (stamp, text)
        }
        guard let digest = Self.hash(path) else { return nil }
        known.withLock { $0[stamp] = digest }
        if let remembered, let memo { Self.remember(digest, at: remembered, in: memo) }
        return (stamp, digest)
    }

    /// Takes `digest` for files with `stamp` from now on, for this object's life: a digest recorded elsewhere (beside
    /// an output) under the stamp it was taken with. Text that is not a digest is ignored.
    public func remember(_ digest: String, forStamp stamp: String) {
        guard Self.isDigest(digest) else { return }
        known.withLock { $0[stamp] = digest }
    }

    /// The stamp a digest is remembered under: the file's device, inode, size, modification and change times; nil
    /// when `path` is not a regular file.
    static func stamp(of path: String) -> String? {
        var facts = stat()
        guard stat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(facts.st_dev) \(facts.st_ino) \(facts.st_size) "
            + "\(facts.st_mtim.tv_sec).\(facts.st_mtim.tv_nsec) \(facts.st_ctim.tv_sec).\(facts.st_ctim.tv_nsec)"
    }

    private static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.allSatisfy(\.isHexDigit)
    }

    /// The SHA-256 of the file at `path` as hex; nil when it cannot be read.
    private static func hash(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        let digest = Digest()
        do {
            // nil or empty at the end of the file; a read that fails throws.
            while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
                chunk.withUnsafeBytes { digest.update($0) }
            }
        } catch {
            return nil
        }
        return digest.finishHex()
    }

    /// Writes `digest` to `path` in `folder` whole (staged under another name, then renamed), or not at all.
    private static func remember(_ digest: String, at path: String, in folder: String) {
        let staged = (folder as NSString).appendingPathComponent(".\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if (try? digest.write(toFile: staged, atomically: false, encoding: .utf8)) != nil, rename(staged, path) != 0 {
            try? FileManager.default.removeItem(atPath: staged)
        }
    }
}
