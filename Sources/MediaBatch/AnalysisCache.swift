import Foundation
import LibAV
import MediaCore

/// Results of analysing a file (reframe's subject tracks, beat grids) kept across runs in a folder of the cache
/// (`<kind>/ab/<sha256>.json`), addressed by the SHA-256 of the kind, the analyser's version, the file's version
/// (resolved path, size, modification time in nanoseconds) and what else the analysis was asked. An entry is
/// written to a temporary file and renamed into place, so a reader never sees half of one; a damaged entry is
/// analysed again.
struct AnalysisCache: Sendable {
    /// The folder under the cache and the word hashed first: `reframe`, `beats`.
    let kind: String
    /// Names the analyser's settings: a different version never reads another's results.
    let version: String
    /// The cache folder (`--cache`, `MEDIABATCH_CACHE`, else `~/.cache/mediabatch`).
    let cacheDirectory: String

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

    /// The entry's path; nil when the file cannot be stat'ed (it is then analysed without caching).
    func entryPath(path: String, question: [String]) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let facts = FileFacts(path: resolved, followingLinks: true) else { return nil }
        let hash = Digest()
        hash.update(([kind, version, resolved, "\(facts.size)", "\(facts.seconds).\(facts.nanoseconds)"] + question)
            .joined(separator: "\n"))
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
