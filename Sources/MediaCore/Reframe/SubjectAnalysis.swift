/// Finds the shots and the subject of a source range for auto-reframing; the Reframe target implements it with
/// OpenCV's detectors, MediaBatch caches it on disk. Manifest asks through this and never sees media.
public protocol SubjectAnalysis: Sendable {
    /// The shots and subject boxes of `range` (source time) of the file at `path`, or an error whose description is
    /// one line naming the file.
    func subjects(path: String, range: TimeRange, subject: ReframeSubject) throws -> SubjectTrack
}

/// What auto-reframing keeps in view.
public enum ReframeSubject: String, Sendable, Hashable, Codable, CaseIterable {
    /// Frontal faces.
    case faces
    /// Standing people.
    case people
    /// The region that stands out from the rest of the picture.
    case salient
    /// Faces where there are any, else people, else the salient region.
    case any
}
