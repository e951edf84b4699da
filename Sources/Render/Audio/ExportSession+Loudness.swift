import Composition
import Foundation
import LibAV
import MediaCore

/// Loudness normalisation: measuring passes over the audio mix alone, then the mastering stage of the real render.
extension ExportSession {
    /// The true-peak ceiling in dBTP when a preset sets a loudness target but no ceiling.
    static let defaultTruePeakCeiling = -1.0
    /// How far under the ceiling the limiter aims, in dB: room for its own estimate and for the lossy encoder's
    /// overshoot, so the decoded output stays under the ceiling.
    static let limiterSafetyMargin = 1.0
    /// Measuring passes with the limiter after the first, when limiting costs loudness.
    static let refinementPasses = 2
    /// The most a mix is raised to meet a loudness target, in dB, so a near-silent mix is not pumped into hiss.
    static let maximumGain = 30.0

    /// True makes every measuring pass and the real render mix the audio again, each from freshly opened sources,
    /// instead of replaying the first pass's spooled mix: the reference the spool is tested against. (Re-mixing from
    /// the same, already read decoders is not a reference: a decoder read again after a seek may cut its packets
    /// differently, which moves the resampler's rounding, so the old passes did not see quite the same floats.)
    @TaskLocal static var remixesForLoudness = false

    /// The mastering stage of the real render: no gain and metering only (when `measuresLoudness`) without a
    /// target; with one, the gain that brings the samples of `plan` to it (found by measuring
    /// passes) and a true-peak limiter. With a target the mix is made once, by the first pass, and kept in the
    /// returned spool, which the other passes and the real render read instead of mixing again; without a target
    /// the returned source is nil and the real render mixes live.
    func makeAudioMastering(_ audio: ExportSettings.Audio, sampleRate: Int, channels: Int, plan: AudioChunkPlan,
                            pool: SourcePool) throws(ExportError)
        -> (mastering: AudioMastering, source: (any AudioMixSource)?)
    {
        let capacity = plan.capacity
        guard let target = audio.loudnessTarget else {
            return (try AudioMastering(gain: 1, limiterCeiling: nil, meters: measuresLoudness, channels: channels,
                                       sampleRate: sampleRate, capacity: capacity), nil)
        }
        guard target.isFinite else {
            throw ExportError.probe(path: nil, reason: "preset '\(settings.name)': loudness target \(target) is not a number")
        }
        let ceiling = audio.truePeakCeiling ?? Self.defaultTruePeakCeiling
        let limiterCeiling = Float(pow(10, (ceiling - Self.limiterSafetyMargin) / 20))
        let remixes = Self.remixesForLoudness
        let spool = remixes ? nil : try AudioMixSpool(start: plan.samples.lowerBound, channels: channels,
                                                      sampleRate: sampleRate, capacity: capacity)
        /// A mixer over `sources`, or over newly opened ones.
        func freshMix(_ sources: SourcePool?) throws(ExportError) -> any AudioMixSource {
            try AudioMixRenderer(composition: composition, audioMix: audioMix, sampleRate: sampleRate, channels: channels,
                                 capacity: capacity,
                                 pool: sources ?? SourcePool(decoderThreads: pool.decoderThreads, allowsDevices: pool.allowsDevices),
                                 clampsOutput: false)
        }
        func pass(gainDB: Double, limited: Bool) throws(ExportError) -> Loudness? {
            let mastering = try AudioMastering(gain: Float(pow(10, gainDB / 20)), limiterCeiling: limited ? limiterCeiling : nil,
                                               meters: true, channels: channels, sampleRate: sampleRate, capacity: capacity)
            let recording = spool.map { $0.written == 0 } ?? false
            let mixer: any AudioMixSource
            if let spool, !recording {
                mixer = spool
            } else {
                mixer = try freshMix(remixes ? nil : pool)
            }
            for (from, count) in plan {
                try checkCancelled()
                let chunk = try mixer.render(from: from, count: count)
                if recording { try spool?.append(chunk) }
                _ = try mastering.process(chunk)
            }
            repeat { _ = try mastering.finish() } while mastering.hasPending
            return try mastering.measurement()
        }
        var gainDB = 0.0
        if let measured = try pass(gainDB: 0, limited: false), !measured.isSilent {
            gainDB = min(target - measured.integrated, Self.maximumGain)
            if measured.truePeak + gainDB > ceiling - Self.limiterSafetyMargin {
                for _ in 0..<Self.refinementPasses {
                    guard let limited = try pass(gainDB: gainDB, limited: true), !limited.isSilent else { break }
                    let shortfall = target - limited.integrated
                    if abs(shortfall) < 0.1 { break }
                    gainDB = min(gainDB + shortfall, Self.maximumGain)
                }
            }
        }
        let mastering = try AudioMastering(gain: Float(pow(10, gainDB / 20)), limiterCeiling: limiterCeiling,
                                           meters: true, channels: channels, sampleRate: sampleRate, capacity: capacity)
        if let spool {
            // The spool holds the whole mix: the decoders are not read again.
            pool.closeAudio()
            return (mastering, spool)
        }
        return (mastering, try freshMix(nil))
    }
}
