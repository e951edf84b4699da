import Composition
import MediaCore

extension JobBuilder {
    /// Explicit timelines: each `tracks:` entry becomes a video track (first on top) and an audio track, segments at
    /// their `at` or after the previous one; `layers:` place, crop and ramp them.
    func buildExplicitTracks(_ spec: OutputSpec, built: [String: Job], composition: inout MutableComposition,
                             canvas: Size) throws -> ExplicitTracks {
        var videoIDs: [Int: Int32] = [:], audioIDs: [Int: Int32] = [:], pictures: [Int: [ExplicitPicture]] = [:]
        let wantsVideo = spec.settings.video != nil, wantsAudio = spec.settings.audio != nil
        var infos: [[SourceInfo]] = []
        for track in spec.tracks {
            infos.append(try track.segments.map { try sourceInfo($0.source, spec: spec, at: $0.location, built: built) })
        }
        for (index, track) in spec.tracks.enumerated()
        where wantsVideo && track.media != .audio && infos[index].contains(where: { $0.video != nil }) {
            videoIDs[index] = composition.addMutableTrack(withMediaType: .video)!
        }
        for (index, track) in spec.tracks.enumerated()
        where wantsAudio && track.media != .video && infos[index].contains(where: { $0.audio != nil }) {
            audioIDs[index] = composition.addMutableTrack(withMediaType: .audio)!
        }
        for (index, track) in spec.tracks.enumerated() {
            var cursor = MediaTime.zero
            for (segment, info) in zip(track.segments, infos[index]) {
                // A problem here is noted and the segment left out, so the other segments are still checked.
                guard let range = sourceRange(of: segment, info: info, spec: spec) else { continue }
                let start = segment.at ?? cursor
                for (id, source) in [(videoIDs[index], info.video), (audioIDs[index], info.audio)] {
                    guard let id, let source,
                          let placed = try place(segment, range: range, of: source, info: info, at: start, trackID: id,
                                                 composition: &composition, spec: spec) else { continue }
                    if source.mediaType == .video { pictures[index, default: []].append(placed) }
                }
                cursor = start + segment.played(range.duration)
            }
        }
        return ExplicitTracks(video: videoIDs, audio: audioIDs, pictures: pictures)
    }

    /// The part of its source `segment` asks for, or nil (with the problem recorded) when the source's length is
    /// unknown and the segment has no `to`, or the segment reaches past the source's end.
    private func sourceRange(of segment: SegmentSpec, info: SourceInfo, spec: OutputSpec) -> TimeRange? {
        let end = segment.to ?? info.duration
        guard end.isNumeric else {
            if info != .standIn {
                record(problem(spec, stage: "probe", "\(label(segment.source, in: spec)) has no known length; give the segment 'to'", at: segment.location))
            }
            return nil
        }
        if end > info.duration {
            record(problem(spec, stage: "probe",
                           "segment asks for \(TimeSyntax.humanReadable(segment.from))-\(TimeSyntax.humanReadable(end)) of \(label(segment.source, in: spec)) but it is only \(TimeSyntax.humanReadable(info.duration)) long",
                           at: segment.location))
            return nil
        }
        return TimeRange(start: info.isStill ? .zero : segment.from, duration: end - segment.from)
    }

    /// Inserts `range` of `source` (as much of it as the source has) into track `trackID` at `start`, at the segment's
    /// speed; the picture it places, or nil when the source has nothing in that range. A segment that starts before
    /// the track's end is an error.
    private func place(_ segment: SegmentSpec, range: TimeRange, of source: SourceTrack, info: SourceInfo,
                       at start: MediaTime, trackID: Int32, composition: inout MutableComposition,
                       spec: OutputSpec) throws -> ExplicitPicture? {
        let available = info.isStill ? range : TimeRange(start: range.start, end: MediaTime.minimum(range.end, source.timeRange.end))
        guard available.duration > .zero else { return nil }
        let played = segment.played(available.duration)
        do {
            try composition.modifyTrack(trackID) { track in
                if start < track.endTime {
                    throw JobBuilderOverlap(start: start, end: track.endTime)
                }
                try track.insertTimeRange(available, of: source, at: start)
                if played != available.duration {
                    try track.scaleTimeRange(TimeRange(start: start, duration: available.duration), toDuration: played)
                }
            }
        } catch let overlap as JobBuilderOverlap {
            throw problem(spec, stage: "load",
                          "segment starts at \(TimeSyntax.format(overlap.start)) but the track already plays until \(TimeSyntax.format(overlap.end)); segments of one track may not overlap",
                          at: segment.location)
        }
        return ExplicitPicture(range: TimeRange(start: start, duration: played), size: source.naturalSize,
                               source: segment.source, info: info, sourceRange: available,
                               location: segment.location, trackID: trackID)
    }

