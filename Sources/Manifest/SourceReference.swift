public import MediaCore

/// Where a clip's media comes from: a file, a built-in generator, or another output of the batch.
public enum SourceReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A media file, by its path resolved against the manifest's directory.
    case file(path: String)
    /// A built-in generator.
    case generator(GeneratorSpec)
    /// Another output of the batch, by name: a dependency.
    case output(name: String)

    /// `file 'media/a.mp4'`, `generator 'testpattern'`, `output 'teaser'`.
    public var description: String {
        switch self {
        case .file(let path): "file '\(path)'"
        case .generator(let spec): "generator '\(spec.kind.rawValue)'"
        case .output(let name): "output '\(name)'"
        }
    }
}

/// A built-in source: a test pattern, a colour, a tone or silence, of a given duration.
public struct GeneratorSpec: Sendable, Hashable, Codable {
    /// The built-in generators.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Colour bars with a moving element, and a 1 kHz tone.
        case testpattern
        /// A solid colour, silent.
        case color
        /// A sine tone, no picture.
        case tone
        /// Silence, no picture.
        case silence
    }

    /// Which generator.
    public var kind: Kind
    /// How long the source is.
    public var duration: MediaTime
    /// Picture width and height (testpattern, color).
    public var width: Int
    /// Picture height.
    public var height: Int
    /// Picture rate.
    public var frameRate: FrameRate
    /// Colour as `#rrggbb` or a name (color).
    public var color: String
    /// Tone frequency in hertz (tone, testpattern).
    public var frequency: Double

    /// Creates a generator description; defaults give 1920x1080 at 30 fps, black, 1 kHz.
    public init(kind: Kind, duration: MediaTime, width: Int = 1920, height: Int = 1080,
                frameRate: FrameRate = FrameRate(30), color: String = "black", frequency: Double = 1000) {
        self.kind = kind
        self.duration = duration
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.color = color
        self.frequency = frequency
    }

    /// Whether the generator makes pictures.
    public var hasVideo: Bool { kind == .testpattern || kind == .color }
    /// Whether the generator makes sound (a colour is silent but still has an audio track of silence).
    public var hasAudio: Bool { true }
}
