/// An exact frame rate `numerator / denominator` frames per second (30000/1001 for 29.97).
public struct FrameRate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames.
    public var numerator: Int32
    /// Per this many seconds.
    public var denominator: Int32

    /// Creates a rate of `numerator / denominator` frames per second.
    public init(_ numerator: Int32, _ denominator: Int32 = 1) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Whether both parts are positive.
    public var isValid: Bool { numerator > 0 && denominator > 0 }

    /// The exact duration of one frame, `denominator / numerator` seconds.
    public var frameDuration: MediaTime { MediaTime(value: Int64(denominator), timescale: numerator) }

    /// Frames per second as a Double, for display.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The time of frame `index` from zero, `index * frameDuration`, exact.
    public func time(ofFrame index: Int64) -> MediaTime {
        MediaTime(value: index * Int64(denominator), timescale: numerator)
    }

    /// `30`, `30000/1001`.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
