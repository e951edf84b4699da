/// Something an export did that its report should show although the output rendered: damaged source packets it
/// concealed, a source it tone-mapped.
public struct ExportWarning: Sendable, Hashable, CustomStringConvertible {
    /// The pipeline stage the warning belongs to.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// Decoding a source: damaged packets concealed.
        case decode
        /// Converting a source's pictures: HDR tone-mapped to SDR.
        case convert
    }

    /// Where it happened.
    public var stage: Stage
    /// The source file concerned, as the composition names it.
    public var source: String
    /// One line naming the file and what was done (`Megamind.avi: 3 corrupt audio packets concealed near 4.2 s`).
    public var message: String

    /// Creates a warning.
    public init(stage: Stage, source: String, message: String) {
        self.stage = stage
        self.source = source
        self.message = message
    }

    /// `decode: Megamind.avi: 3 corrupt audio packets concealed near 4.2 s`.
    public var description: String { "\(stage.rawValue): \(message)" }
}
