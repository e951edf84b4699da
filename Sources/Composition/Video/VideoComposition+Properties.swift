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
        // Each track's media segments with their ends worked out once (an end is a sum of rationals).
        let spans = videoTracks.map { track in
            track.segments.filter { !$0.isEmpty }.map { (range: $0.targetRange, end: $0.targetRange.end) }
        }
        var cuts: [MediaTime] = [.zero, duration]
        for trackSpans in spans {
            for span in trackSpans {
                cuts.append(span.range.start)
                cuts.append(span.end)
            }
        }
        let times = distinctSorted(cuts)
        var instructions: [VideoCompositionInstruction] = []
        for (start, end) in zip(times, times.dropFirst()) {
            var active: [Int32] = []
            for (index, track) in videoTracks.enumerated() where spans[index].contains(where: { span in
                // `TimeRange.contains` with the end known.
                span.range.isValid && start.isValid && start >= span.range.start && start < span.end
            }) {
                active.append(track.trackID)
            }
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

    /// The distinct times of `times` in order, each the first written of its equal times (as a `Set` keeps them),
    /// without hashing (which reduces every fraction).
    static func distinctSorted(_ times: [MediaTime]) -> [MediaTime] {
        let order = times.indices.sorted { a, b in
            let comparison = MediaTime.compare(times[a], times[b])
            return comparison != 0 ? comparison < 0 : a < b
        }
        var result: [MediaTime] = []
        result.reserveCapacity(times.count)
        for index in order where result.last.map({ MediaTime.compare($0, times[index]) != 0 }) ?? true {
            result.append(times[index])
        }
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
