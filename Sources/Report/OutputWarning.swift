/// Something that happened while an output rendered that its report shows although it succeeded: damaged source
/// packets concealed, an HDR source tone-mapped.
public struct OutputWarning: Sendable, Hashable, Codable {
    /// The pipeline stage a warning belongs to.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// Decoding a source: damaged packets concealed.
        case decode
        /// Converting a source's pictures: HDR tone-mapped to SDR.
        case convert
    }

    /// Where it happened.
    public var stage: Stage
    /// The source file concerned.
    public var source: String
    /// One line naming the file and what was done.
    public var message: String

    /// Creates a warning; `message` is folded onto one line.
    public init(stage: Stage, source: String, message: String) {
        self.stage = stage
        self.source = source
        self.message = ReportText.oneLine(message)
    }

    /// `decode: Megamind.avi: 1 corrupt audio packet concealed near 0.0 s`.
    public var text: String { "\(stage.rawValue): \(message)" }
}
