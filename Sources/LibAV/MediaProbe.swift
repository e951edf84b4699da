import MediaCore

/// The `SourceProbe` mediabatch uses: opens the file with `InputFile` (local files only) and describes it.
public struct MediaProbe: SourceProbe {
    /// Creates a probe.
    public init() {}

    /// The container and streams of the file at `path`; a `LibAVError` naming the file when it cannot be read.
    public func probe(path: String) throws -> ProbedMedia {
        try InputFile(path: path).media
    }
}
