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
        guard let target = audio.loudnessTarget else {
            return (try AudioMastering(gain: 1, limiterCeiling: nil, meters: measuresLoudness, channels: channels,
                                       sampleRate: sampleRate, capacity: plan.capacity), nil)
        }
        guard target.isFinite else {
            throw ExportError.setup(reason: "preset '\(settings.name)': loudness target \(target) is not a number")
        }
        let ceiling = audio.truePeakCeiling ?? Self.defaultTruePeakCeiling
        let remixes = Self.remixesForLoudness
        let passes = LoudnessPasses(
            session: self, plan: plan, pool: pool, sampleRate: sampleRate, channels: channels,
            limiterCeiling: Float(pow(10, (ceiling - Self.limiterSafetyMargin) / 20)), remixes: remixes,
            spool: remixes ? nil : try AudioMixSpool(start: plan.samples.lowerBound, channels: channels,
                                                     sampleRate: sampleRate, capacity: plan.capacity))
        let gainDB = try loudnessGain(target: target, ceiling: ceiling, passes: passes)
        let mastering = try passes.mastering(gainDB: gainDB, limited: true)
        if let spool = passes.spool {
            // The spool holds the whole mix: the decoders are not read again.
            pool.closeAudio()
            return (mastering, spool)
        }
        return (mastering, try passes.freshMix(nil))
    }

    /// The gain in dB that brings the mix to `target` LUFS: a first pass measures it unlimited, and when the gain
    /// would push its true peak over `ceiling`, limited passes refine the gain by what limiting took away.
    private func loudnessGain(target: Double, ceiling: Double, passes: LoudnessPasses) throws(ExportError) -> Double {
        guard let measured = try passes.measure(gainDB: 0, limited: false), !measured.isSilent else { return 0 }
        var gainDB = min(target - measured.integrated, Self.maximumGain)
        guard measured.truePeak + gainDB > ceiling - Self.limiterSafetyMargin else { return gainDB }
        for _ in 0..<Self.refinementPasses {
            guard let limited = try passes.measure(gainDB: gainDB, limited: true), !limited.isSilent else { break }
            let shortfall = target - limited.integrated
            if abs(shortfall) < 0.1 { break }
            gainDB = min(gainDB + shortfall, Self.maximumGain)
        }
        return gainDB
    }
}

/// The measuring passes over an export's mix: the first records the mix into the spool (when there is one), the
/// others replay it; without a spool every pass mixes afresh.
private struct LoudnessPasses {
    let session: ExportSession
    let plan: AudioChunkPlan
    let pool: SourcePool
    let sampleRate: Int
    let channels: Int
    let limiterCeiling: Float
    let remixes: Bool
    let spool: AudioMixSpool?

    /// A mixer over `sources`, or over newly opened ones.
    func freshMix(_ sources: SourcePool?) throws(ExportError) -> any AudioMixSource {
        try AudioMixRenderer(
            composition: session.composition, audioMix: session.audioMix, sampleRate: sampleRate, channels: channels,
            capacity: plan.capacity,
            pool: sources ?? SourcePool(decoderThreads: pool.decoderThreads, allowsDevices: pool.allowsDevices),
            clampsOutput: false)
    }

    /// A metering mastering stage with `gainDB`, limited to the ceiling or not.
    func mastering(gainDB: Double, limited: Bool) throws(ExportError) -> AudioMastering {
        try AudioMastering(gain: Float(pow(10, gainDB / 20)), limiterCeiling: limited ? limiterCeiling : nil,
                           meters: true, channels: channels, sampleRate: sampleRate, capacity: plan.capacity)
    }

    /// The loudness of the whole mix through a mastering stage with `gainDB`.
    func measure(gainDB: Double, limited: Bool) throws(ExportError) -> Loudness? {
        let mastering = try mastering(gainDB: gainDB, limited: limited)
        let recording = spool.map { $0.written == 0 } ?? false
        let mixer: any AudioMixSource
        if let spool, !recording {
            mixer = spool
        } else {
            mixer = try freshMix(remixes ? nil : pool)
        }
        for (from, count) in plan {
            try session.checkCancelled()
            let chunk = try mixer.render(from: from, count: count)
            if recording { try spool?.append(chunk) }
            _ = try mastering.process(chunk)
        }
        repeat { _ = try mastering.finish() } while mastering.hasPending
        return try mastering.measurement()
    }
}
