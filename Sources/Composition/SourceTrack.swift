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

    /// A source track from a probed stream: track ID `index + 1`, range `[0, duration)`, coded size, frame rate and
    /// the stream's time base. Rotation is not turned into a transform here.
    public init(url: URL, stream: ProbedStream) {
        let scale = stream.timeBase.isNumeric && stream.timeBase.value == 1 ? stream.timeBase.timescale : 600
        self.init(url: url, trackID: Int32(stream.index + 1), mediaType: stream.mediaType,
                  timeRange: TimeRange(start: .zero, duration: stream.duration),
                  naturalSize: Size(width: Double(stream.width), height: Double(stream.height)),
                  frameRate: stream.frameRate, naturalTimeScale: scale)
    }
}
