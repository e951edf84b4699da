import MediaCore

/// What to show over one range of the timeline: layers stacked with the first on top (AVVideoCompositionInstruction).
public struct VideoCompositionInstruction: Sendable, Hashable, Codable {
    /// The range the instruction applies to.
    public var timeRange: TimeRange
    /// The layers, the first in the array on top; none shows the background colour.
    public var layerInstructions: [LayerInstruction]
    /// A background for this range, overriding the video composition's; nil uses that one.
    public var backgroundColor: Color?
    /// A per-pixel transition between two of the layers (custom compositing); nil for none.
    public var transitionEffect: VideoTransitionEffect?

    /// Creates an instruction.
    public init(timeRange: TimeRange, layerInstructions: [LayerInstruction] = [], backgroundColor: Color? = nil,
                transitionEffect: VideoTransitionEffect? = nil) {
        self.timeRange = timeRange
        self.layerInstructions = layerInstructions
        self.backgroundColor = backgroundColor
        self.transitionEffect = transitionEffect
    }

    /// The IDs of the layers' tracks, top first.
    public var trackIDs: [Int32] { layerInstructions.map(\.trackID) }

    /// The layer for `trackID`, if any.
    public func layerInstruction(forTrackID trackID: Int32) -> LayerInstruction? {
        layerInstructions.first { $0.trackID == trackID }
    }
}
