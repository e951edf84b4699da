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

    /// The mastering stage of the real render: no gain and metering only (when `measuresLoudness`) without a
    /// target; with one, the gain that brings composition samples `samples` of the mix to it (found by measuring
    /// passes) and a true-peak limiter.
    func makeAudioMastering(_ audio: ExportSettings.Audio, sampleRate: Int, channels: Int, capacity: Int,
                            samples: Range<Int64>, pool: SourcePool) throws(ExportError) -> AudioMastering {
        guard let target = audio.loudnessTarget else {
            return try AudioMastering(gain: 1, limiterCeiling: nil, meters: measuresLoudness, channels: channels,
                                      sampleRate: sampleRate, capacity: capacity)
        }
        guard target.isFinite else {
            throw ExportError.probe(path: nil, reason: "preset '\(settings.name)': loudness target \(target) is not a number")
        }
        let ceiling = audio.truePeakCeiling ?? Self.defaultTruePeakCeiling
        let limiterCeiling = Float(pow(10, (ceiling - Self.limiterSafetyMargin) / 20))
        func pass(gainDB: Double, limited: Bool) throws(ExportError) -> Loudness? {
            let mastering = try AudioMastering(gain: Float(pow(10, gainDB / 20)), limiterCeiling: limited ? limiterCeiling : nil,
                                               meters: true, channels: channels, sampleRate: sampleRate, capacity: capacity)
            let mixer = try AudioMixRenderer(composition: composition, audioMix: audioMix, sampleRate: sampleRate,
                                             channels: channels, capacity: capacity, pool: pool, clampsOutput: false)
            var done = samples.lowerBound
            while done < samples.upperBound {
                try checkCancelled()
                let count = Int(min(Int64(capacity), samples.upperBound - done))
                _ = try mastering.process(try mixer.render(from: done, count: count))
                done += Int64(count)
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
        return try AudioMastering(gain: Float(pow(10, gainDB / 20)), limiterCeiling: limiterCeiling, meters: true,
                                  channels: channels, sampleRate: sampleRate, capacity: capacity)
    }
}
