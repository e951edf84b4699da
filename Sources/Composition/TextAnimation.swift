import MediaCore

/// How text enters (and for fades, leaves); durations run in the composition's timeline from the layer's start
/// (or back from its end).
public enum TextAnimation: Sendable, Hashable, Codable {
    /// The side of the frame a slide comes from.
    public enum Edge: String, Sendable, Hashable, Codable, CaseIterable {
        /// From above the frame.
        case top
        /// From below the frame.
        case bottom
        /// From the left of the frame.
        case left
        /// From the right of the frame.
        case right
    }

    /// The text appears and disappears at once.
    case none
    /// Opacity rises from 0 over `in` after the start and falls to 0 over `out` before the end.
    case fade(in: MediaTime, out: MediaTime)
    /// The text moves in from outside the frame at `edge` to its place over `duration`.
    case slide(from: Edge, duration: MediaTime)
    /// The text grows from nothing past its size and settles back over `duration`.
    case pop(duration: MediaTime)
    /// The characters (grapheme clusters) appear one after another, evenly over `duration`.
    case typewriter(duration: MediaTime)
}
