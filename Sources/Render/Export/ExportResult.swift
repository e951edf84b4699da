import LibAV
import MediaCore

/// What a successful export wrote.
public struct ExportResult: Sendable, Hashable {
    /// The file written.
    public var outputPath: String
    /// The written file as MediaProbe describes it after the trailer.
    public var probe: ProbedMedia
    /// The written file's duration.
    public var duration: MediaTime
    /// The file's size in bytes.
    public var byteSize: Int64
    /// Wall-clock seconds the export took.
    public var renderSeconds: Double
    /// Video frames encoded (1 for a poster, 0 for audio-only, packets copied for passthrough video).
    public var framesWritten: Int64
    /// Passthrough: video pictures copied as they were (0 when the file was encoded).
    public var copiedFrames: Int64
    /// Smart passthrough: video pictures re-encoded at cuts between keyframes (0 otherwise).
    public var reencodedFrames: Int64
    /// Why passthrough was asked for but the file was re-encoded; nil otherwise.
    public var reencodeReason: String?
    /// EBU R128 loudness of the encoded audio as it went into the encoder; nil without audio, for passthrough and
    /// posters, and when the session did not measure.
    public var loudness: Loudness?
    /// What the export concealed or converted on the way (damaged source packets, HDR sources tone-mapped).
    public var warnings: [SourceWarning]
    /// The video segments taken from the run's `SegmentCache` instead of being rendered, in output order.
    public var reusedSegments: [SegmentReuse]
    /// The output pictures kept at `ExportSession.stillTimes`, by asked time (missing: not kept).
    public var stills: [MediaTime: Picture] = [:]

    /// Creates a result.
    public init(outputPath: String, probe: ProbedMedia, duration: MediaTime, byteSize: Int64, renderSeconds: Double,
                framesWritten: Int64, reencodeReason: String? = nil, loudness: Loudness? = nil,
                warnings: [SourceWarning] = [], copiedFrames: Int64 = 0, reencodedFrames: Int64 = 0,
                reusedSegments: [SegmentReuse] = []) {
        self.copiedFrames = copiedFrames
        self.reencodedFrames = reencodedFrames
        self.outputPath = outputPath
        self.probe = probe
        self.duration = duration
        self.byteSize = byteSize
        self.renderSeconds = renderSeconds
        self.framesWritten = framesWritten
        self.reencodeReason = reencodeReason
        self.loudness = loudness
        self.warnings = warnings
        self.reusedSegments = reusedSegments
    }
}
