import Composition
import Foundation
import LibAV
import MediaCore
import Synchronization

/// Renders a composition into a media file through FFmpeg's libraries (AVAssetExportSession): video frame by frame,
/// audio sample by sample, encoded and muxed per the export settings, then verified by probing the written file.
///
/// `export()` runs synchronously on the calling thread; `status`, `progress` and `cancel()` may be used from any
/// thread meanwhile. `timeRange` (the whole composition by default) says which part of the timeline becomes the file. A failed or cancelled export deletes its partial output (a file it did not create is left
/// alone). Memory does not grow with the output's
/// length: frames and packets are handed on as they are made. Output frames follow the preset's frame rate (frame n at
/// n / rate, exactly); the video composition's `frameDuration` is not used for timing. The bytes written depend only
/// on the composition, the settings (the encoder's thread count among them) and the libraries: not on the machine,
/// its load or the clock.
public final class ExportSession: Sendable {
    /// The timeline to render.
    public let composition: MutableComposition
    /// How video tracks become pictures; nil fits each video track's pictures into the canvas (the first on top).
    public let videoComposition: VideoComposition?
    /// Per-track volume.
    public let audioMix: AudioMix
    /// Container and encoding.
    public let settings: ExportSettings
    /// The file written.
    public let outputPath: String

    private struct State {
        var status = ExportStatus.unknown
        var progress = 0.0
        var decoderThreads = 2
        var measuresLoudness = true
        var timeRange = TimeRange.everything
        var allowsDevices = false
        var pipelineDepth = ExportSession.defaultPipelineDepth
        var segmentCache: SegmentCache?
        var shareableRanges: [TimeRange] = []
        var fileDigests = FileDigests()
        var warmsUpSources = true
        var sharesCores = false
        var maximumLanes = Int.max
        var onTail: (@Sendable () -> Void)?
        var stillTimes: [MediaTime] = []
        var stillWidth = 320
        /// The keyed segments this export staged in the run cache's archive, not yet published or dropped.
        var stagedSegments: [StagedSegment] = []
    }

    private let state = Mutex(State())
    private let cancelRequested = Atomic<Bool>(false)
    /// The damaged packets the export's video sources concealed so far: a keyed segment made while there were any is
    /// neither shared nor kept (see `storingShared`).
    let damageTally = DamageTally()
    /// Whether this export has created the output file (only then does a failure delete it).
    private let createdOutput = Atomic<Bool>(false)

    /// Creates a session; nothing happens until `export()`.
    public init(composition: MutableComposition, videoComposition: VideoComposition?, audioMix: AudioMix = AudioMix(),
                settings: ExportSettings, outputPath: String) {
        self.composition = composition
        self.videoComposition = videoComposition
        self.audioMix = audioMix
        self.settings = settings
        self.outputPath = outputPath
    }

    /// Where the session is; safe to read from any thread.
    public var status: ExportStatus { state.withLock { $0.status } }

    /// Fraction done, 0...1 (frames, or samples for audio-only outputs); safe to read from any thread.
    public var progress: Double { state.withLock { $0.progress } }

    /// Decoder threads per video source (default 2); 0 lets libav choose.
    public var decoderThreads: Int {
        get { state.withLock { $0.decoderThreads } }
        set { state.withLock { $0.decoderThreads = max(0, newValue) } }
    }

    /// Frames rendered (and audio chunks mixed) ahead on threads of their own while the caller encodes and muxes;
    /// 0 renders, mixes, encodes and muxes on the calling thread. The bytes written are the same either way.
    var pipelineDepth: Int {
        get { state.withLock { $0.pipelineDepth } }
        set { state.withLock { $0.pipelineDepth = max(0, newValue) } }
    }

    /// Whether video sources first shown later in the timeline start decoding a little before they are needed, on
    /// threads of their own (see `SourcePool.planWarmUps`); the bytes written are the same either way.
    var warmsUpSources: Bool {
        get { state.withLock { $0.warmsUpSources } }
        set { state.withLock { $0.warmsUpSources = newValue } }
    }

    /// Whether other renders share the machine's cores with this export. It then keeps less in flight: one frame
    /// rendered ahead and no early decoding of later sources. With every core busy anyway that costs no time and
    /// holds less memory; alone on the machine it is slower. Its encoder settings, and so the bytes written, are the
    /// same either way.
    public var sharesCores: Bool {
        get { state.withLock { $0.sharesCores } }
        set { state.withLock { $0.sharesCores = newValue } }
    }

    /// The most encoder lanes this export runs at once when its preset encodes in lanes
    /// (`ExportSettings.Video.encoderLanes`; default: all of them). Each lane holds an encoder session, a renderer and
    /// its sources, so a tight memory budget runs fewer; the bytes written are the same with any number.
    public var maximumLanes: Int {
        get { state.withLock { $0.maximumLanes } }
        set { state.withLock { $0.maximumLanes = max(1, newValue) } }
    }

