import Composition
import MediaCore

extension JobBuilder {
    /// The audio mix: each clip at its volume, crossfading with its neighbours over transitions; the soundtrack bed
    /// faded in and out and ducked while clips with sound play.
    func makeAudioMix(placed: [PlacedClip], soundtrack: SoundtrackSpec?, soundtrackID: Int32?,
                      total: MediaTime) throws -> AudioMix {
        var parameters: [Int32: AudioMixInputParameters] = [:]
        for index in placed.indices {
            guard let track = placed[index].audioTrack else { continue }
            var input = parameters.removeValue(forKey: track) ?? AudioMixInputParameters(trackID: track)
            let volume = placed[index].clip.volume
            let transitionIn = placed[index].transitionIn
            let fadeIn = transitionIn.kind == .cut ? MediaTime.zero : transitionIn.duration
            if fadeIn > .zero {
                try input.setVolumeRamp(fromStartVolume: 0, toEndVolume: volume,
                                        timeRange: TimeRange(start: placed[index].start, duration: fadeIn))
            } else {
                try input.setVolume(volume, at: placed[index].start)
            }
            if index + 1 < placed.count, placed[index + 1].transitionIn.kind != .cut {
                try input.setVolumeRamp(fromStartVolume: volume, toEndVolume: 0,
                                        timeRange: TimeRange(start: placed[index + 1].start,
                                                             duration: placed[index + 1].transitionIn.duration))
            }
            parameters[track] = input
        }
        if let soundtrack, let soundtrackID, total > .zero {
            var input = AudioMixInputParameters(trackID: soundtrackID)
            let speech = placed.indices.filter { placed[$0].audioTrack != nil && placed[$0].clip.volume > 0 }
                .map { TimeRange(start: placed[$0].start, end: placed[$0].end) }
            let envelope = Self.bedEnvelope(volume: soundtrack.volume, fadeIn: soundtrack.fadeIn, fadeOut: soundtrack.fadeOut,
                                            duck: soundtrack.duck, speech: speech, total: total)
            for (from, to) in zip(envelope, envelope.dropFirst()) where to.time > from.time {
                try input.setVolumeRamp(fromStartVolume: from.gain, toEndVolume: to.gain,
                                        timeRange: TimeRange(start: from.time, end: to.time))
            }
            parameters[soundtrackID] = input
        }
        return AudioMix(inputParameters: parameters.keys.sorted().compactMap { parameters[$0] })
    }

    /// Breakpoints of the bed's gain: the product of its volume, the fades and the ducking, linear in between.
    static func bedEnvelope(volume: Double, fadeIn: MediaTime, fadeOut: MediaTime, duck: Double,
                            speech: [TimeRange], total: MediaTime) -> [(time: MediaTime, gain: Double)] {
        let ramp = MediaTime(value: 1, timescale: 4)
        var times: Set<MediaTime> = [.zero, total]
        let fadeInEnd = MediaTime.minimum(fadeIn, total)
        let fadeOutStart = MediaTime.maximum(total - fadeOut, .zero)
        times.insert(fadeInEnd)
        times.insert(fadeOutStart)
        let ducked = duck < 1 ? merged(speech) : []
        for range in ducked {
            for time in [range.start - ramp, range.start, range.end, range.end + ramp] where time > .zero && time < total {
                times.insert(time)
            }
        }
        func fade(_ t: MediaTime) -> Double {
            var gain = 1.0
            if fadeIn > .zero && t < fadeInEnd { gain = min(gain, t.seconds / fadeIn.seconds) }
            if fadeOut > .zero && t > fadeOutStart { gain = min(gain, (total - t).seconds / fadeOut.seconds) }
            return max(0, gain)
        }
        func ducking(_ t: MediaTime) -> Double {
            var depth = 0.0
            for range in ducked {
                if range.start <= t && t <= range.end { return duck }
                if t < range.start && t > range.start - ramp { depth = max(depth, 1 - (range.start - t).seconds / ramp.seconds) }
                if t > range.end && t < range.end + ramp { depth = max(depth, 1 - (t - range.end).seconds / ramp.seconds) }
            }
            return 1 - depth * (1 - duck)
        }
        return times.sorted().map { ($0, volume * fade($0) * ducking($0)) }
    }

    /// Overlapping or touching ranges joined.
    static func merged(_ ranges: [TimeRange]) -> [TimeRange] {
        var result: [TimeRange] = []
        for range in ranges.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, range.start <= last.end {
                result[result.count - 1] = TimeRange(start: last.start, end: MediaTime.maximum(last.end, range.end))
            } else {
                result.append(range)
            }
        }
        return result
    }
}
