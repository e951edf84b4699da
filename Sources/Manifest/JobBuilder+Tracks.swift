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
        for (index, track) in spec.tracks.enumerated() where wantsVideo && infos[index].contains(where: { $0.video != nil }) {
            videoIDs[index] = composition.addMutableTrack(withMediaType: .video)!
            _ = track
        }
        for (index, _) in spec.tracks.enumerated() where wantsAudio && infos[index].contains(where: { $0.audio != nil }) {
            audioIDs[index] = composition.addMutableTrack(withMediaType: .audio)!
        }
        for (index, track) in spec.tracks.enumerated() {
            var cursor = MediaTime.zero
            for (segment, info) in zip(track.segments, infos[index]) {
                let end = segment.to ?? info.duration
                guard end.isNumeric else {
                    throw problem(spec, stage: "probe", "\(label(segment.source, in: spec)) has no known length; give the segment 'to'", at: segment.location)
                }
                if end > info.duration {
                    throw problem(spec, stage: "probe",
                                  "segment asks for \(TimeSyntax.humanReadable(segment.from))-\(TimeSyntax.humanReadable(end)) of \(label(segment.source, in: spec)) but it is only \(TimeSyntax.humanReadable(info.duration)) long",
                                  at: segment.location)
                }
                let range = TimeRange(start: info.isStill ? .zero : segment.from, duration: end - segment.from)
                let start = segment.at ?? cursor
                let scaled = range.duration.multiplied(by: Int64(segment.speed.denominator), dividedBy: Int64(segment.speed.numerator))
                for (id, source) in [(videoIDs[index], info.video), (audioIDs[index], info.audio)] {
                    guard let id, let source else { continue }
                    let available = info.isStill ? range : TimeRange(start: range.start, end: MediaTime.minimum(range.end, source.timeRange.end))
                    guard available.duration > .zero else { continue }
                    do {
                        try composition.modifyTrack(id) { track in
                            if start < track.endTime {
                                throw JobBuilderOverlap(start: start, end: track.endTime)
                            }
                            try track.insertTimeRange(available, of: source, at: start)
                            if scaled != range.duration {
                                try track.scaleTimeRange(TimeRange(start: start, duration: available.duration),
                                                         toDuration: available.duration.multiplied(by: Int64(segment.speed.denominator), dividedBy: Int64(segment.speed.numerator)))
                            }
                        }
                    } catch let overlap as JobBuilderOverlap {
                        throw problem(spec, stage: "load",
                                      "segment starts at \(TimeSyntax.format(overlap.start)) but the track already plays until \(TimeSyntax.format(overlap.end)); segments of one track may not overlap",
                                      at: segment.location)
                    }
                    if source.mediaType == .video {
                        let played = available.duration.multiplied(by: Int64(segment.speed.denominator),
                                                                   dividedBy: Int64(segment.speed.numerator))
                        pictures[index, default: []].append(
                            ExplicitPicture(range: TimeRange(start: start, duration: played), size: source.naturalSize))
                    }
                }
                cursor = start + scaled
            }
        }
        return ExplicitTracks(video: videoIDs, audio: audioIDs, pictures: pictures)
    }

    /// Applies `layers:` to every instruction where their track plays; tracks without a layer fill the canvas. Each
    /// segment is cropped and fitted with its own source's size, from where it starts (segments joined on one track
    /// share an instruction).
    func applyExplicitLayers(_ spec: OutputSpec, video: inout VideoComposition, tracks: ExplicitTracks,
                             canvas: Size) throws {
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        for index in video.instructions.indices {
            let range = video.instructions[index].timeRange
            for layerIndex in video.instructions[index].layerInstructions.indices {
                let trackID = video.instructions[index].layerInstructions[layerIndex].trackID
                guard let trackIndex = tracks.video.first(where: { $0.value == trackID })?.key else { continue }
                let layerSpec = spec.layers.first { $0.track == trackIndex + 1 }
                var layer = video.instructions[index].layerInstructions[layerIndex]
                for picture in tracks.pictures[trackIndex] ?? [] where picture.plays(during: range) {
                    let region = layerSpec?.region.map { FitGeometry.resolve($0, in: canvas, aspectOf: picture.size) } ?? full
                    let geometry = FitGeometry.place(crop: FitGeometry.crop(layerSpec?.crop, in: picture.size), into: region,
                                                     fit: layerSpec?.fit ?? .contain)
                    let time = MediaTime.maximum(picture.range.start, range.start)
                    try layer.setCropRectangle(geometry.crop, at: time)
                    try layer.setTransform(geometry.transform, at: time)
                }
                for ramp in layerSpec?.opacity ?? [] {
                    if ramp.duration > .zero {
                        try layer.setOpacityRamp(fromStartOpacity: ramp.startValue, toEndOpacity: ramp.endValue,
                                                 timeRange: TimeRange(start: ramp.start, duration: ramp.duration))
                    } else {
                        try layer.setOpacity(ramp.startValue, at: ramp.start)
                    }
                }
                video.instructions[index].layerInstructions[layerIndex] = layer
            }
        }
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

/// One video segment of an explicit track: where it plays on the output's timeline and its source's display size.
struct ExplicitPicture {
    var range: TimeRange
    var size: Size

    /// Whether the segment shows during some of `other`.
    func plays(during other: TimeRange) -> Bool { range.start < other.end && other.start < range.end }
}

/// A segment placed before the end of what its track already holds.
struct JobBuilderOverlap: Error {
    var start: MediaTime
    var end: MediaTime
}
