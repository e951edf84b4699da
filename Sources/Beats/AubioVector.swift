internal import CAubio

/// A vector of aubio samples (an `fvec_t` it owns, freed with `del_fvec`).
final class AubioVector {
    /// The owned vector.
    let pointer: UnsafeMutablePointer<fvec_t>

    /// A vector of `length` zeros.
    init(length: Int) throws(BeatError) {
        guard length > 0, let made = new_fvec(uint_t(length)) else {
            throw BeatError("aubio cannot allocate a vector of \(length) samples")
        }
        pointer = made
    }

    deinit { del_fvec(pointer) }

    /// The number of samples.
    var count: Int { Int(pointer.pointee.length) }

    /// The sample at `index`.
    subscript(index: Int) -> Float { Float(pointer.pointee.data[index]) }

    /// Copies `count` samples from `samples` starting at `start`.
    func fill(from samples: [Float], start: Int) {
        for index in 0..<count { pointer.pointee.data[index] = smpl_t(samples[start + index]) }
    }
}
