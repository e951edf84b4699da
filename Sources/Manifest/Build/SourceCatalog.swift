public import Composition
import Foundation
public import MediaCore

/// What the builder knows of one source: its length and its video and audio tracks as composition sources.
public struct SourceInfo: Sendable, Hashable {
    /// The source's length (+inf for still pictures).
    public var duration: MediaTime
    /// The video track, if any.
    public var video: SourceTrack?
    /// The audio track, if any.
    public var audio: SourceTrack?
    /// A single picture that shows at any time.
    public var isStill: Bool
    /// The video stream as probed (its pixel format and colour size a render's decoding), if any.
    public var videoStream: ProbedStream?

    /// What a source that cannot be used stands for while the rest of its output is still checked: a picture and a
    /// sound of any length. A job built with it is never rendered.
    static let standIn: SourceInfo = {
        let endless = TimeRange(start: .zero, duration: .positiveInfinity)
        let url = URL(fileURLWithPath: "/dev/null")
        return SourceInfo(duration: .positiveInfinity,
                          video: SourceTrack(url: url, trackID: 1, mediaType: .video, timeRange: endless,
                                             naturalSize: Size(width: 16, height: 16), frameRate: FrameRate(30),
                                             naturalTimeScale: 30),
                          audio: SourceTrack(url: url, trackID: 2, mediaType: .audio, timeRange: endless,
                                             naturalTimeScale: 48000),
                          isStill: true)
    }()
}

/// Probes file sources once each and describes generators and other outputs, for the job builder.
public final class SourceCatalog: @unchecked Sendable {
    // Builders on several threads share one catalog: every lookup holds `lock` (recursive, as lookups call each
    // other), so each file is probed, read or analysed once however many outputs ask for it at the same time.
    let lock = NSRecursiveLock()
    private let probe: any SourceProbe
    private let fetcher: (any SourceFetcher)?
    private var downloads: [RemoteSource: Result<String, FetchFailure>] = [:]
    private var cache: [String: Result<SourceInfo, SourceProblem>] = [:]
    private var captionFiles: [String: Result<Captions, SourceProblem>] = [:]
    private var generated: [GeneratedSource: SourceInfo] = [:]
    /// Finds shots and subjects for `reframe: auto`; nil where the caller did not give one.
    let subjects: (any SubjectAnalysis)?
    /// Subject tracks found so far (see SourceCatalog+Reframe.swift).
    var subjectTracks: [SubjectTrackKey: Result<SubjectTrack, SourceProblem>] = [:]
    /// Finds soundtracks' beats for `snap`; nil where the caller did not give one.
    let beatAnalysis: (any BeatAnalysis)?
    /// Beat grids found so far, by path (see SourceCatalog+Beats.swift).
    var beatGrids: [String: Result<BeatGrid, SourceProblem>] = [:]
    /// Reads font files and lists families; nil leaves fonts to the renderer's own check.
    let fonts: (any FontProbe)?
    /// Font files read so far, by path (see SourceCatalog+Fonts.swift).
    var fontFiles: [String: Result<FontFace, SourceProblem>] = [:]
    /// The installed families, listed on first use.
    var installedFamilies: Result<FontFamilies, SourceProblem>?
    /// The text of SVG files read so far, by path (nil when unreadable: the probe reports it); see
    /// SourceCatalog+Drawings.swift.
    var drawingTexts: [String: String?] = [:]

    /// Why a file source cannot be used; one line naming the file.
    public struct SourceProblem: Error, Sendable, Hashable {
        /// The stage that failed: `load` for a missing file, `probe` for an unreadable one.
        public var stage: String
        /// The one-line reason.
        public var message: String
    }

    /// Lays titles and captions out before rendering; nil leaves text to the renderer.
    let textMeasurer: (any TextMeasuring)?
    /// Per output, what laying its text out found (characters no font has, text that does not fit, fallbacks).
    public var textWarnings: [String: [Diagnostic]] { lock.withLock { storedTextWarnings } }
    private var storedTextWarnings: [String: [Diagnostic]] = [:]

    /// Records what laying the text of output `name` out found.
    func addTextWarnings(_ warnings: [Diagnostic], for name: String) {
        lock.withLock { storedTextWarnings[name, default: []] += warnings }
    }

    /// What laying the text of output `name` out found.
    func textWarnings(for name: String) -> [Diagnostic] {
        lock.withLock { storedTextWarnings[name] ?? [] }
    }

    /// A catalog probing files with `probe`, downloading URL sources with `fetcher`, checking fonts with `fonts`,
    /// laying text out with `text`, analysing sources for auto-reframing with `subjects` and soundtracks for cuts on
    /// the beat with `beats`.
    public init(probe: any SourceProbe, fetcher: (any SourceFetcher)? = nil, fonts: (any FontProbe)? = nil,
                text: (any TextMeasuring)? = nil, subjects: (any SubjectAnalysis)? = nil,
                beats: (any BeatAnalysis)? = nil) {
        beatAnalysis = beats
        textMeasurer = text
        self.probe = probe
        self.fetcher = fetcher
        self.fonts = fonts
        self.subjects = subjects
    }

    /// The video stream of every file probed so far, by path.
    public var probedVideoStreams: [String: ProbedStream] {
        lock.withLock { cache.compactMapValues { try? $0.get().videoStream } }
    }

    /// The local copy of a URL source, downloaded once per run.
    public func localFile(for source: RemoteSource, policy: DownloadPolicy) -> Result<String, FetchFailure> {
        lock.withLock {
            if let known = downloads[source] { return known }
            let result = fetcher?.localFile(for: source, policy: policy)
                ?? .failure(FetchFailure("URL sources cannot be downloaded here"))
            downloads[source] = result
            return result
        }
    }

