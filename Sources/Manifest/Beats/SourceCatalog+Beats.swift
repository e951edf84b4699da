import Foundation
public import MediaCore

extension SourceCatalog {
    /// The beat grid of the sound file at `path`, analysed once per run (the analysis itself may keep grids across
    /// runs).
    public func beatGrid(path: String) -> Result<BeatGrid, SourceProblem> {
        lock.withLock {
            if let known = beatGrids[path] { return known }
            let result: Result<BeatGrid, SourceProblem>
            if let beatAnalysis {
                do {
                    result = .success(try beatAnalysis.beats(path: path))
                } catch {
                    result = .failure(SourceProblem(stage: "probe", message: "cannot be analysed for beats: \(error)"))
                }
            } else {
                result = .failure(SourceProblem(stage: "probe", message: "cannot be analysed: beat analysis is not available here"))
            }
            beatGrids[path] = result
            return result
        }
    }
}
