/// Finds the beats and onsets of a soundtrack for cuts on the beat; the Beats target implements it with aubio,
/// MediaBatch caches it on disk. Manifest asks through this and never sees media.
public protocol BeatAnalysis: Sendable {
    /// The beat grid of the whole file at `path`, or an error whose description is one line naming the file.
    func beats(path: String) throws -> BeatGrid
}