    /// Applies `layers:` to every instruction where their track plays; tracks without a layer fill the canvas. Each
    /// segment is cropped and fitted with its own source's size. A layer's motion runs over its track's time, from
    /// its first picture to its last, when the track's pictures share one size; over each segment's time otherwise.
    func applyExplicitLayers(_ spec: OutputSpec, video: inout VideoComposition, composition: MutableComposition,
                             tracks: ExplicitTracks, canvas: Size) throws {
        var courses: [Int32: (spans: [(course: LayerCourse, span: TimeRange)], writesOpacity: Bool, layer: LayerSpec?)] = [:]
        // Per track, each stretch of pictures of one size with its corner radius and border in their pixels.
        var edges: [Int32: [(span: TimeRange, edges: PictureEdges?)]] = [:]
        for (trackIndex, trackID) in tracks.video {
            let segments = composition.track(withID: trackID)?.segments.filter { !$0.isEmpty } ?? []
            guard let first = segments.first, let last = segments.last else { continue }
            let layerSpec = spec.layers.first { $0.track == trackIndex + 1 }
            let pictures = tracks.pictures[trackIndex] ?? []
            let whole = TimeRange(start: first.targetRange.start, end: last.targetRange.end)
            let spans = Set(pictures.map(\.size)).count > 1
                ? pictures.map { ($0.size, $0.range) } : [(pictures.first?.size ?? canvas, whole)]
            // A single opacity value under an animated opacity is its base; ramps are written as they are.
            let animated = layerSpec?.motion?.animatesOpacity == true
            func fitted(_ size: Size, _ span: TimeRange, _ motion: Motion?) throws -> LayerCourse {
                let picture = fittedPicture(layerSpec, size: size, canvas: canvas, animated: animated)
                do {
                    return try MotionCompiler.course(motion, picture: picture, range: span,
                                                     frameDuration: video.frameDuration)
                } catch {
                    throw problem(spec, stage: "load", error.message, at: error.location)
                }
            }
            let reframed = try reframedTrackCourses(layerSpec, track: trackIndex + 1, pictures: pictures,
                                                    canvas: canvas, spec: spec, frameDuration: video.frameDuration,
                                                    base: Self.baseOpacity(layerSpec, animated: animated),
                                                    writesOpacity: animated, fitted: fitted)
            let compiled = try reframed ?? spans.map { (try fitted($0.0, $0.1, layerSpec?.motion), $0.1) }
            courses[trackID] = (compiled, animated, layerSpec)
            if let layerSpec, layerSpec.radius != nil || layerSpec.border != nil {
                edges[trackID] = spans.map { size, span in
                    let picture = fittedPicture(layerSpec, size: size, canvas: canvas, animated: animated)
                    return (span, PictureEdges(radius: layerSpec.radius, border: layerSpec.border, crop: picture.crop,
                                               transform: picture.transform))
                }
            }
        }
        // A layer has one radius and border per instruction: where a track joins pictures of different sizes, each
        // picture's start begins an instruction, so each is measured in its own pixels.
        video.instructions = Self.split(video.instructions,
                                        at: edges.values.flatMap { $0.count > 1 ? $0.map(\.span.start) : [] })
        for index in video.instructions.indices {
            let range = video.instructions[index].timeRange
            for layerIndex in video.instructions[index].layerInstructions.indices {
                var layer = video.instructions[index].layerInstructions[layerIndex]
                guard let (spans, writesOpacity, layerSpec) = courses[layer.trackID] else { continue }
                for (course, span) in spans where span.start < range.end && range.start < span.end {
                    try course.apply(to: &layer, within: range.intersection(span), opacity: writesOpacity)
                }
                if !writesOpacity { try Self.writeOpacity(layerSpec?.opacity ?? [], into: &layer) }
                try edges[layer.trackID]?.first { $0.span.start < range.end && range.start < $0.span.end }?.edges?
                    .apply(to: &layer)
                if let look = layerSpec?.look ?? spec.look { try layer.setColorControls(look) }
                video.instructions[index].layerInstructions[layerIndex] = layer
            }
        }
    }

