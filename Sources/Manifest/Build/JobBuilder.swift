import Composition
import Foundation
import MediaCore
import YAML

/// Builds a `Job` from an `OutputSpec`: lays clips out on alternating tracks with their transitions, adds overlay
/// and soundtrack tracks, then derives the video composition and audio mix (see JobBuilder+Video/+Audio).
public struct JobBuilder {
    /// The sources known.
    public let catalog: SourceCatalog
    /// Quotes manifest lines under problems.
    let sources: [String: YAMLSource]
    /// The named sources of each manifest, for did-you-mean hints.
    let sourceNames: [String: [String]]
    /// Each manifest's directory, named sources and document, to show where a named source's file is written.
    let namedSources: [String: (directory: String, entries: [String: YAMLNode], root: YAMLNode)]
    /// Each manifest's rules for URL sources.
    let downloadPolicies: [String: DownloadPolicy]
    /// The problems of the output being built that did not stop its build.
    let log = ProblemLog()
    /// The clips reframed in the output being built (JobBuilder+Reframe.swift).
    let reframeLog = ReframeLog()

    /// A builder over `catalog`, quoting lines from `manifests`.
    public init(catalog: SourceCatalog, manifests: [ManifestFile]) {
        self.catalog = catalog
        self.sources = Dictionary(manifests.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        self.sourceNames = Dictionary(manifests.map { ($0.path, Array($0.sources.keys)) }, uniquingKeysWith: { first, _ in first })
        self.namedSources = Dictionary(manifests.map { ($0.path, ($0.directory, $0.sources, $0.document.root)) },
                                       uniquingKeysWith: { first, _ in first })
        self.downloadPolicies = Dictionary(manifests.map { ($0.path, $0.downloadPolicy) }, uniquingKeysWith: { first, _ in first })
    }

    /// Problems found while one output is built; the builder carries on past them with stand-ins so that one pass
    /// finds every missing source and over-long clip. A builder builds one output at a time.
    final class ProblemLog {
        var problems: [JobProblem] = []
    }

    /// One clip placed on the timeline.
    struct PlacedClip {
        var clip: ClipSpec
        var info: SourceInfo
        var sourceRange: TimeRange
        var start: MediaTime
        var duration: MediaTime
        /// The transition from the previous clip (duration zero for a cut or the first clip).
        var transitionIn: TransitionSpec
        var videoTrack: Int32?
        var audioTrack: Int32?
        var end: MediaTime { start + duration }
    }

    /// The job for `spec`, or every problem that keeps it from being built; `built` holds the jobs of the outputs it
    /// may use as sources.
    public func build(_ spec: OutputSpec, built: [String: Job]) -> Result<Job, JobProblems> {
        log.problems.removeAll()
        reframeLog.clips.removeAll()
        var job: Job?
        do {
            job = try makeJob(spec, built: built)
        } catch let problem as JobProblem {
            record(problem)
        } catch {
            record(problem(spec, stage: "load", "cannot build output '\(spec.name)': \(error)", at: spec.location))
        }
        if let job, log.problems.isEmpty { return .success(job) }
        return .failure(JobProblems(log.problems))
    }

    /// Notes a problem and lets the build go on.
    func record(_ problem: JobProblem) {
        if !log.problems.contains(problem) { log.problems.append(problem) }
    }

    /// The job for `spec`: its clips, overlays, background and soundtrack on composition tracks, then the video
    /// composition and the audio mix drawn from them.
    private func makeJob(_ spec: OutputSpec, built: [String: Job]) throws -> Job {
        let spec = try withFrameDecided(spec, built: built)
        var composition = MutableComposition()
        let canvas = spec.settings.video.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: 0, height: 0)
        composition.naturalSize = canvas
        // Overlay tracks first: the first video track is drawn on top.
        var overlayTracks = spec.settings.video == nil ? [] : try addOverlayTracks(spec, to: &composition, built: built)
        var placed = try layout(spec, built: built)
        let beatSnap = try snapCuts(&placed, spec: spec, built: built)
        try checkDuration(of: placed, spec: spec)
        let (explicit, rolls) = try insertClips(&placed, spec: spec, into: &composition, canvas: canvas, built: built)
        let total = composition.duration
        try checkDuration(total, spec: spec)

        let wantsAudio = spec.settings.audio != nil
        let overlayAudio = try insertOverlays(&overlayTracks, into: &composition, total: total,
                                              withSound: wantsAudio, spec: spec)
        if spec.settings.video != nil { try addBackground(spec, to: &composition, total: total) }
        let soundtrackID = wantsAudio ? try addSoundtrack(spec, to: &composition, total: total, built: built) : nil
        let videoComposition = try self.videoComposition(of: spec, composition: composition, placed: placed,
                                                         overlays: overlayTracks, explicit: explicit, canvas: canvas,
                                                         total: total)
        // The bed ducks under whatever else sounds: the clips' tracks (or every explicit track) and video overlays.
        let voiceTracks = explicit.map { $0.audio.values.sorted() } ?? []
        var audioMix = try makeAudioMix(placed: placed, soundtrack: spec.soundtrack, soundtrackID: soundtrackID,
                                        total: total, voices: voiceTracks + overlayAudio.map(\.trackID))
        audioMix.inputParameters += overlayAudio
        if let explicit {
            audioMix.inputParameters += try explicitAudioMix(spec, audioIDs: explicit.audio)
        }
        if let timePitch = spec.timePitch {
            Self.apply(timePitch, to: &audioMix, tracks: composition.tracks, except: soundtrackID)
        }
        var job = Job(name: spec.name, manifestPath: spec.manifestPath, location: spec.location,
                      outputPath: spec.outputPath, settings: spec.settings, composition: composition,
                      videoComposition: videoComposition, audioMix: audioMix, titles: spec.titles,
                      dependencies: spec.dependencies, sourceFiles: sourceFiles(spec, videoComposition),
                      cuts: placed.dropFirst().map { PlannedCut(at: $0.start, transition: $0.transitionIn) })
        job.shareableRanges = Self.shareableRanges(spec, placed: placed)
        job.timeline = spec.timeline?.summary
        let split = rolls.filter { $0.count > 1 }
        job.rolls = split.isEmpty ? nil : split
        job.reframes = reframeLog.clips.isEmpty ? nil : reframeLog.clips
        job.beatSnap = beatSnap
        job.renderTimeLimit = spec.renderTimeLimit
        return job
    }

