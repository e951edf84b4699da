extension AudioGain {
    /// The gain of each of the first `count` frames, exactly as the mixer applies it.
    func values(count: Int) -> [Float] {
        guard count > 0 else { return [] }
        var values = [Float](repeating: 0, count: count)
        let ones = [Float](repeating: 1, count: count)
        ones.withUnsafeBufferPointer { source in
            values.withUnsafeMutableBufferPointer { target in
                AudioMixer.accumulate(UnsafeMutablePointer(mutating: source.baseAddress!), into: target.baseAddress!,
                                      count: count, gain: self)
            }
        }
        return values
    }
}
