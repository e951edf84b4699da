import Foundation
import MediaCore

/// Keeps subject tracks across runs in the cache folder beside downloads (`reframe/ab/<sha256>.json`), addressed by
/// the SHA-256 of the file's version (resolved path, size, modification time in nanoseconds), the analysed range,
/// the subject and the analyser's version. A track is written to a temporary file and renamed into place, so a
/// reader never sees half of one; a damaged entry is analysed again.
struct CachedSubjectAnalysis: SubjectAnalysis {
    /// What analyses on a miss.
    let analysis: any SubjectAnalysis
    /// Names the analyser's settings: a different version never reads another's tracks.
    let version: String
    /// The cache folder (`--cache`, `MEDIABATCH_CACHE`, else `~/.cache/mediabatch`).
    let cacheDirectory: String

    func subjects(path: String, range: TimeRange, subject: ReframeSubject) throws -> SubjectTrack {
        guard let entry = entryPath(path: path, range: range, subject: subject) else {
            return try analysis.subjects(path: path, range: range, subject: subject)
        }
        if let data = FileManager.default.contents(atPath: entry),
           let track = try? JSONDecoder().decode(SubjectTrack.self, from: data) {
            return track
        }
        let track = try analysis.subjects(path: path, range: range, subject: subject)
        store(track, at: entry)
        return track
    }

    /// The entry's path; nil when the file cannot be stat'ed (it is then analysed without caching).
    func entryPath(path: String, range: TimeRange, subject: ReframeSubject) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let facts = FileFacts(path: resolved, followingLinks: true) else { return nil }
        var hash = SHA256()
        hash.update(["reframe", version, resolved, "\(facts.size)", "\(facts.seconds).\(facts.nanoseconds)",
                     "\(range.start)", "\(range.duration)", subject.rawValue].joined(separator: "\n"))
        let name = hash.finalize()
        return [cacheDirectory, "reframe", String(name.prefix(2)), name + ".json"].joined(separator: "/")
    }

    /// Writes `track` atomically; a cache that cannot be written only costs the next run an analysis.
    private func store(_ track: SubjectTrack, at entry: String) {
        let folder = (entry as NSString).deletingLastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".reframe-\(UUID().uuidString)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
              let data = try? encoder.encode(track),
              FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, entry) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