    /// The composition tracks of explicit tracks that share a roll group, by media type.
    static func rollGroups(_ spec: OutputSpec, _ tracks: ExplicitTracks) -> [[Int32]] {
        var groups: [Int: [Int32]] = [:]
        for (index, track) in spec.tracks.enumerated() {
            guard let group = track.rollGroup else { continue }
            for id in [tracks.video[index], tracks.audio[index]].compactMap({ $0 }) { groups[group, default: []].append(id) }
        }
        return groups.keys.sorted().compactMap { groups[$0] }
    }

    /// The composition ranges of the intro and the outro (the first and last placed clips when the output has them).
    static func shareableRanges(_ spec: OutputSpec, placed: [PlacedClip]) -> [TimeRange] {
        var ranges: [TimeRange] = []
        if spec.intro != nil, let first = placed.first { ranges.append(TimeRange(start: first.start, duration: first.duration)) }
        if spec.outro != nil, let last = placed.last, placed.count > 1 || spec.intro == nil {
            ranges.append(TimeRange(start: last.start, duration: last.duration))
        }
        return ranges
    }

    /// Places intro, body clips and outro one after another, each overlapping the previous by its transition: a body
    /// clip's own `transition` joins it to the next clip (the output's `transition` is the default), the intro's
    /// joins it to the first body clip, and the last body clip joins the outro with its own transition or else the
    /// outro's.
    private func layout(_ spec: OutputSpec, built: [String: Job]) throws -> [PlacedClip] {
        if !spec.tracks.isEmpty { return [] }
        let entries = Self.sequence(of: spec)
        var placed: [PlacedClip] = []
        placed.reserveCapacity(entries.count)
        var cursor = MediaTime.zero
        for (clip, transition) in entries {
            let (info, sourceRange) = try checkedRange(of: clip, spec: spec, built: built)
            let duration = sourceRange.duration.multiplied(by: Int64(clip.speed.denominator), dividedBy: Int64(clip.speed.numerator))
            // The first clip has nothing to join.
            let incoming = placed.last.map { fitted(transition, after: $0, before: duration, at: clip.location, spec: spec) }
                ?? TransitionSpec(kind: .cut, duration: .zero)
            let start = placed.isEmpty ? MediaTime.zero : cursor - incoming.duration
            placed.append(PlacedClip(clip: clip, info: info, sourceRange: sourceRange, start: start, duration: duration,
                                     transitionIn: incoming, videoTrack: nil, audioTrack: nil))
            cursor = start + duration
        }
        return placed
    }

    /// Intro, body clips and outro in order, each with the transition that joins it to the one before.
    private static func sequence(of spec: OutputSpec) -> [(ClipSpec, TransitionSpec?)] {
        var entries: [(ClipSpec, TransitionSpec?)] = []
        if let intro = spec.intro { entries.append((intro, nil)) }
        for (index, clip) in spec.clips.enumerated() {
            let transition = index == 0 ? spec.intro?.transition : spec.clips[index - 1].transition ?? spec.transition
            entries.append((clip, transition))
        }
        if let outro = spec.outro {
            entries.append((outro, spec.clips.isEmpty ? nil : spec.clips.last?.transition ?? outro.transition))
        }
        return entries
    }

