import MediaCore

/// Word-by-word highlighting of a text layer: each word, a range of the text's grapheme clusters, is drawn in
/// `color` from its start time until the next word starts (or the layer ends).
public struct Karaoke: Sendable, Hashable, Codable {
    /// One timed word.
    public struct Word: Sendable, Hashable, Codable {
        /// Where the word starts in the composition's timeline.
        public var start: MediaTime
        /// The word's grapheme clusters in the text.
        public var characters: Range<Int>

        /// Creates a timed word.
        public init(start: MediaTime, characters: Range<Int>) {
            self.start = start
            self.characters = characters
        }
    }

    /// The words, in time order.
    public var words: [Word]
    /// The highlight colour.
    public var color: Color

    /// Creates karaoke highlighting.
    public init(words: [Word], color: Color) {
        self.words = words
        self.color = color
    }

    /// The word highlighted at `time`, if any.
    public func word(at time: MediaTime) -> Word? {
        words.last { $0.start <= time }
    }
}
