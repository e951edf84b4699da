import MediaCore

/// The `SourceProbe` mediabatch uses: opens the file with `InputFile` (local files only), or an SVG file with
/// `VectorImage` and a Lottie file with `LottieAnimation`, and describes it.
public struct MediaProbe: SourceProbe {
    /// Whether sources may be named pipes or character or block devices.
    public var allowsDevices: Bool

    /// Creates a probe; `allowsDevices` also lets it open named pipes and devices.
    public init(allowsDevices: Bool = false) {
        self.allowsDevices = allowsDevices
    }

    /// The container and streams of the file at `path`; a `LibAVError` naming the file when it cannot be read.
    public func probe(path: String) throws -> ProbedMedia {
        if DrawingText.isSVG(path) { return try VectorImage(path: path).media }
        if LottieAnimation.isLottie(path) { return try LottieAnimation(path: path).media }
        return try InputFile(path: path, allowsDevices: allowsDevices).media
    }
}
