import Foundation
import Manifest

/// A job's identity for incremental runs: its canonical description, the tool version and the identity of every
/// file it reads (path, size, modification time), plus the fingerprints of the outputs it uses as sources.
public enum Fingerprint {
    /// The fingerprint of `job`; `dependencies` gives the fingerprints of the outputs it reads.
    public static func of(_ job: Job, toolVersion: String, dependencies: [String: String]) -> String {
        var hash = SHA256()
        hash.update("mediabatch \(toolVersion)")
        if let json = try? job.canonicalJSON() { hash.update(json) }
        for path in job.sourceFiles {
            hash.update(path)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            hash.update("\((attributes?[.size] as? NSNumber)?.int64Value ?? -1)")
            hash.update("\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)")
        }
        for name in job.dependencies { hash.update("\(name)=\(dependencies[name] ?? "?")") }
        return hash.finalize()
    }

    /// The sidecar file that records the fingerprint of the output at `path`: `.NAME.EXT.fingerprint` beside it.
    public static func sidecarPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".fingerprint").path
    }

    /// Whether the output at `path` exists and was made from a job with `fingerprint`.
    public static func isUpToDate(_ path: String, fingerprint: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path),
              let recorded = try? String(contentsOfFile: sidecarPath(for: path), encoding: .utf8) else { return false }
        return recorded.trimmingCharacters(in: .whitespacesAndNewlines) == fingerprint
    }

    /// Records `fingerprint` for the output at `path`.
    public static func record(_ fingerprint: String, for path: String) throws {
        try (fingerprint + "\n").write(toFile: sidecarPath(for: path), atomically: true, encoding: .utf8)
    }
}
