public import MediaCore

/// `reframe:` on a clip or an output (the default of its clips): whether and how the crop follows the subject.
public struct ReframeSpec: Sendable, Hashable, Codable {
    /// Off (the fitted picture) or auto (a crop of the output's aspect that keeps the subject in view).
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// The clip's `fit` and `crop` as written.
        case off
        /// The crop follows the subject, shot by shot.
        case auto
    }

    /// Off or auto.
    public var mode: Mode
    /// What to keep in view.
    public var subject: ReframeSubject
    /// Room kept around the subject on each side, as a fraction of the crop's size.
    public var padding: Double
    /// 0 follows the subject exactly; 1 smooths its movement over a second either side.
    public var smoothing: Double
    /// Where `reframe` is written.
    public var location: SourceLocation

    /// The defaults: any subject, 10% padding, smoothing 0.5.
    public init(mode: Mode, subject: ReframeSubject = .any, padding: Double = 0.1, smoothing: Double = 0.5,
                location: SourceLocation) {
        self.mode = mode
        self.subject = subject
        self.padding = padding
        self.smoothing = smoothing
        self.location = location
    }
}
