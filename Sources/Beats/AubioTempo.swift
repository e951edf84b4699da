internal import CAubio

/// aubio's beat tracker (an `aubio_tempo_t` it owns, freed with `del_aubio_tempo`), fed one hop at a time.
final class AubioTempo {
    private let tempo: OpaquePointer
    /// Where the tracker writes whether a hop holds a beat.
    private let output: AubioVector

    /// A tracker with aubio's default method over windows of `window` samples moved by `hop`, at `sampleRate`.
    init(window: Int, hop: Int, sampleRate: Int) throws(BeatError) {
        guard let made = new_aubio_tempo("default", uint_t(window), uint_t(hop), uint_t(sampleRate)) else {
            throw BeatError("aubio cannot set up its beat tracker (\(window)/\(hop) at \(sampleRate) Hz)")
        }
        tempo = made
        do {
            output = try AubioVector(length: 1)
        } catch {
            del_aubio_tempo(made)
            throw error
        }
    }

    deinit { del_aubio_tempo(tempo) }

    /// Takes the next hop; the time of the beat in it, in seconds, or nil.
    func beat(in hop: AubioVector) -> Double? {
        aubio_tempo_do(tempo, hop.pointer, output.pointer)
        return output[0] != 0 ? Double(aubio_tempo_get_last_s(tempo)) : nil
    }

    /// The tempo estimated so far, in beats per minute.
    var beatsPerMinute: Double { Double(aubio_tempo_get_bpm(tempo)) }
}
