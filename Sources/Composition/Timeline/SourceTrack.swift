import Foundation
import MediaCore

/// A track of a media file described by value, so the model needs no media I/O (an AVAssetTrack's properties).
public struct SourceTrack: Sendable, Hashable, Codable {
    /// The media file; kept absolute so that JSON round trips give an equal value.
    public var url: URL { didSet { url = url.absoluteURL } }
    /// The track's ID inside the file.
    public var trackID: Int32
    /// Video, audio, subtitle or data.
    public var mediaType: MediaType
    /// The media the track has, usually `[0, duration)`.
    public var timeRange: TimeRange
    /// Video: the size of the pictures; zero for other media.
    public var naturalSize: Size
    /// Video: the nominal frame rate, if known.
    public var frameRate: FrameRate?
    /// Video: the transform the file asks for when displaying (rotation), if any.
    public var preferredTransform: AffineTransform2D?
    /// The track's own timescale (1/time base); becomes a composition track's default `naturalTimeScale`.
    public var naturalTimeScale: Int32

    /// Creates a source track; `naturalTimeScale` defaults to the duration's timescale, or 600 if that is not numeric.
    public init(url: URL, trackID: Int32, mediaType: MediaType, timeRange: TimeRange, naturalSize: Size = .zero,
                frameRate: FrameRate? = nil, preferredTransform: AffineTransform2D? = nil, naturalTimeScale: Int32? = nil) {
        self.url = url.absoluteURL
        self.trackID = trackID
        self.mediaType = mediaType
        self.timeRange = timeRange
        self.naturalSize = naturalSize
        self.frameRate = frameRate
        self.preferredTransform = preferredTransform
        let durationScale = timeRange.duration.isNumeric ? timeRange.duration.timescale : 600
        self.naturalTimeScale = naturalTimeScale ?? durationScale
    }

    /// A source track from a probed stream: track ID `index + 1`, range `[0, duration)` (the file's duration when the
    /// stream does not say, an endless range for a still picture) and the stream's time base. A video track's
    /// `naturalSize` is its display size (`ProbedStream.displaySize`: what a player shows) and its `preferredTransform`
    /// records a display rotation (coded pixels to display pixels, e.g. `[0 1 -1 0 h 0]` for 90 degrees clockwise; nil
    /// when upright). The renderer turns and rescales decoded pictures itself before any crop or fit, so crops, fits
    /// and layer transforms are all in display coordinates.
    public init(url: URL, stream: ProbedStream, fileDuration: MediaTime = .indefinite) {
        let scale = stream.timeBase.isNumeric && stream.timeBase.value == 1 ? stream.timeBase.timescale : 600
        let duration = stream.duration.isNumeric ? stream.duration : fileDuration
        self.init(url: url, trackID: Int32(stream.index + 1), mediaType: stream.mediaType,
                  timeRange: TimeRange(start: .zero, duration: stream.isStillImage ? .positiveInfinity : duration),
                  frameRate: stream.frameRate, naturalTimeScale: scale)
        guard stream.mediaType == .video else { return }
        let display = stream.displaySize
        naturalSize = Size(width: Double(display.width), height: Double(display.height))
        let (width, height) = stream.rotation % 180 == 0 ? (naturalSize.width, naturalSize.height)
                                                          : (naturalSize.height, naturalSize.width)
        switch stream.rotation {
        case 90: preferredTransform = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
        case 180: preferredTransform = AffineTransform2D(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        case 270: preferredTransform = AffineTransform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        default: break
        }
    }
}
