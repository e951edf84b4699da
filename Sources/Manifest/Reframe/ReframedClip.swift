public import Composition
public import MediaCore

/// What `reframe: auto` did to one clip, video overlay or segment of a layer: the path its crop takes, or why it was
/// not reframed.
public struct ReframedClip: Sendable, Hashable, Codable {
    /// What is reframed: a clip of the sequence, a video overlay drawn in its region, or a segment of a layer.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A clip of the output's sequence; its crop has the canvas's aspect.
        case clip
        /// A `video:` overlay; its crop has the aspect of the overlay's region.
        case overlay
        /// A video segment of a `tracks:` layer; its crop has the aspect of the layer's region.
        case layer
    }

    /// Whether `clip` counts clips, overlays or tracks.
    public var kind: Kind = .clip
    /// The item's place among the output's clips (the intro first when there is one), among its overlays, or, for a
    /// layer, its track's number in `tracks:`, from 1.
    public var clip: Int
    /// The clip's source as messages name it.
    public var source: String
    /// Where the clip is written.
    public var location: SourceLocation
    /// The clip's time on the output timeline.
    public var timeRange: TimeRange
    /// The source's display size, which the path's positions are in.
    public var sourceSize: Size
    /// What the crop follows.
    public var subject: ReframeSubject
    /// The crop's path; nil when the clip is not reframed.
    public var path: CameraPath?
    /// The composition track that plays a layer's segment; nil for clips and overlays.
    public var trackID: Int32? = nil
    /// Why the clip is not reframed (a hand-written `crop` or `motion` wins; a source without a file); nil when it is.
    public var note: String?
}

/// The clips reframed while one output is built.
final class ReframeLog {
    var clips: [ReframedClip] = []
}
