import LibAV

/// The 8-bit 4:2:0 path of `TextBlender`, sixteen samples at a time: the same integer arithmetic as the general
/// path, so the same bytes. Divisions by 255 of values below 65 280 are exact as `(t + 1 + t >> 8) >> 8`, and every
/// intermediate value (at most 255 * 255 + 254) fits 16 bits.
extension TextBlender {
    typealias Lanes = SIMD16<UInt16>

    /// Blends `image` (already clipped to `x0..<x1` x `y0..<y1`) into the luma and both chroma planes of an 8-bit
    /// 4:2:0 frame.
    static func blend420(_ image: ASSImage, into planes: [Frame.Plane], color: (y: Int, cb: Int, cr: Int),
                         x0: Int, y0: Int, x1: Int, y1: Int) {
        // Weights of pixel columns x0 & ~1 ..< (x1 + 1) & ~1 (zero outside x0..<x1), two rows at a time.
        let left = x0 & ~1, columns = ((x1 + 1) & ~1) - left
        let upper = UnsafeMutablePointer<UInt16>.allocate(capacity: columns + 16)
        let lower = UnsafeMutablePointer<UInt16>.allocate(capacity: columns + 16)
        let blocks = UnsafeMutablePointer<UInt16>.allocate(capacity: columns / 2 + 16)
        defer { upper.deallocate(); lower.deallocate(); blocks.deallocate() }
        let opacity = UInt16(image.opacity)
        for pairTop in stride(from: y0 & ~1, to: y1, by: 2) {
            for (row, weights) in [(pairTop, upper), (pairTop + 1, lower)] {
                weights.initialize(repeating: 0, count: columns)
                guard row >= y0, row < y1 else { continue }
                let coverage = image.bitmap + (row - image.y) * image.stride + (x0 - image.x)
                Self.weights(coverage, count: x1 - x0, opacity: opacity, into: weights + (x0 - left))
                let luma = planes[0].base.assumingMemoryBound(to: UInt8.self) + row * planes[0].bytesPerRow
                Self.blend(luma + x0, weights: weights + (x0 - left), count: x1 - x0, value: UInt16(color.y))
            }
            let sampleY = pairTop >> 1
            guard sampleY < planes[1].rows, sampleY < planes[2].rows else { continue }
            let samples = min(columns / 2, planes[1].usedBytesPerRow - left / 2, planes[2].usedBytesPerRow - left / 2)
            guard samples > 0 else { continue }
            Self.blockWeights(upper, lower, count: samples, into: blocks)
            for (plane, value) in [(planes[1], color.cb), (planes[2], color.cr)] {
                let row = plane.base.assumingMemoryBound(to: UInt8.self) + sampleY * plane.bytesPerRow + left / 2
                Self.blend(row, weights: blocks, count: samples, value: UInt16(value))
            }
        }
    }

    /// `t / 255` rounded down, exact for every lane below 65 280.
    @inline(__always)
    static func divide255(_ t: Lanes) -> Lanes {
        (t &+ 1 &+ (t &>> 8)) &>> 8
    }

    /// Coverage times opacity over 255, rounded: `count` pixels of a bitmap row into `weights`.
    static func weights(_ coverage: UnsafePointer<UInt8>, count: Int, opacity: UInt16,
                        into weights: UnsafeMutablePointer<UInt16>) {
        var x = 0
        while x + 16 <= count {
            let bytes = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD16<UInt8>.self)
            let weight = divide255(Lanes(truncatingIfNeeded: bytes) &* opacity &+ 127)
            UnsafeMutableRawPointer(weights + x).storeBytes(of: weight, as: Lanes.self)
            x += 16
        }
        for index in x..<count {
            weights[index] = UInt16((Int(coverage[index]) * Int(opacity) + 127) / 255)
        }
    }

    /// The rounded mean weight of each 2 x 2 block of two weight rows: `count` blocks into `blocks`.
    static func blockWeights(_ upper: UnsafePointer<UInt16>, _ lower: UnsafePointer<UInt16>, count: Int,
                             into blocks: UnsafeMutablePointer<UInt16>) {
        var index = 0
        while index + 16 <= count {
            let top = UnsafeRawPointer(upper + 2 * index).loadUnaligned(as: SIMD32<UInt16>.self)
            let bottom = UnsafeRawPointer(lower + 2 * index).loadUnaligned(as: SIMD32<UInt16>.self)
            let sum = top.evenHalf &+ top.oddHalf &+ bottom.evenHalf &+ bottom.oddHalf
            UnsafeMutableRawPointer(blocks + index).storeBytes(of: (sum &+ 2) &>> 2, as: Lanes.self)
            index += 16
        }
        for block in index..<count {
            let sum = upper[2 * block] + upper[2 * block + 1] + lower[2 * block] + lower[2 * block + 1]
            blocks[block] = (sum + 2) >> 2
        }
    }

    /// Blends `value` into `count` 8-bit samples, each by its weight out of 255.
    static func blend(_ samples: UnsafeMutablePointer<UInt8>, weights: UnsafePointer<UInt16>, count: Int,
                      value: UInt16) {
        var x = 0
        while x + 16 <= count {
            let old = Lanes(truncatingIfNeeded: UnsafeRawPointer(samples + x).loadUnaligned(as: SIMD16<UInt8>.self))
            let weight = UnsafeRawPointer(weights + x).loadUnaligned(as: Lanes.self)
            let mixed = divide255(value &* weight &+ old &* (255 &- weight) &+ 127)
            UnsafeMutableRawPointer(samples + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: mixed),
                                                            as: SIMD16<UInt8>.self)
            x += 16
        }
        for index in x..<count {
            let weight = Int(weights[index])
            samples[index] = UInt8((Int(value) * weight + Int(samples[index]) * (255 - weight) + 127) / 255)
        }
    }
}
