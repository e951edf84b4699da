public import Foundation
import MediaCore

/// Everything the report says about one output: where it was declared, what was made, how long it took, what failed.
public struct OutputReport: Sendable, Hashable, Codable {
    /// The output's name, unique in a run.
    public var name: String
    /// Where the manifest declares it.
    public var location: SourceLocation?
    /// The output file's path.
    public var path: String
    /// What became of it.
    public var status: OutputStatus
    /// The composition's duration, known before rendering.
    public var expectedDuration: ReportTime?
    /// The duration probed from the written file.
    public var actualDuration: ReportTime?
    /// Wall-clock seconds the render took.
    public var renderSeconds: Double?
    /// Media seconds rendered per wall-clock second (actual, else expected, duration over render time); rendered only.
    public var speed: Double?
    /// The written file's size in bytes.
    public var byteSize: Int64?
    /// Video codec name, e.g. `h264`.
    public var videoCodec: String?
    /// Audio codec name, e.g. `aac`.
    public var audioCodec: String?
    /// Picture size.
    public var resolution: Resolution?
    /// Frame rate.
    public var frameRate: FrameRate?
    /// Integrated loudness in LUFS, when measured.
    public var loudnessLUFS: Double?
    /// Names of the outputs this one uses as sources.
    public var dependencies: [String]
    /// How many times the render was started (0 when it never ran).
    public var attempts: Int
    /// Path of a poster frame image, when one was written.
    public var posterPath: String?
    /// Stage and reason when `status` is `failed`.
    public var failure: OutputFailure?
    /// Why it was not rendered when `status` is `skipped` or `cancelled`.
    public var skipReason: String?
    /// What was concealed or converted while rendering (damaged source packets, HDR tone-mapped); nil when nothing
    /// was, so the key is left out of `report.json`.
    public var warnings: [SourceWarning]?
    /// When the output file was last written by a render (this run's or an earlier one's).
    public var lastRenderedAt: Date?
    /// When a run last looked at this output; earlier than the report's `startedAt` for entries kept from an
    /// earlier run that this one did not look at (a subset run).
    public var checkedAt: Date?
    /// Why it was rendered rather than up to date (`its inputs or settings changed`, `the file is missing`,
    /// `forced`), when `status` is `rendered`.
    public var renderReason: String?
    /// The video segments this render took from the run's shared segment cache (what each shows); nil when none.
    public var reusedSegments: [String]?
    /// The seconds of output video those segments cover: rendering and encoding this run did not repeat.
    public var reusedSeconds: Double?
    /// The video segments this render took from the segment cache folder, encoded by earlier runs (what each
    /// shows); nil when none.
    public var cachedSegments: [String]?
    /// The seconds of output video those segments cover.
    public var cachedSeconds: Double?
    /// The sound this render copied whole from another output of the run (what it is made of); nil when it mixed
    /// and encoded its own.
    public var reusedSoundtrack: String?
    /// Video pictures this render copied from its sources' compressed packets (passthrough) instead of encoding
    /// them; nil when none.
    public var copiedFrames: Int64?
    /// Why a `passthrough` preset could not copy the whole output (`passthrough: ...`); nil when it did, or without
    /// passthrough.
    public var passthroughReason: String?
    /// The markers of the OpenTimelineIO timeline the output was cut from; nil for an output without one.
    public var markers: [ReportMarker]?
    /// Each clip `reframe: auto` applies to, with its crop's path (shots, still or following) or why it is not
    /// reframed; nil when none asks for it.
    public var reframed: [String]?

    /// Creates an output report; for a rendered output `speed` defaults to the media duration over `renderSeconds`.
    public init(
        name: String, location: SourceLocation? = nil, path: String, status: OutputStatus,
        expectedDuration: ReportTime? = nil, actualDuration: ReportTime? = nil, renderSeconds: Double? = nil,
        speed: Double? = nil, byteSize: Int64? = nil, videoCodec: String? = nil, audioCodec: String? = nil,
        resolution: Resolution? = nil, frameRate: FrameRate? = nil, loudnessLUFS: Double? = nil,
        dependencies: [String] = [], attempts: Int = 0, posterPath: String? = nil, failure: OutputFailure? = nil,
        skipReason: String? = nil, warnings: [SourceWarning] = []
    ) {
        self.name = name
        self.location = location
        self.path = path
        self.status = status
        self.expectedDuration = expectedDuration
        self.actualDuration = actualDuration
        self.renderSeconds = renderSeconds
        self.speed = speed ?? (status == .rendered ? Self.speed(media: (actualDuration ?? expectedDuration)?.seconds, render: renderSeconds) : nil)
        self.byteSize = byteSize
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.resolution = resolution
        self.frameRate = frameRate
        self.loudnessLUFS = loudnessLUFS
        self.dependencies = dependencies
        self.attempts = attempts
        self.posterPath = posterPath
        self.failure = failure
        self.skipReason = skipReason.map(ReportText.oneLine)
        self.warnings = warnings.isEmpty ? nil : warnings
    }

    /// The media duration shown in summaries: actual when probed, else expected.
    public var displayDuration: ReportTime? { actualDuration ?? expectedDuration }

    /// Media seconds per render second; nil when either is unknown, the render took no time, or the output is a
    /// picture (no duration, so no speed to tell).
    public static func speed(media: Double?, render: Double?) -> Double? {
        guard let media, let render, render > 0, media.isFinite, media > 0 else { return nil }
        return media / render
    }

    /// Whether the entry comes from a run before the one that started at `runStart` (kept by a subset run).
    public func isFromEarlierRun(than runStart: Date) -> Bool {
        guard let checkedAt else { return false }
        return checkedAt < runStart
    }

    /// The one-line reason a summary shows: the failure reason or the skip reason.
    public var reasonText: String? {
        if let failure { return "\(failure.stage.rawValue): \(failure.reason)" }
        return skipReason
    }
}
