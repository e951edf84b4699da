/// A blur of one plane in place, of 8-bit (SDR) or 16-bit (HDR) samples: three passes of a box filter of radius `r`
/// in each direction (close to a Gaussian of sigma `r`), with edges extended. Each pass rounds to whole sample values,
/// so both depths follow one rule. The passes run on 16-bit samples with running sums (the plane is read into them
/// once and written back once, the only steps that depend on the depth); the scratch memory is allocated once for
/// the largest plane and reused.
final class BoxBlur {
    private var values: [UInt16]
    private var copy: [UInt16]
    private var sums: [Int]
    private var row: [UInt16]

    /// A blur for planes of up to `width` x `height` samples.
    init(width: Int, height: Int) {
        values = [UInt16](repeating: 0, count: width * height)
        copy = [UInt16](repeating: 0, count: width * height)
        sums = [Int](repeating: 0, count: width)
        row = [UInt16](repeating: 0, count: width)
    }

    /// Blurs the `width` x `height` plane at `pointer` (rows `stride` samples apart) with radius `radius`; 0 does
    /// nothing.
    func blur<Sample: BlendSample>(_ pointer: UnsafeMutablePointer<Sample>, stride: Int, width: Int, height: Int,
                                   radius: Int) {
        guard radius > 0, width > 0, height > 0, width * height <= values.count, width <= row.count else { return }
        values.withUnsafeMutableBufferPointer { values in
            let plane = values.baseAddress!
            for y in 0..<height {
                let source = pointer + y * stride, target = plane + y * width
                for x in 0..<width { target[x] = UInt16(truncatingIfNeeded: source[x]) }
            }
            for _ in 0..<3 {
                horizontal(plane, width: width, height: height, radius: radius)
                vertical(plane, width: width, height: height, radius: radius)
            }
            for y in 0..<height {
                let source = plane + y * width, target = pointer + y * stride
                for x in 0..<width { target[x] = Sample(truncatingIfNeeded: source[x]) }
            }
        }
    }

    private func horizontal(_ pointer: UnsafeMutablePointer<UInt16>, width: Int, height: Int, radius: Int) {
        let scale = 65536 / (2 * radius + 1)
        row.withUnsafeMutableBufferPointer { source in
            for y in 0..<height {
                let line = pointer + y * width
                source.baseAddress!.update(from: line, count: width)
                var sum = 0
                for k in -radius...radius { sum += Int(source[min(max(k, 0), width - 1)]) }
                for x in 0..<width {
                    line[x] = UInt16(truncatingIfNeeded: (sum &* scale &+ 32768) >> 16)
                    sum += Int(source[min(x + radius + 1, width - 1)]) - Int(source[max(x - radius, 0)])
                }
            }
        }
    }

    private func vertical(_ pointer: UnsafeMutablePointer<UInt16>, width: Int, height: Int, radius: Int) {
        let scale = 65536 / (2 * radius + 1)
        copy.withUnsafeMutableBufferPointer { plane in
            sums.withUnsafeMutableBufferPointer { sums in
                let base = plane.baseAddress!
                base.update(from: pointer, count: width * height)
                for x in 0..<width { sums[x] = 0 }
                for k in -radius...radius {
                    let line = base + min(max(k, 0), height - 1) * width
                    for x in 0..<width { sums[x] &+= Int(line[x]) }
                }
                for y in 0..<height {
                    let target = pointer + y * width
                    let entering = base + min(y + radius + 1, height - 1) * width
                    let leaving = base + max(y - radius, 0) * width
                    for x in 0..<width {
                        target[x] = UInt16(truncatingIfNeeded: (sums[x] &* scale &+ 32768) >> 16)
                        sums[x] &+= Int(entering[x]) &- Int(leaving[x])
                    }
                }
            }
        }
    }
}
