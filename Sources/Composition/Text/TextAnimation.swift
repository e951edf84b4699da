import MediaCore

/// How text enters or leaves. An entrance runs from the layer's start; an exit ends at the layer's end and plays the
/// entrance backwards: a fade goes out, a slide leaves toward its edge, a pop swells and shrinks away, a typewriter
/// deletes characters from the last one. Durations run in the composition's timeline.
public enum TextAnimation: Sendable, Hashable, Codable {
    /// The side of the frame a slide comes from (or, for an exit, leaves toward).
    public enum Edge: String, Sendable, Hashable, Codable, CaseIterable {
        /// Above the frame.
        case top
        /// Below the frame.
        case bottom
        /// Left of the frame.
        case left
        /// Right of the frame.
        case right
    }

    /// The text appears (or disappears) at once.
    case none
    /// Opacity rises from 0 (or falls to 0) over `duration`.
    case fade(duration: MediaTime)
    /// The text moves between outside the frame at `edge` and its place over `duration`.
    case slide(from: Edge, duration: MediaTime)
    /// The text grows from nothing past its size and settles back (or swells and shrinks away) over `duration`.
    case pop(duration: MediaTime)
    /// The characters (grapheme clusters) appear one after another in reading order (or vanish from the last one),
    /// evenly over `duration`; the text keeps its final layout throughout.
    case typewriter(duration: MediaTime)
    /// The text grows from half its size while fading in (or shrinks to half while fading out) over `duration`.
    case zoom(duration: MediaTime)
    /// The text is uncovered (or covered) by an edge moving toward `edge` over `duration`.
    case wipe(toward: Edge, duration: MediaTime)

    /// How long the animation takes; zero for `none`.
    public var duration: MediaTime {
        switch self {
        case .none: .zero
        case let .fade(duration), let .slide(_, duration), let .pop(duration), let .typewriter(duration),
             let .zoom(duration), let .wipe(_, duration):
            duration
        }
    }
}
