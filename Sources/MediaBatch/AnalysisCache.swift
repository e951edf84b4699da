import Foundation
import LibAV

/// Results of analysing a file (reframe's subject tracks, beat grids) kept across runs in a folder of the cache
/// (`<kind>/ab/<sha256>.json`), addressed by the SHA-256 of the kind, the analyser's version, the file's content (its
/// SHA-256, remembered per file stamp in the cache folder as segment keys do: a fresh clone or a copy elsewhere finds
/// the analyses of the same bytes) and what else the analysis was asked. An entry is written to a temporary file and
/// renamed into place, so a reader never sees half of one; a damaged entry is analysed again.
struct AnalysisCache: Sendable {
    /// The folder under the cache and the word hashed first: `reframe`, `beats`.
    let kind: String
    /// Names the analyser's settings: a different version never reads another's results.
    let version: String
    /// The cache folder (`--cache`, `MEDIABATCH_CACHE`, else `~/.cache/mediabatch`).
    let cacheDirectory: String
    /// Where files' contents are named.
    let digests: FileDigests

    /// A cache of `kind` results of the analyser `version` in `cacheDirectory`.
    init(kind: String, version: String, cacheDirectory: String) {
        (self.kind, self.version, self.cacheDirectory) = (kind, version, cacheDirectory)
        digests = FileDigests(memo: SegmentStore.digestMemo(in: cacheDirectory))
    }

    /// The result for the file at `path` and `question`: read from the cache, else made by `analyse` and stored.
    func result<Value: Codable>(path: String, question: [String], analyse: () throws -> Value) throws -> Value {
        guard let entry = entryPath(path: path, question: question) else { return try analyse() }
        if let data = FileManager.default.contents(atPath: entry), let value = try? JSONDecoder().decode(Value.self, from: data) {
            return value
        }
        let value = try analyse()
        store(value, at: entry)
        return value
    }

    /// The entry's path; nil when the file is not a regular file or cannot be read (it is then analysed without
    /// caching).
    func entryPath(path: String, question: [String]) -> String? {
        guard let content = digests.digest(of: path) else { return nil }
        let hash = Digest()
        hash.update(([kind, version, "sha256 " + content] + question).joined(separator: "\n"))
        let name = hash.finishHex()
        return [cacheDirectory, kind, String(name.prefix(2)), name + ".json"].joined(separator: "/")
    }

    /// Writes `value` atomically; a cache that cannot be written only costs the next run an analysis.
    private func store<Value: Encodable>(_ value: Value, at entry: String) {
        let folder = (entry as NSString).deletingLastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(kind)-\(UUID().uuidString)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
              let data = try? encoder.encode(value),
              FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, entry) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
