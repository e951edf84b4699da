import Composition
import MediaCore

extension JobBuilder {
    /// The audio mix: each clip at its volume, crossfading with its neighbours over transitions; the soundtrack bed
    /// faded in and out and ducked while clips (and the tracks in `voices`: explicit tracks, video overlays) play sound.
    func makeAudioMix(placed: [PlacedClip], soundtrack: SoundtrackSpec?, soundtrackID: Int32?,
                      total: MediaTime, voices: [Int32] = []) throws -> AudioMix {
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
            // The bed ducks by listening to the clips' sound (a side chain in the mixer), not by clip boundaries:
            // a quiet stretch of a clip lets the music back up.
            let clipTracks = Set(placed.compactMap(\.audioTrack) + voices).sorted()
            if soundtrack.duck < 1, !clipTracks.isEmpty {
                input.ducking = Ducking(sideChainTrackIDs: clipTracks, depth: soundtrack.duck,
                                        threshold: soundtrack.duckThreshold, attack: soundtrack.duckAttack,
                                        release: soundtrack.duckRelease)
            }
            let envelope = Self.bedEnvelope(volume: soundtrack.volume, fadeIn: soundtrack.fadeIn, fadeOut: soundtrack.fadeOut,
                                            total: total)
            for (from, to) in zip(envelope, envelope.dropFirst()) where to.time > from.time {
                try input.setVolumeRamp(fromStartVolume: from.gain, toEndVolume: to.gain,
                                        timeRange: TimeRange(start: from.time, end: to.time))
            }
            parameters[soundtrackID] = input
        }
        return AudioMix(inputParameters: parameters.keys.sorted().compactMap { parameters[$0] })
    }

    /// Sets how every audio track but the soundtrack sounds when sped up or slowed down.
    static func apply(_ timePitch: TimePitchAlgorithm, to mix: inout AudioMix, tracks: [CompositionTrack],
                      except soundtrackID: Int32?) {
        for track in tracks where track.mediaType == .audio && track.trackID != soundtrackID {
            if let index = mix.inputParameters.firstIndex(where: { $0.trackID == track.trackID }) {
                mix.inputParameters[index].timePitchAlgorithm = timePitch
            } else {
                var input = AudioMixInputParameters(trackID: track.trackID)
                input.timePitchAlgorithm = timePitch
                mix.inputParameters.append(input)
            }
        }
    }

    /// Breakpoints of the bed's gain: its volume times the fade in and the fade out, linear in between.
    static func bedEnvelope(volume: Double, fadeIn: MediaTime, fadeOut: MediaTime,
                            total: MediaTime) -> [(time: MediaTime, gain: Double)] {
        let fadeInEnd = MediaTime.minimum(fadeIn, total)
        let fadeOutStart = MediaTime.maximum(total - fadeOut, .zero)
        let times: Set<MediaTime> = [.zero, total, fadeInEnd, fadeOutStart]
        func fade(_ t: MediaTime) -> Double {
            var gain = 1.0
            if fadeIn > .zero && t < fadeInEnd { gain = min(gain, t.seconds / fadeIn.seconds) }
            if fadeOut > .zero && t > fadeOutStart { gain = min(gain, (total - t).seconds / fadeOut.seconds) }
            return max(0, gain)
        }
        return times.sorted().map { ($0, volume * fade($0)) }
    }
}
