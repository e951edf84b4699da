/// The pipeline stage in which an output failed.
public enum FailureStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// Reading the manifest's sources and building the job.
    case load
    /// Inspecting source files.
    case probe
    /// Decoding source frames or samples.
    case decode
    /// Encoding output frames or samples.
    case encode
    /// Writing the output container.
    case mux
    /// Checking the written file.
    case verify
    /// Running longer than the run's time limit (`--timeout`).
    case timeout
}
