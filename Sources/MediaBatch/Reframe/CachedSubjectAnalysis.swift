import Foundation
import MediaCore

/// Keeps subject tracks across runs in the cache folder beside downloads (`reframe/ab/<sha256>.json`, see
/// `AnalysisCache`), addressed by the file's content, the analysed range, the subject and the analyser's version.
struct CachedSubjectAnalysis: SubjectAnalysis {
    /// What analyses on a miss.
    let analysis: any SubjectAnalysis
    /// The `reframe` folder of the cache.
    let cache: AnalysisCache

    /// Subject tracks of `analysis` kept under `cacheDirectory` for the analyser `version`.
    init(analysis: any SubjectAnalysis, version: String, cacheDirectory: String) {
        self.analysis = analysis
        cache = AnalysisCache(kind: "reframe", version: version, cacheDirectory: cacheDirectory)
    }

    func subjects(path: String, range: TimeRange, subject: ReframeSubject) throws -> SubjectTrack {
        try cache.result(path: path, question: Self.question(range: range, subject: subject)) {
            try analysis.subjects(path: path, range: range, subject: subject)
        }
    }

    /// The entry's path; nil when the file cannot be stat'ed (it is then analysed without caching).
    func entryPath(path: String, range: TimeRange, subject: ReframeSubject) -> String? {
        cache.entryPath(path: path, question: Self.question(range: range, subject: subject))
    }

    /// What besides the file names an entry: the range and the subject.
    private static func question(range: TimeRange, subject: ReframeSubject) -> [String] {
        ["\(range.start)", "\(range.duration)", subject.rawValue]
    }
}
