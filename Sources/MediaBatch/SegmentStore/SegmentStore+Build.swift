import Foundation
import LibAV

extension SegmentStore {
    /// The folder under `segments/` where `digest(ofExecutable:memo:)` remembers builds' digests.
    static let buildsFolder = "builds"

    /// How long a remembered build digest is kept after it was written (`evict`); a build still in use after that is
    /// hashed once more.
    static let buildMemoLifetime: TimeInterval = 30 * 24 * 3600

    /// The SHA-256 of the executable file at `path` (`/proc/self/exe`, the running build): a build of the tool that
    /// draws pictures differently keeps the same version number until it is released, so entries are keyed by the
    /// build itself, and machines running the same build (one container image) share entries. The digest is
    /// remembered in the folder `memo` under the file's identity (device, inode, size, modification and change
    /// times), as build caches check their compiler: an unchanged file is not read again. Any write to the file
    /// changes its change time, which no one can set back, so a rebuilt or replaced executable is always hashed
    /// anew. Without `memo`, or when it cannot be written, the file is hashed each time. Empty when it cannot be
    /// read.
    static func digest(ofExecutable path: String, memo: String?) -> String {
        var facts = stat()
        guard stat(path, &facts) == 0 else { return "" }
        let identity = "\(facts.st_dev) \(facts.st_ino) \(facts.st_size) "
            + "\(facts.st_mtim.tv_sec).\(facts.st_mtim.tv_nsec) \(facts.st_ctim.tv_sec).\(facts.st_ctim.tv_nsec)"
        let remembered = memo.map { ($0 as NSString).appendingPathComponent(Digest.hex(of: Array(identity.utf8))) }
        if let remembered, let text = try? String(contentsOfFile: remembered, encoding: .utf8),
           text.count == 64, text.allSatisfy(\.isHexDigit) {
            return text
        }
        let digest = hash(path)
        if let remembered, let memo, !digest.isEmpty {
            let staged = (memo as NSString).appendingPathComponent(".\(UUID().uuidString)")
            try? FileManager.default.createDirectory(atPath: memo, withIntermediateDirectories: true)
            if (try? digest.write(toFile: staged, atomically: false, encoding: .utf8)) != nil,
               rename(staged, remembered) != 0 {
                try? FileManager.default.removeItem(atPath: staged)
            }
        }
        return digest
    }

    /// The SHA-256 of the file at `path` as hex; empty when it cannot be read.
    private static func hash(_ path: String) -> String {
        guard let file = FileHandle(forReadingAtPath: path) else { return "" }
        let digest = Digest()
        defer { try? file.close() }
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
        }
        return digest.finishHex()
    }
}
