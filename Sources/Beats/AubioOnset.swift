internal import CAubio

/// aubio's onset detector (an `aubio_onset_t` it owns, freed with `del_aubio_onset`), fed one hop at a time.
final class AubioOnset {
    private let onset: OpaquePointer
    /// Where the detector writes whether a hop holds an onset.
    private let output: AubioVector

    /// A detector with aubio's default method over windows of `window` samples moved by `hop`, at `sampleRate`.
    init(window: Int, hop: Int, sampleRate: Int) throws(BeatError) {
        guard let made = new_aubio_onset("default", uint_t(window), uint_t(hop), uint_t(sampleRate)) else {
            throw BeatError("aubio cannot set up its onset detector (\(window)/\(hop) at \(sampleRate) Hz)")
        }
        onset = made
        do {
            output = try AubioVector(length: 1)
        } catch {
            del_aubio_onset(made)
            throw error
        }
    }

    deinit { del_aubio_onset(onset) }

    /// Takes the next hop; the onset in it (seconds and the detection function's value), or nil.
    func onset(in hop: AubioVector) -> (time: Double, strength: Double)? {
        aubio_onset_do(onset, hop.pointer, output.pointer)
        guard output[0] != 0 else { return nil }
        return (Double(aubio_onset_get_last_s(onset)), Double(aubio_onset_get_descriptor(onset)))
    }
}
