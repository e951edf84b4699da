import Foundation
public import LibAV
import Manifest
public import MediaCore

/// A job's identity for incremental runs (`FingerprintParts`): the tool version, what the job renders (not where it
/// was declared), and the content of every file it reads, the outputs it uses as sources included.
public enum Fingerprint {
    /// The sidecar file that records the fingerprint of the output at `path`: `.NAME.EXT.fingerprint` beside it.
    public static func sidecarPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".fingerprint").path
    }

    /// Records the fingerprint made of `parts` for the output at `path` (just written), with the parts (so a later
    /// run can say which changed), the file's size, time and identity and its content's digest (from `digests`), the
    /// digest of each file the parts name under the file's stamp (`recallDigests`), and facts that are costly to
    /// measure again (its loudness, the warnings of its render), so an up-to-date output still reports them.
    public static func record(_ parts: FingerprintParts, for path: String, digests: FileDigests, loudness: Double? = nil,
                              warnings: [SourceWarning] = []) throws {
        var text = parts.digest + "\n"
        if let facts = FileFacts(path: path) { text += facts.line + "\n" }
        if let digest = digests.digest(of: path) { text += "content \(digest)\n" }
        for line in parts.sidecarLines { text += line + "\n" }
        for file in parts.files {
            if let (stamp, digest) = digests.stampedDigest(of: file) { text += "memo \(stamp)\t\(digest)\n" }
        }
        if let loudness { text += "loudness \(loudness)\n" }
        for warning in warnings { text += "warning \(warning.stage.rawValue)\t\(warning.source)\t\(warning.message)\n" }
        try text.write(toFile: sidecarPath(for: path), atomically: true, encoding: .utf8)
    }

    /// Gives `digests` the digests recorded beside the output at `path` under their files' stamps: a file unchanged
    /// since (same device, inode, size and times) is not read again to check the output, with or without a cache
    /// folder to remember digests in.
    public static func recallDigests(for path: String, into digests: FileDigests) {
        for line in sidecarLines(for: path).dropFirst() where line.hasPrefix("memo ") {
            let fields = line.dropFirst(5).split(separator: "\t")
            if fields.count == 2 { digests.remember(String(fields[1]), forStamp: String(fields[0])) }
        }
    }

    /// The warnings recorded beside the output at `path`.
    public static func recordedWarnings(for path: String) -> [SourceWarning] {
        sidecarLines(for: path).dropFirst().compactMap { line in
            guard line.hasPrefix("warning ") else { return nil }
            let fields = line.dropFirst(8).split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let stage = SourceWarning.Stage(rawValue: String(fields[0])) else { return nil }
            return SourceWarning(stage: stage, source: String(fields[1]), message: String(fields[2]))
        }
    }

    /// The loudness recorded beside the output at `path`, if any.
    public static func recordedLoudness(for path: String) -> Double? {
        sidecarLines(for: path).dropFirst().first { $0.hasPrefix("loudness ") }.flatMap { Double($0.dropFirst(9)) }
    }

    static func sidecarLines(for path: String) -> [String] {
        guard let text = try? String(contentsOfFile: sidecarPath(for: path), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
