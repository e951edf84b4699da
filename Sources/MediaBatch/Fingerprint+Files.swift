import Foundation
public import LibAV
import MediaCore

/// An output's file facts, recorded beside its fingerprint: an output counts as up to date only while it is still the
/// file written then, so one truncated, replaced or deleted since is rendered again.
extension FileFacts {
    /// Reads a `file SIZE SECONDS.NANOSECONDS DEVICE:INODE` sidecar line.
    init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 4, parts[0] == "file", let size = Int64(parts[1]) else { return nil }
        let time = parts[2].split(separator: "."), file = parts[3].split(separator: ":")
        guard time.count == 2, file.count == 2, let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]),
              let device = UInt64(file[0]), let inode = UInt64(file[1]) else { return nil }
        self.init(size: size, seconds: seconds, nanoseconds: nanoseconds, device: device, inode: inode)
    }

    /// The sidecar line.
    var line: String { "file \(size) \(seconds).\(nanoseconds) \(device):\(inode)" }
}

extension Fingerprint {
    /// Why the output at `path` must be rendered for a job whose fingerprint is made of `parts`, or nil when it is
    /// up to date: it exists, the job is the one recorded, and the file is the one written then: the very file (same
    /// size, modification time, device and inode) or, copied or restored since, one with the same content (by
    /// `digests`). A changed job is told by what changed, where the sidecar records its parts.
    public static func staleness(of path: String, parts: FingerprintParts, digests: FileDigests) -> String? {
        let lines = sidecarLines(for: path)
        guard let recorded = lines.first else { return firstRender }
        guard let facts = FileFacts(path: path) else { return "the file is missing" }
        guard recorded == parts.digest else {
            return FingerprintParts(sidecarLines: lines).flatMap(parts.changes(since:)) ?? "its inputs or settings changed"
        }
        guard let written = lines.dropFirst().compactMap(FileFacts.init(line:)).first else {
            return "the file's size and time were not recorded when it was written"
        }
        if facts.size != written.size {
            return "the file changed since it was written (\(facts.size) bytes, \(written.size) written)"
        }
        if facts == written { return nil }
        let content = lines.first { $0.hasPrefix("content ") }.map { String($0.dropFirst(8)) }
        if let content, digests.digest(of: path) == content { return nil }
        return "the file was replaced or modified since it was written"
    }

    /// Deletes the fingerprint recorded for the output at `path`, before the output is replaced: if the run stops
    /// between the two, the next run renders it again instead of trusting a fingerprint of another file.
    static func forget(for path: String) {
        unlink(sidecarPath(for: path))
    }

    /// Whether a reason an output rendered tells the user something: what changed since its last render, or what
    /// happened to its file (not that there was no earlier render, nor that the run was forced).
    public static func isWorthTelling(_ reason: String) -> Bool {
        reason != firstRender && reason != forced
    }

    /// The reason an output renders when nothing was recorded beside it.
    static let firstRender = "no earlier render is recorded"
    /// The reason an output renders under `--force`.
    static let forced = "forced"
}
