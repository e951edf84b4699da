import LibAV

/// The Möbius tone curve of libavfilter's `tonemap` filter (`tonemap=mobius:desat=0`), applied to float RGB pictures
/// in linear light eight samples at a time. It gives the filter's bits exactly (the same float operations, in the
/// same order, on the same constants) at a fifteenth of its cost or less: the filter works pixel by pixel through
/// pointers and recomputes the curve's constants for each, which took 30% of an HDR-to-SDR render's CPU.
///
/// The curve is applied to the brightest of a pixel's three components and the three are scaled by the same factor,
/// so hue and saturation hold. Up to `knee` (a fraction of reference white) it is the identity; above it a rational
/// function rolls off smoothly so that `peak` (relative to reference white) lands on 1.
struct MobiusToneMap {
    /// Where the curve leaves the identity.
    let knee: Float
    /// The curve above the knee is `gain * (x + a) / (x + b)`.
    let a: Float
    let b: Float
    let gain: Float

    /// The curve leaving the identity at `knee` and bringing `peak` to 1 (both relative to reference white).
    init(knee: Double, peak: Double) {
        let j = Float(knee)
        // Rounded as the filter rounds them: products of floats, sums and quotients with the peak in double.
        a = Float(Double(-j * j) * (peak - 1) / (Double(j * j - 2 * j) + peak))
        b = Float((Double(j * j) - Double(2 * j) * peak + peak) / (peak - 1 > 1e-6 ? peak - 1 : 1e-6))
        gain = (b * b + 2 * b * j + j * j) / (b - a)
        self.knee = j
    }

    /// Tone-maps `frame`, a `gbrpf32le` picture in linear light, in place.
    func apply(to frame: Frame) throws(LibAVError) {
        let width = frame.width, height = frame.height
        do {
            try frame.withMutablePlanes { planes in
                guard planes.count >= 3 else { return }
                for row in 0..<height {
                    mapRow(planes[0].row(row).baseAddress!, planes[1].row(row).baseAddress!,
                           planes[2].row(row).baseAddress!, count: width)
                }
            }
        } catch let error as LibAVError {
            throw error
        } catch {
            throw LibAVError.invalidArgument("cannot tone-map a picture: \(error)")
        }
    }

    /// Maps one row of `count` pixels given as its three component rows.
    @inline(__always)
    private func mapRow(_ first: UnsafeMutableRawPointer, _ second: UnsafeMutableRawPointer,
                        _ third: UnsafeMutableRawPointer, count: Int) {
        let lanes = SIMD8<Float>.scalarCount
        var x = 0
        while x + lanes <= count {
            let offset = x * MemoryLayout<Float>.stride
            let c0 = first.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            let c1 = second.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            let c2 = third.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            let factor = scale(brightest: Self.brightest(c0, c1, c2))
            first.storeBytes(of: c0 * factor, toByteOffset: offset, as: SIMD8<Float>.self)
            second.storeBytes(of: c1 * factor, toByteOffset: offset, as: SIMD8<Float>.self)
            third.storeBytes(of: c2 * factor, toByteOffset: offset, as: SIMD8<Float>.self)
            x += lanes
        }
        while x < count {
            let offset = x * MemoryLayout<Float>.stride
            let c0 = first.load(fromByteOffset: offset, as: Float.self)
            let c1 = second.load(fromByteOffset: offset, as: Float.self)
            let c2 = third.load(fromByteOffset: offset, as: Float.self)
            let factor = scale(brightest: Self.brightest(SIMD8(repeating: c0), SIMD8(repeating: c1),
                                                         SIMD8(repeating: c2)))[0]
            first.storeBytes(of: c0 * factor, toByteOffset: offset, as: Float.self)
            second.storeBytes(of: c1 * factor, toByteOffset: offset, as: Float.self)
            third.storeBytes(of: c2 * factor, toByteOffset: offset, as: Float.self)
            x += 1
        }
    }

    /// The brightest component, as the filter picks it (planes 0, 2, 1 in that order, `a > b ? a : b` at each
    /// step), and never below 1e-6.
    @inline(__always)
    private static func brightest(_ c0: SIMD8<Float>, _ c1: SIMD8<Float>, _ c2: SIMD8<Float>) -> SIMD8<Float> {
        let firstTwo = c2.replacing(with: c0, where: c0 .> c2)
        let all = c1.replacing(with: firstTwo, where: firstTwo .> c1)
        let floor = SIMD8<Float>(repeating: Float(1e-6))
        return floor.replacing(with: all, where: all .> floor)
    }

    /// The factor each component is multiplied by: the curve at the brightest component over that component.
    @inline(__always)
    private func scale(brightest signal: SIMD8<Float>) -> SIMD8<Float> {
        let rolled = gain * (signal + a) / (signal + b)
        return rolled.replacing(with: signal, where: signal .<= knee) / signal
    }
}