    /// The clip's source and the range of it the clip plays. A source of unknown length without `to` or `duration`,
    /// or a range past the source's end, is recorded as a problem and the clip laid out with a stand-in of 5 s, so
    /// that later problems are found too.
    private func checkedRange(of clip: ClipSpec, spec: OutputSpec,
                              built: [String: Job]) throws -> (SourceInfo, TimeRange) {
        var info = try sourceInfo(clip.source, spec: spec, at: clip.location, built: built)
        let available = info.duration
        var end = clip.to ?? clip.duration.map { clip.from + $0 } ?? available
        if !end.isNumeric {
            if !info.isStill {
                record(problem(spec, stage: "probe", "\(label(clip.source, in: spec)) has no known length; give the clip 'to' or 'duration'",
                               at: clip.location))
                info = .standIn
            }
            end = clip.from + MediaTime(value: 5, timescale: 1)
        }
        if clip.from >= available && available.isNumeric {
            record(problem(spec, stage: "probe",
                           "clip starts at \(TimeSyntax.format(clip.from)) but \(label(clip.source, in: spec)) is only \(TimeSyntax.humanReadable(available)) long",
                           at: clip.rangeLocation))
            info = .standIn
        } else if end > available {
            record(problem(spec, stage: "probe",
                           "clip asks for \(TimeSyntax.humanReadable(clip.from))-\(TimeSyntax.humanReadable(end)) of \(label(clip.source, in: spec)) but it is only \(TimeSyntax.humanReadable(available)) long",
                           at: clip.rangeLocation))
            info = .standIn
        }
        if info == .standIn, end <= clip.from { end = clip.from + MediaTime(value: 5, timescale: 1) }
        return (info, TimeRange(start: clip.from, end: end))
    }

    /// The transition into a clip of `duration` after `previous` (a cut when none is set), shortened to what the two
    /// clips allow, which is recorded as a problem.
    private func fitted(_ transition: TransitionSpec?, after previous: PlacedClip, before duration: MediaTime,
                        at location: SourceLocation, spec: OutputSpec) -> TransitionSpec {
        var incoming = transition ?? TransitionSpec(kind: .cut, duration: .zero)
        guard incoming.duration > .zero else { return incoming }
        let shortest = MediaTime.minimum(previous.duration - previous.transitionIn.duration, duration)
        if incoming.duration > shortest {
            record(problem(spec, stage: "load",
                           "\(incoming.kind.rawValue) of \(TimeSyntax.humanReadable(incoming.duration)) is longer than the clips it joins allow (\(TimeSyntax.humanReadable(shortest))); shorten the transition or lengthen the clips",
                           at: location))
            incoming.duration = MediaTime.maximum(.zero, shortest)
        }
        return incoming
    }

    /// Inserts a placed clip's range of `source` at its start on track `id`, scaled to its speed.
    func insert(_ item: PlacedClip, of source: SourceTrack, into id: Int32, in composition: inout MutableComposition,
                        spec: OutputSpec) throws {
        var range = item.sourceRange
        if item.info.isStill {
            range = TimeRange(start: .zero, duration: item.sourceRange.duration)
        } else if source.timeRange.end < range.end {
            // One stream may be shorter than the other (audio ending a frame early): take what it has.
            guard source.timeRange.end > range.start else { return }
            range = TimeRange(start: range.start, end: source.timeRange.end)
        }
        do {
            try composition.modifyTrack(id) { track in
                try track.insertTimeRange(range, of: source, at: item.start)
                if range.duration != item.duration && !item.info.isStill {
                    let scaled = range.duration.multiplied(by: Int64(item.clip.speed.denominator),
                                                           dividedBy: Int64(item.clip.speed.numerator))
                    try track.scaleTimeRange(TimeRange(start: item.start, duration: range.duration), toDuration: scaled)
                }
            }
        } catch {
            throw problem(spec, stage: "load", "\(error)", at: item.clip.location)
        }
    }

    /// Fills `track` with `source` from `from`, repeated when `loop`, up to `end`.
    static func fill(track: inout CompositionTrack, with source: SourceTrack, from: MediaTime, loop: Bool,
                     until end: MediaTime) throws {
        let length = source.timeRange.duration
        guard length.isNumeric, length > .zero else { return }
        var position = MediaTime.zero
        var start = MediaTime.minimum(from, length)
        while position < end {
            let take = MediaTime.minimum(length - start, end - position)
            guard take > .zero else { break }
            try track.insertTimeRange(TimeRange(start: start, duration: take), of: source, at: position)
            position = position + take
            start = .zero
            if !loop { break }
        }
    }

