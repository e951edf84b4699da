import Foundation
import MediaCore

/// Keeps soundtracks' beat grids across runs in the cache folder beside downloads (`beats/ab/<sha256>.json`, see
/// `AnalysisCache`), addressed by the file's content and the analyser's version.
struct CachedBeatAnalysis: BeatAnalysis {
    /// What analyses on a miss.
    let analysis: any BeatAnalysis
    /// The `beats` folder of the cache.
    let cache: AnalysisCache

    /// Beat grids of `analysis` kept under `cacheDirectory` for the analyser `version`.
    init(analysis: any BeatAnalysis, version: String, cacheDirectory: String) {
        self.analysis = analysis
        cache = AnalysisCache(kind: "beats", version: version, cacheDirectory: cacheDirectory)
    }

    func beats(path: String) throws -> BeatGrid {
        try cache.result(path: path, question: []) { try analysis.beats(path: path) }
    }
}
