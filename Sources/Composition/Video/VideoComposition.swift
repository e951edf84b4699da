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
    /// Text drawn over all video layers, in array order (the last on top); see `TextLayer`.
    public var textLayers: [TextLayer] = []
    /// libass scripts drawn over the text layers, in array order; see `ASSOverlay`.
    public var assOverlays: [ASSOverlay] = []
    /// Filters changing the composited pictures before the text is drawn, by stretch; see `PictureFilter`.
    public var pictureFilters: [PictureFilterSpan] = []

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

extension VideoComposition {
    private enum CodingKeys: String, CodingKey {
        case renderSize, frameDuration, backgroundColor, instructions, textLayers, assOverlays, pictureFilters
    }

    /// Decodes a video composition; missing text and filter keys decode as empty, so older JSON still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        renderSize = try container.decode(Size.self, forKey: .renderSize)
        frameDuration = try container.decode(MediaTime.self, forKey: .frameDuration)
        backgroundColor = try container.decode(Color.self, forKey: .backgroundColor)
        instructions = try container.decode([VideoCompositionInstruction].self, forKey: .instructions)
        textLayers = try container.decodeIfPresent([TextLayer].self, forKey: .textLayers) ?? []
        assOverlays = try container.decodeIfPresent([ASSOverlay].self, forKey: .assOverlays) ?? []
        pictureFilters = try container.decodeIfPresent([PictureFilterSpan].self, forKey: .pictureFilters) ?? []
    }

    /// Encodes a video composition; empty text and filter keys are left out, so compositions without them keep their
    /// JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(renderSize, forKey: .renderSize)
        try container.encode(frameDuration, forKey: .frameDuration)
        try container.encode(backgroundColor, forKey: .backgroundColor)
        try container.encode(instructions, forKey: .instructions)
        if !textLayers.isEmpty { try container.encode(textLayers, forKey: .textLayers) }
        if !assOverlays.isEmpty { try container.encode(assOverlays, forKey: .assOverlays) }
        if !pictureFilters.isEmpty { try container.encode(pictureFilters, forKey: .pictureFilters) }
    }
}
