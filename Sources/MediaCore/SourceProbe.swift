/// Reads a media file's container, duration and streams without decoding it; LibAV implements it.
public protocol SourceProbe: Sendable {
    /// Probes the file at `path`, or throws an error whose description is one line naming the file.
    func probe(path: String) throws -> ProbedMedia
}
