import MediaCore

/// A run of text drawn over the video for a time range: a title, a caption or a lower third.
///
/// Text layers are drawn on top of every video layer of the composition, in array order (the last on top), at the
/// output resolution. Text is UTF-8 of any script; right-to-left and combining scripts are shaped by the renderer.
public struct TextLayer: Sendable, Hashable, Codable {
    /// The text; `\n` breaks a line, long lines wrap to the placement's width.
    public var text: String
    /// When the text shows, in the composition's timeline (half-open).
    public var timeRange: TimeRange
    /// Font, size, colours, outline, shadow and box.
    public var style: TextStyle
    /// Where on the frame the text goes.
    public var placement: TextPlacement
    /// How the text enters, from the start of `timeRange`.
    public var animation: TextAnimation
    /// How the text leaves, ending at the end of `timeRange`. When the entrance and the exit together are longer
    /// than the layer, both are shortened in proportion so they meet.
    public var exit: TextAnimation
    /// How the text moves: the transform, crop and opacity ramps of the frame-sized layer the text is drawn on
    /// (canvas pixels; `trackID` unused), evaluated at every output frame, the text drawn afresh each frame; nil
    /// holds it still. With motion, only a typewriter `animation` or `exit` still applies (the others are part of
    /// the motion).
    public var motion: LayerInstruction? = nil
    /// Whether `text` is Pango markup (`<b>`, `<i>`, `<u>`, `<span color="#f00">`, `&amp;`) rather than literal.
    public var isMarkup = false
    /// Word times for karaoke captions: from each word's time on, that word is drawn in the highlight colour.
    public var karaoke: Karaoke?

    /// Creates a text layer; by default centred at the bottom, without animation.
    public init(text: String, timeRange: TimeRange, style: TextStyle = TextStyle(),
                placement: TextPlacement = .anchored(.bottom), animation: TextAnimation = .none,
                exit: TextAnimation = .none) {
        self.text = text
        self.timeRange = timeRange
        self.style = style
        self.placement = placement
        self.animation = animation
        self.exit = exit
    }
}
