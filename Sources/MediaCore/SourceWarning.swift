/// Something a render did to a source that its report shows although the output succeeded: damaged packets it
/// concealed, HDR pictures it tone-mapped.
public struct SourceWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pipeline stage a warning belongs to.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// Decoding a source: damaged packets concealed.
        case decode
        /// Converting a source's pictures: HDR tone-mapped to SDR.
        case convert
        /// Laying out titles and captions: characters no font has, text that does not fit, font fallbacks.
        case text
    }

    /// Where it happened.
    public var stage: Stage
    /// The source file concerned, as the composition names it.
    public var source: String
    /// One line naming the file and what was done (`Megamind.avi: 3 corrupt audio packets concealed near 4.2 s`).
    public var message: String

    /// Creates a warning; line breaks in `message` become spaces.
    public init(stage: Stage, source: String, message: String) {
        self.stage = stage
        self.source = source
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// `decode: Megamind.avi: 3 corrupt audio packets concealed near 4.2 s`.
    public var description: String { "\(stage.rawValue): \(message)" }
}