    /// The tracks of a source reference.
    func sourceInfo(_ reference: SourceReference, spec: OutputSpec, at location: SourceLocation,
                    built: [String: Job]) throws -> SourceInfo {
        switch reference {
        case .generator(var generator):
            if generator.width <= 0 || generator.height <= 0 {
                // Sized by the output: a colour or gradient fills the canvas exactly.
                let video = spec.settings.video
                (generator.width, generator.height) = (video?.width ?? 1920, video?.height ?? 1080)
            }
            return catalog.generated(generator)
        case .output(let name):
            guard let job = built[name] else {
                record(problem(spec, stage: "load", "output '\(name)' could not be planned, so '\(spec.name)' cannot use it", at: location))
                return .standIn
            }
            return SourceCatalog.output(job)
        case .file(let path):
            switch catalog.file(path) {
            case .success(let info): return catalog.drawing(info, path: path, variables: spec.variables)
            case .failure(let failure):
                let named = namedSourceNote(for: path, spec: spec, usedAt: location)
                record(problem(spec, stage: failure.stage, fileMessage(path, failure, spec: spec), at: location,
                               notes: named.map { [$0.note] } ?? [], valuesAt: named?.written))
                return .standIn
            }
        case .remote(let source):
            switch localFile(source) {
            case .failure(let failure):
                record(problem(spec, stage: "load", "source '\(source.url)' cannot be downloaded: \(failure.reason); used by output '\(spec.name)'",
                               at: location))
                return .standIn
            case .success(let path):
                switch catalog.file(path) {
                case .success(let info): return info
                case .failure(let failure):
                    record(problem(spec, stage: failure.stage, "source '\(source.url)' (downloaded to '\(path)') \(failure.message); used by output '\(spec.name)'",
                                   at: location))
                    return .standIn
                }
            }
        }
    }

    /// The downloaded copy of a URL source, under its manifest's rules.
    func localFile(_ source: RemoteSource) -> Result<String, FetchFailure> {
        catalog.localFile(for: source, policy: downloadPolicies[source.manifestPath] ?? DownloadPolicy())
    }

    /// Why a file source cannot be used; a bare word that is no file gets a did-you-mean among the named sources.
    private func fileMessage(_ path: String, _ failure: SourceCatalog.SourceProblem, spec: OutputSpec) -> String {
        let written = Self.display(path, relativeTo: spec.manifestPath)
        let names = sourceNames[spec.manifestPath] ?? []
        if failure.stage == "load", !written.contains("/"), !written.contains("."),
           let guess = Suggestion.closest(to: written, among: names) {
            return "unknown source '\(written)' (no named source or file of that name) in output '\(spec.name)'; did you mean '\(guess)'?"
        }
        // A path shown whole (outside the manifest's folder) needs no "resolved to" the same path after it.
        let detail = written == path ? failure.message.replacingOccurrences(of: " (resolved to '\(path)')", with: "")
            : failure.message
        return "source '\(written)' \(detail); used by output '\(spec.name)'"
    }

    /// `file 'media/a.mp4'` (relative to the manifest when inside its directory), `generator 'tone'`, `output 'x'`.
    func label(_ reference: SourceReference, in spec: OutputSpec) -> String {
        guard case .file(let path) = reference else { return reference.description }
        return "file '\(Self.display(path, relativeTo: spec.manifestPath))'"
    }

    /// A path as the manifest author wrote it: relative to the manifest's directory when inside it.
    static func display(_ path: String, relativeTo manifest: String) -> String {
        let directory = URL(fileURLWithPath: manifest).deletingLastPathComponent().standardizedFileURL.path
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The problem `message` of `spec` at `location`, followed by `notes` and, when the text at `valuesAt` (else at
    /// `location`) reads variables of the output's data row, a note at that row.
    func problem(_ spec: OutputSpec, stage: String, _ message: String, at location: SourceLocation,
                 notes: [Diagnostic] = [], valuesAt written: SourceLocation? = nil) -> JobProblem {
        // A problem inside an output's OpenTimelineIO file quotes that file.
        let source = spec.timeline.flatMap { $0.source.file == location.file ? $0.source : nil } ?? sources[spec.manifestPath]
        let row = dataRowNote(spec: spec, valuesAt: written ?? location)
        return JobProblem(output: spec.name, stage: stage,
                   diagnostic: source?.diagnostic(.error, at: location, message)
                       ?? Diagnostic(.error, at: location, message), notes: notes + (row.map { [$0] } ?? []))
    }
}
