import MediaCore

/// How a composition's video tracks become pictures: canvas, frame timing and instructions (AVVideoComposition).
public struct VideoComposition: Sendable, Hashable, Codable {
    /// The size of the output pictures.
    public var renderSize: Size
    /// The time between output frames.
    public var frameDuration: MediaTime
    /// The colour behind all layers, opaque black by default.
    public var backgroundColor: Color
    /// Instructions laid end to end from zero, covering the composition.
    public var instructions: [VideoCompositionInstruction]

    /// Creates a video composition.
    public init(renderSize: Size, frameDuration: MediaTime, backgroundColor: Color = .black,
                instructions: [VideoCompositionInstruction] = []) {
        self.renderSize = renderSize
        self.frameDuration = frameDuration
        self.backgroundColor = backgroundColor
        self.instructions = instructions
    }

    /// The instruction whose range contains `time`, if any.
    public func instruction(at time: MediaTime) -> VideoCompositionInstruction? {
        instructions.first { $0.timeRange.contains(time) }
    }
}
