/// The kind of media a track or stream carries.
public enum MediaType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Pictures.
    case video
    /// Sound.
    case audio
    /// Text tracks (subtitles, captions).
    case subtitle
    /// Anything else a container carries (timecode, metadata).
    case data
}
