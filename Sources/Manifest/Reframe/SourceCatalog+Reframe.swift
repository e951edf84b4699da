import Foundation
public import MediaCore

/// One analysis asked of the catalog: a file, a source range and what to look for.
struct SubjectTrackKey: Hashable {
    var path: String
    var range: TimeRange
    var subject: ReframeSubject
}

extension SourceCatalog {
    /// The shots and subject boxes of `range` of the file at `path`, analysed once per run (the analysis itself
    /// may keep results across runs).
    public func subjectTrack(path: String, range: TimeRange, subject: ReframeSubject) -> Result<SubjectTrack, SourceProblem> {
        lock.withLock {
            let key = SubjectTrackKey(path: path, range: range, subject: subject)
            if let known = subjectTracks[key] { return known }
            let result: Result<SubjectTrack, SourceProblem>
            if let subjects {
                do {
                    result = .success(try subjects.subjects(path: path, range: range, subject: subject))
                } catch {
                    result = .failure(SourceProblem(stage: "probe", message: "cannot be analysed for reframing: \(error)"))
                }
            } else {
                result = .failure(SourceProblem(stage: "probe", message: "cannot be analysed: auto-reframing is not available here"))
            }
            subjectTracks[key] = result
            return result
        }
    }
}
