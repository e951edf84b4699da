import MediaCore

extension VideoComposition {
    /// A video composition fitting `composition` (`videoCompositionWithPropertiesOfAsset:`): the frame duration of its
    /// one video track, else 1/(greatest nominal frame rate), else 1/30; its natural size; and one instruction per
    /// slice of the timeline between changes of the set of active (non-empty) video segments, each with a layer per
    /// active track, the first track on top. Slices where no video plays have no layers. No video tracks, or a
    /// composition of zero duration, give no instructions.
    public static func make(propertiesOf composition: MutableComposition) -> VideoComposition {
        let videoTracks = composition.tracks(withMediaType: .video)
        var result = VideoComposition(
            renderSize: composition.naturalSize, frameDuration: frameDuration(of: videoTracks))
        let duration = composition.duration
        guard !videoTracks.isEmpty, duration > .zero else { return result }
        var cuts: Set<MediaTime> = [.zero, duration]
        for track in videoTracks {
            for segment in track.segments where !segment.isEmpty {
                cuts.insert(segment.targetRange.start)
                cuts.insert(segment.targetRange.end)
            }
        }
        let times = cuts.sorted()
        var instructions: [VideoCompositionInstruction] = []
        for (start, end) in zip(times, times.dropFirst()) {
            let active = videoTracks.filter { track in
                track.segments.contains { !$0.isEmpty && $0.targetRange.contains(start) }
            }.map(\.trackID)
            if let last = instructions.last, last.trackIDs == active {
                instructions[instructions.count - 1].timeRange = TimeRange(start: last.timeRange.start, end: end)
            } else {
                instructions.append(VideoCompositionInstruction(
                    timeRange: TimeRange(start: start, end: end), layerInstructions: active.map(LayerInstruction.init)))
            }
        }
        result.instructions = instructions
        return result
    }

    /// 1/rate of the single video track, else of the greatest rate, else 1/30.
    static func frameDuration(of videoTracks: [CompositionTrack]) -> MediaTime {
        let rates = videoTracks.compactMap(\.nominalFrameRate).filter(\.isValid)
        let greatest = rates.max { lhs, rhs in
            Int64(lhs.numerator) * Int64(rhs.denominator) < Int64(rhs.numerator) * Int64(lhs.denominator)
        }
        return greatest?.frameDuration ?? MediaTime(value: 1, timescale: 30)
    }
}
