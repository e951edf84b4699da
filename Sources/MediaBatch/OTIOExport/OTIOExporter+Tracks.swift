import Composition
import Foundation
import Manifest
import MediaCore

extension OTIOExporter {
    /// The composition's tracks as OTIO tracks: video first (the composition's first, top, track last, as OTIO
    /// stacks them), then audio; rolls of one sequence become one track.
    func tracks() -> [OTIOJSON] {
        let groups = job.rolls ?? []
        var video: [OTIOJSON] = [], audio: [OTIOJSON] = []
        for track in job.composition.tracks {
            let group = groups.first { $0.contains(track.trackID) } ?? [track.trackID]
            guard group.first == track.trackID else { continue }
            let segments = job.composition.tracks.filter { group.contains($0.trackID) }.flatMap(\.segments)
            let kind = track.mediaType == .audio ? "Audio" : "Video"
            let made = OTIOJSON.schema("Track.1", [
                ("name", .string("\(kind == "Audio" ? "A" : "V")\(track.trackID)")), ("source_range", .null),
                ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)),
                ("children", .array(items(segments))), ("kind", .string(kind)), ("metadata", .object([])),
            ])
            if track.mediaType == .audio { audio.append(made) } else if track.mediaType == .video { video.append(made) }
        }
        return video.reversed() + audio
    }

    /// One sequence's items: where two segments overlap, the cut goes in the middle of the overlap and a dissolve
    /// reaches half of it each way (OTIO's form: the track keeps the composition's length); holes are gaps.
    func items(_ segments: [TrackSegment]) -> [OTIOJSON] {
        let clips = segments.filter { !$0.isEmpty }.sorted { $0.targetRange.start < $1.targetRange.start }
        var result: [OTIOJSON] = [], cursor = MediaTime.zero
        for (index, segment) in clips.enumerated() {
            let target = segment.targetRange
            let before = index > 0 ? MediaTime.maximum(.zero, clips[index - 1].targetRange.end - target.start) : .zero
            let after = index + 1 < clips.count ? MediaTime.maximum(.zero, target.end - clips[index + 1].targetRange.start) : .zero
            let start = target.start + before.multiplied(by: 1, dividedBy: 2)
            let end = target.end - after.multiplied(by: 1, dividedBy: 2)
            if before > .zero {
                let half = before.multiplied(by: 1, dividedBy: 2)
                result.append(.schema("Transition.1", [
                    ("name", .string("")), ("transition_type", .string("SMPTE_Dissolve")),
                    ("in_offset", rationalTime(half)), ("out_offset", rationalTime(before - half)), ("metadata", .object([])),
                ]))
            } else if start > cursor {
                result.append(.schema("Gap.1", [
                    ("name", .string("")), ("source_range", timeRange(start: .zero, duration: start - cursor)),
                    ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)), ("metadata", .object([])),
                ]))
            }
            result.append(clip(segment, from: start, to: end))
            cursor = end
        }
        return result
    }

    /// A `Clip.2` playing `segment` from output time `from` to `to`; its `source_range` starts at the media time
    /// shown at `from` and lasts as long as the clip does on the timeline, its speed a `LinearTimeWarp`.
    func clip(_ segment: TrackSegment, from: MediaTime, to: MediaTime) -> OTIOJSON {
        let url = segment.sourceURL ?? URL(fileURLWithPath: "/")
        var effects: [OTIOJSON] = []
        let speed = segment.timeMapping.source.duration.seconds / segment.timeMapping.target.duration.seconds
        if speed < 1.0 / 64 {
            effects.append(.schema("FreezeFrame.1", [("name", .string("")), ("effect_name", .string("FreezeFrame")),
                                                     ("time_scalar", .number(0)), ("metadata", .object([]))]))
        } else if segment.timeMapping.source.duration != segment.timeMapping.target.duration {
            effects.append(.schema("LinearTimeWarp.1", [("name", .string("")), ("effect_name", .string("LinearTimeWarp")),
                                                        ("time_scalar", .number(speed)), ("metadata", .object([]))]))
        }
        return .schema("Clip.2", [
            ("name", .string(reference(url).name)),
            ("source_range", timeRange(start: segment.sourceTime(forTrackTime: from), duration: to - from)),
            ("effects", .array(effects)), ("markers", .array([])), ("enabled", .bool(true)),
            ("media_references", .object([("DEFAULT_MEDIA", reference(url).json)])),
            ("active_media_reference_key", .string("DEFAULT_MEDIA")), ("metadata", .object([])),
        ])
    }

    /// The media reference of a segment's source: the file, or for a generated source a `GeneratorReference`.
    func reference(_ url: URL) -> (name: String, json: OTIOJSON) {
        if let generated = GeneratedSource(url: url) {
            let kind = generated.kind == .color ? "SolidColor" : "mediabatch.\(generated.kind.rawValue)"
            return (generated.kind.rawValue, .schema("GeneratorReference.1", [
                ("name", .string(generated.kind.rawValue)), ("available_range", .null),
                ("generator_kind", .string(kind)), ("parameters", .object([("color", .string(generated.color))])),
                ("metadata", .object([])),
            ]))
        }
        return (url.lastPathComponent, .schema("ExternalReference.1", [
            ("name", .string(url.lastPathComponent)), ("available_range", .null),
            ("target_url", .string(url.absoluteString)), ("metadata", .object([])),
        ]))
    }
}
