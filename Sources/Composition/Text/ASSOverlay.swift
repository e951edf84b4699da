import MediaCore

/// An Advanced SubStation Alpha script (`.ass` / `.ssa`) drawn as it is by libass over the video, for styled
/// subtitles authored elsewhere: the escape hatch beyond what `TextLayer` can say.
///
/// The script keeps its own styles and PlayRes (libass scales it to the output size); its event times are moved by
/// `timeOffset` (script time 0 plays at composition time `timeOffset`). Overlays are drawn after the text layers.
public struct ASSOverlay: Sendable, Hashable, Codable {
    /// The whole script text (the caller reads the file, so the model stays free of I/O).
    public var contents: String
    /// Where script time zero falls on the composition's timeline.
    public var timeOffset: MediaTime

    /// Creates an overlay from script text.
    public init(contents: String, timeOffset: MediaTime = .zero) {
        self.contents = contents
        self.timeOffset = timeOffset
    }
}