    /// Called once by a video export (not a pure stream copy, an animated picture or a still), on its thread, when
    /// the last picture has been handed to the encoder and the video sources are closed: what is left (the encoder's
    /// drain, the end of the sound, the trailer, the check of the written file) does little work and holds about
    /// `RenderMemory.tail(settings:)`. A run starts its next render then.
    public var onTail: (@Sendable () -> Void)? {
        get { state.withLock { $0.onTail } }
        set { state.withLock { $0.onTail = newValue } }
    }

    /// The frames this export renders ahead: `pipelineDepth`, at most one when it shares the cores.
    var framesAhead: Int { state.withLock { $0.sharesCores ? min($0.pipelineDepth, 1) : $0.pipelineDepth } }

    /// Whether this export decodes later sources early: `warmsUpSources`, unless it shares the cores.
    var warmsUpEarly: Bool { state.withLock { $0.warmsUpSources && !$0.sharesCores } }

    /// The default `pipelineDepth`: enough to ride out a slow frame (a transition, a seek) without holding much.
    static let defaultPipelineDepth = 3

    /// The composition ranges whose unchanging stretches are encoded as segments of their own (each a fresh encoder
    /// session, starting with a keyframe), so that other outputs showing the same pictures with the same settings can
    /// reuse them through `segmentCache`: the parts a batch repeats, such as an intro and an outro. Empty (the
    /// default) encodes the whole output in one session. The ranges change the bytes written, so they must come from
    /// the output's own definition, never from what else a run renders.
    public var shareableRanges: [TimeRange] {
        get { state.withLock { $0.shareableRanges } }
        set { state.withLock { $0.shareableRanges = newValue } }
    }

    /// The content digests segment keys name source files by (by default the session's own, each file read once); a
    /// run gives its sessions one that remembers them across runs. The bytes written are the same either way.
    public var fileDigests: FileDigests {
        get { state.withLock { $0.fileDigests } }
        set { state.withLock { $0.fileDigests = newValue } }
    }

    /// The run's shared video segments (nil: every segment is rendered); the bytes are the same either way.
    public var segmentCache: SegmentCache? {
        get { state.withLock { $0.segmentCache } }
        set { state.withLock { $0.segmentCache = newValue } }
    }

    /// Stages a segment this export encoded under `key` in the run cache's archive (see `SegmentCache.stage`) and
    /// remembers it for `settleArchived(keeping:)`.
    func archive(_ key: SegmentKey, packets: [Packet], extradata: [UInt8], stills: [Int64: Picture]) {
        guard let staged = segmentCache?.stage(key, packets: packets, extradata: extradata, stills: stills) else {
            return
        }
        state.withLock { $0.stagedSegments.append(staged) }
    }

    /// Publishes every segment this export staged (`keeping`), or drops them: a segment made from damaged sources is
    /// never kept, since a kept segment is not decoded again and a later run would neither report the damage nor
    /// count it against the damage limit. Later calls do nothing until another segment is staged.
    func settleArchived(keeping: @autoclosure () -> Bool) {
        let staged = state.withLock { state in
            defer { state.stagedSegments = [] }
            return state.stagedSegments
        }
        guard !staged.isEmpty, let archive = segmentCache?.archive else { return }
        let keeps = keeping()
        for segment in staged {
            if keeps { archive.publish(segment) } else { archive.discard(segment) }
        }
    }

    /// Composition times whose output pictures the export keeps in `ExportResult.stills` (at most `stillWidth` wide),
    /// so thumbnails need no second render; a time inside a segment taken from the cache is kept when the segment
    /// carries its picture (its render kept it), one in an HDR output never. Empty (the default) keeps none. The file
    /// written is the same either way.
    public var stillTimes: [MediaTime] {
        get { state.withLock { $0.stillTimes } }
        set { state.withLock { $0.stillTimes = newValue } }
    }

    /// The largest width of the pictures in `ExportResult.stills` (default 320; smaller outputs keep their own).
    public var stillWidth: Int {
        get { state.withLock { $0.stillWidth } }
        set { state.withLock { $0.stillWidth = max(2, newValue) } }
    }

    /// Whether sources may be named pipes or character or block devices (default false: regular files only).
    public var allowsDevices: Bool {
        get { state.withLock { $0.allowsDevices } }
        set { state.withLock { $0.allowsDevices = newValue } }
    }

    /// Whether the output's loudness is measured for `ExportResult.loudness` (default true; always when the preset
    /// has a loudness target).
    public var measuresLoudness: Bool {
        get { state.withLock { $0.measuresLoudness } }
        set { state.withLock { $0.measuresLoudness = newValue } }
    }

    /// The part of the composition's timeline to export (AVAssetExportSession's `timeRange`): zero to +infinity, the
    /// whole composition, by default; a range reaching past the end is cut at the end. The file starts at the range's
    /// start. Poster presets ignore it (their picture is at `ExportSettings.posterTime`).
    public var timeRange: TimeRange {
        get { state.withLock { $0.timeRange } }
        set { state.withLock { $0.timeRange = newValue } }
    }