    /// The cues of the SRT or WebVTT file at `path`, read once; `displayPath` names it in messages.
    public func captions(_ path: String, displayPath: String) -> Result<Captions, SourceProblem> {
        lock.withLock {
            if let cached = captionFiles[path] { return cached }
            let result: Result<Captions, SourceProblem>
            do {
                let data = try LocalFile.contents(of: path, limit: Self.maxCaptionBytes)
                if let text = String(validating: data, as: UTF8.self) {
                    do throws(CaptionsError) {
                        let format: Captions.Format? = path.lowercased().hasSuffix(".vtt") ? .webvtt : nil
                        result = .success(try Captions.parse(text, format: format, file: displayPath))
                    } catch {
                        // The manifest's location leads the line: the file's follows it without a second "error:".
                        result = .failure(SourceProblem(stage: "load", message: "\(error.location): \(error.message)"))
                    }
                } else {
                    result = .failure(SourceProblem(stage: "load", message: "captions '\(displayPath)' are not UTF-8 text"))
                }
            } catch {
                result = .failure(SourceProblem(stage: "load",
                                                message: "captions '\(displayPath)' \(error) (resolved to '\(path)')"))
            }
            captionFiles[path] = result
            return result
        }
    }

    /// The largest caption file read (64 MiB, as for manifests).
    static let maxCaptionBytes = 64 << 20

    /// The tracks of the file at `path`, probed once.
    public func file(_ path: String) -> Result<SourceInfo, SourceProblem> {
        lock.withLock {
            if let cached = cache[path] { return cached }
            let result: Result<SourceInfo, SourceProblem>
            if !FileManager.default.fileExists(atPath: path) {
                result = .failure(SourceProblem(stage: "load", message: "not found (resolved to '\(path)')"))
            } else {
                do {
                    let media = try probe.probe(path: path)
                    if let claim = Self.implausibleClaim(of: media) {
                        result = .failure(SourceProblem(stage: "probe", message: "cannot be used: \(claim)"))
                    } else {
                        result = .success(Self.info(media, path: path))
                    }
                } catch {
                    result = .failure(SourceProblem(stage: "probe", message: "cannot be read: \(error)"))
                }
            }
            cache[path] = result
            return result
        }
    }

    /// The tracks a generator makes, described once per distinct generator (making its URL is not free).
    public func generated(_ spec: GeneratedSource) -> SourceInfo {
        lock.withLock {
            if let cached = generated[spec] { return cached }
            let info = Self.generator(spec)
            generated[spec] = info
            return info
        }
    }

    /// The tracks of a probed file (see `SourceTrack.init(url:stream:fileDuration:)`: display sizes, rotations);
    /// still pictures get an endless range so they can cover any time.
    static func info(_ media: ProbedMedia, path: String) -> SourceInfo {
        let url = URL(fileURLWithPath: path)
        var info = SourceInfo(duration: media.duration, video: nil, audio: nil, isStill: false)
        if let stream = media.primaryVideo {
            info.video = SourceTrack(url: url, stream: stream, fileDuration: media.duration)
            info.videoStream = stream
            if stream.isStillImage {
                info.isStill = true
                info.duration = .positiveInfinity
            }
        }
        if let stream = media.primaryAudio {
            info.audio = SourceTrack(url: url, stream: stream, fileDuration: media.duration)
        }
        if !info.isStill, let video = info.video, let audio = info.audio {
            // A clip is as long as its longer stream; each track keeps its own range.
            info.duration = MediaTime.maximum(video.timeRange.duration, audio.timeRange.duration)
        }
        return info
    }

    /// The tracks a generator makes.
    public static func generator(_ spec: GeneratedSource) -> SourceInfo {
        let range = TimeRange(start: .zero, duration: spec.duration)
        let video = spec.hasVideo
            ? SourceTrack(url: spec.url, trackID: 1, mediaType: .video, timeRange: range,
                          naturalSize: Size(width: Double(spec.width), height: Double(spec.height)),
                          frameRate: spec.frameRate, naturalTimeScale: spec.frameRate.numerator)
            : nil
        let audio = SourceTrack(url: spec.url, trackID: 2, mediaType: .audio, timeRange: range, naturalTimeScale: 48000)
        return SourceInfo(duration: spec.duration, video: video, audio: audio, isStill: false)
    }

    /// The tracks another output will have once rendered: stream 0 video, stream 1 audio, as its preset says.
    public static func output(_ job: Job) -> SourceInfo {
        let url = URL(fileURLWithPath: job.outputPath)
        let range = TimeRange(start: .zero, duration: job.expectedDuration)
        var info = SourceInfo(duration: job.expectedDuration, video: nil, audio: nil, isStill: false)
        var nextTrack: Int32 = 1
        if let video = job.settings.video {
            info.video = SourceTrack(url: url, trackID: nextTrack, mediaType: .video, timeRange: range,
                                     naturalSize: Size(width: Double(video.width), height: Double(video.height)),
                                     frameRate: video.frameRate, naturalTimeScale: video.frameRate.numerator)
            nextTrack += 1
        }
        if job.settings.audio != nil {
            info.audio = SourceTrack(url: url, trackID: nextTrack, mediaType: .audio, timeRange: range,
                                     naturalTimeScale: Int32(job.settings.audio?.sampleRate ?? 48000))
        }
        return info
    }
}
