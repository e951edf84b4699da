/// A blur of one 8-bit plane in place: three passes of a box filter of radius `r` in each direction (close to a
/// Gaussian of sigma `r`), with edges extended. Integer running sums; the scratch memory is allocated once for the
/// largest plane and reused.
final class BoxBlur {
    private var copy: [UInt8]
    private var sums: [Int]
    private var row: [UInt8]

    /// A blur for planes of up to `width` x `height` samples.
    init(width: Int, height: Int) {
        copy = [UInt8](repeating: 0, count: width * height)
        sums = [Int](repeating: 0, count: width)
        row = [UInt8](repeating: 0, count: width)
    }

    /// Blurs the `width` x `height` plane at `pointer` (rows `stride` bytes apart) with radius `radius`; 0 does nothing.
    func blur(_ pointer: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int) {
        guard radius > 0, width > 0, height > 0, width * height <= copy.count, width <= row.count else { return }
        for _ in 0..<3 {
            horizontal(pointer, stride: stride, width: width, height: height, radius: radius)
            vertical(pointer, stride: stride, width: width, height: height, radius: radius)
        }
    }

    private func horizontal(_ pointer: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int) {
        let scale = 65536 / (2 * radius + 1)
        row.withUnsafeMutableBufferPointer { source in
            for y in 0..<height {
                let line = pointer + y * stride
                source.baseAddress!.update(from: line, count: width)
                var sum = 0
                for k in -radius...radius { sum += Int(source[min(max(k, 0), width - 1)]) }
                for x in 0..<width {
                    line[x] = UInt8(truncatingIfNeeded: (sum &* scale &+ 32768) >> 16)
                    sum += Int(source[min(x + radius + 1, width - 1)]) - Int(source[max(x - radius, 0)])
                }
            }
        }
    }

    private func vertical(_ pointer: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int) {
        let scale = 65536 / (2 * radius + 1)
        copy.withUnsafeMutableBufferPointer { plane in
            sums.withUnsafeMutableBufferPointer { sums in
                let base = plane.baseAddress!
                for y in 0..<height { (base + y * width).update(from: pointer + y * stride, count: width) }
                for x in 0..<width { sums[x] = 0 }
                for k in -radius...radius {
                    let line = base + min(max(k, 0), height - 1) * width
                    for x in 0..<width { sums[x] &+= Int(line[x]) }
                }
                for y in 0..<height {
                    let target = pointer + y * stride
                    let entering = base + min(y + radius + 1, height - 1) * width
                    let leaving = base + max(y - radius, 0) * width
                    for x in 0..<width {
                        target[x] = UInt8(truncatingIfNeeded: (sums[x] &* scale &+ 32768) >> 16)
                        sums[x] &+= Int(entering[x]) &- Int(leaving[x])
                    }
                }
            }
        }
    }
}