    /// Marks the session as queued (`waiting`) until `export()` starts.
    public func markWaiting() {
        state.withLock { if $0.status == .unknown { $0.status = .waiting } }
    }

    /// Asks a running or future export to stop; it stops within a frame and deletes its partial output.
    public func cancel() {
        cancelRequested.store(true, ordering: .relaxed)
    }

    /// Whether `cancel()` was called.
    var isCancelled: Bool { cancelRequested.load(ordering: .relaxed) }

    /// Renders, encodes, muxes and verifies the output; throws `ExportError` (`.cancelled` after `cancel()`).
    public func export() throws(ExportError) -> ExportResult {
        let started = ContinuousClock.now
        let canStart = state.withLock { current -> Bool in
            guard current.status == .unknown || current.status == .waiting else { return false }
            current.status = .exporting
            return true
        }
        guard canStart else {
            throw ExportError.setup(reason: "this export session has already run; create a new one")
        }
        do {
            try checkCancelled()
            var result = try run()
            let elapsed = ContinuousClock.now - started
            result.renderSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            state.withLock {
                $0.status = .completed
                $0.progress = 1
            }
            return result
        } catch {
            if createdOutput.load(ordering: .relaxed) { try? FileManager.default.removeItem(atPath: outputPath) }
            state.withLock { $0.status = error == .cancelled ? .cancelled : .failed }
            throw error
        }
    }

    /// Throws `.cancelled` when `cancel()` was called.
    func checkCancelled() throws(ExportError) {
        if isCancelled { throw .cancelled }
    }

    /// How many drawing-library calls that stopped exports gave up waiting for are still running in this process
    /// (rlottie spinning on malformed geometry). rlottie's exit handlers wait for its threads, so a process that
    /// wants to exit at once flushes its output and calls `_exit` while this is above zero.
    public static var abandonedLibraryCalls: Int { AbandonableCalls.unfinished.load(ordering: .relaxed) }

    /// A source pool for this export: its settings' decoder threads and devices, stopped with the export.
    func sourcePool(damageTally: DamageTally? = nil) -> SourcePool {
        SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices, damageTally: damageTally,
                   stopped: { [self] in isCancelled })
    }

    /// Notes that the output file is about to be created, so a failure from here on deletes it.
    func willCreateOutput() {
        createdOutput.store(true, ordering: .relaxed)
    }

    /// Records progress.
    func report(progress value: Double) {
        state.withLock { $0.progress = min(max(value, 0), 1) }
    }

    /// Picks the kind of export and runs it.
    private func run() throws(ExportError) -> ExportResult {
        let duration = composition.duration
        guard duration.isNumeric, duration > .zero else {
            throw ExportError.setup(reason: "the composition is empty; nothing to export")
        }
        guard settings.video != nil || settings.audio != nil else {
            throw ExportError.setup(reason: "preset '\(settings.name)' has neither video nor audio settings")
        }
        if settings.container.isStillImage { return try exportPoster(duration: duration) }
        let range = try exportedRange(of: duration)
        if settings.container.isAnimatedPicture { return try exportAnimated(range: range) }
        var reencodeReason: String?
        if settings.passthrough {
            let copied = range.start == .zero && range.end == duration ? composition : trimmed(composition, to: range)
            switch PassthroughPlan.make(composition: copied, videoComposition: videoComposition, settings: settings) {
            case let .copy(plan): return try exportPassthrough(plan, duration: range.duration)
            case let .smart(plan): return try exportSmartPassthrough(plan, duration: range.duration)
            case let .reencode(reason): reencodeReason = reason
            }
        }
        var result = try exportEncoded(range: range)
        result.reencodeReason = reencodeReason
        return result
    }

    /// `timeRange` cut to `[0, duration)`; an invalid, non-numeric or empty result is an error.
    func exportedRange(of duration: MediaTime) throws(ExportError) -> TimeRange {
        let asked = timeRange
        let range = asked.intersection(TimeRange(start: .zero, duration: duration))
        guard asked.isValid, asked.start.isNumeric, range.isValid, range.start.isNumeric, range.duration.isNumeric,
              range.duration > .zero else {
            throw ExportError.setup(
                reason: "the time range \(asked.isValid ? asked.description : "(invalid)") has nothing of "
                    + "the composition, which lasts \(duration)")
        }
        return range
    }

    /// The composition with everything outside `range` removed, so `range.start` becomes zero.
    private func trimmed(_ composition: MutableComposition, to range: TimeRange) -> MutableComposition {
        var copy = composition
        try? copy.removeTimeRange(TimeRange(start: range.end, end: composition.duration))
        try? copy.removeTimeRange(TimeRange(start: .zero, end: range.start))
        return copy
    }
}
