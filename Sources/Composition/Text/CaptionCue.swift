import MediaCore

/// One caption: plain text (tags stripped, lines joined with `\n`) shown over a time range.
public struct CaptionCue: Sendable, Hashable, Codable {
    /// When the caption shows, in the captions' own timeline until mapped.
    public var timeRange: TimeRange
    /// The caption's text.
    public var text: String
    /// When each word (or syllable) starts, where the file times them: WebVTT `<00:00:01.500>` time stamps or
    /// ASS-style `{\k50}` durations (centiseconds); empty when it does not.
    public var words: [Karaoke.Word] = []

    /// Creates a cue.
    public init(timeRange: TimeRange, text: String) {
        self.timeRange = timeRange
        self.text = text
    }
}