    /// A picture of `size` cropped and fitted into its layer's region (the whole canvas without a layer).
    private func fittedPicture(_ layerSpec: LayerSpec?, size: Size, canvas: Size, animated: Bool) -> FittedPicture {
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let region = layerSpec?.region.map { FitGeometry.resolve($0, in: canvas, aspectOf: size) } ?? full
        let geometry = FitGeometry.place(crop: FitGeometry.crop(layerSpec?.crop, in: size), into: region,
                                         fit: layerSpec?.fit ?? .contain)
        return FittedPicture(sourceSize: size, crop: geometry.crop, transform: geometry.transform, canvas: canvas,
                             opacity: Self.baseOpacity(layerSpec, animated: animated))
    }

    /// The opacity an animated layer's motion starts from: its single `opacity` value, else 1 (ramps are written as
    /// they are).
    static func baseOpacity(_ layerSpec: LayerSpec?, animated: Bool) -> Double {
        let single = layerSpec?.opacity.count == 1 && layerSpec?.opacity.first?.duration == .zero
            && layerSpec?.opacity.first?.start == .zero
        return animated && single ? layerSpec?.opacity.first?.startValue ?? 1 : 1
    }

    /// Volume ramps of `layers:` for the explicit audio tracks.
    func explicitAudioMix(_ spec: OutputSpec, audioIDs: [Int: Int32]) throws -> [AudioMixInputParameters] {
        var result: [AudioMixInputParameters] = []
        for layer in spec.layers where !layer.volume.isEmpty {
            guard let id = audioIDs[layer.track - 1] else { continue }
            var input = AudioMixInputParameters(trackID: id)
            for ramp in layer.volume {
                if ramp.duration > .zero {
                    try input.setVolumeRamp(fromStartVolume: ramp.startValue, toEndVolume: ramp.endValue,
                                            timeRange: TimeRange(start: ramp.start, duration: ramp.duration))
                } else {
                    try input.setVolume(ramp.startValue, at: ramp.start)
                }
            }
            result.append(input)
        }
        return result
    }
}

/// The composition tracks made for `tracks:`, by the track's index in the manifest.
struct ExplicitTracks {
    /// Video track IDs.
    var video: [Int: Int32]
    /// Audio track IDs.
    var audio: [Int: Int32]
    /// Where each track's pictures play and how large their sources are, in timeline order.
    var pictures: [Int: [ExplicitPicture]]
}

/// One video segment of an explicit track: where it plays on the output's timeline, its source's display size, and
/// what `reframe` needs to follow its subject (the source, the part of it played, the composition track).
struct ExplicitPicture {
    var range: TimeRange
    var size: Size
    var source: SourceReference
    var info: SourceInfo
    var sourceRange: TimeRange
    var location: SourceLocation
    var trackID: Int32
}

/// A segment placed before the end of what its track already holds.
struct JobBuilderOverlap: Error {
    var start: MediaTime
    var end: MediaTime
}

extension SegmentSpec {
    /// How long `duration` of the source plays at the segment's speed.
    func played(_ duration: MediaTime) -> MediaTime {
        duration.multiplied(by: Int64(speed.denominator), dividedBy: Int64(speed.numerator))
    }
}
