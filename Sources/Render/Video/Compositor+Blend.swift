// The compositor's inner loops. They run on raw plane pointers with wrapping integer arithmetic: no bounds checks,
// no overflow traps, no floating point. The blend works in UInt16: `src * a + dst * (255 - a)` is at most
// 255 * 255 because the weights sum to 255, so with the rounding term it stays below 65536, and 16-bit lanes let the
// optimiser vectorise the loops (a UInt16 division by 255 becomes a multiply-high).

extension Compositor {
    @inline(__always)
    static func mix(_ source: UInt16, _ destination: UInt16, _ weight: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: (source &* weight &+ destination &* (255 &- weight) &+ 127) / 255)
    }

    @inline(__always)
    static func over(_ coverage: UInt16, _ weight: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: weight &+ (coverage &* (255 &- weight) &+ 127) / 255)
    }

    /// Opacity 1, no mask: row copies.
    static func copyOpaque(_ source: VideoFrameBuffer, onto canvas: VideoFrameBuffer, region: BlendRegion) {
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let (src, srcStride) = source.unsafePlane(plane)
            let (dst, dstStride) = canvas.unsafePlane(plane)
            let width = region.width >> shift
            var from = src + (region.sourceY >> shift) * srcStride + (region.sourceX >> shift)
            var to = dst + (region.canvasY >> shift) * dstStride + (region.canvasX >> shift)
            for _ in 0..<(region.height >> shift) {
                to.update(from: from, count: width)
                from += srcStride
                to += dstStride
            }
        }
        if canvas.hasAlpha {
            let (dst, dstStride) = canvas.unsafePlane(3)
            var to = dst + region.canvasY * dstStride + region.canvasX
            for _ in 0..<region.height {
                to.update(repeating: 255, count: region.width)
                to += dstStride
            }
        }
    }

    /// One opacity weight for every sample.
    static func blendConstant(_ source: VideoFrameBuffer, onto canvas: VideoFrameBuffer, region: BlendRegion,
                              weight: UInt16) {
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let (src, srcStride) = source.unsafePlane(plane)
            let (dst, dstStride) = canvas.unsafePlane(plane)
            let width = region.width >> shift
            var from = src + (region.sourceY >> shift) * srcStride + (region.sourceX >> shift)
            var to = dst + (region.canvasY >> shift) * dstStride + (region.canvasX >> shift)
            for _ in 0..<(region.height >> shift) {
                for i in 0..<width {
                    to[i] = mix(UInt16(from[i]), UInt16(to[i]), weight)
                }
                from += srcStride
                to += dstStride
            }
        }
        if canvas.hasAlpha {
            let (dst, dstStride) = canvas.unsafePlane(3)
            var to = dst + region.canvasY * dstStride + region.canvasX
            for _ in 0..<region.height {
                for i in 0..<region.width {
                    to[i] = over(UInt16(to[i]), weight)
                }
                to += dstStride
            }
        }
    }

    /// The source's alpha plane times the opacity weight; chroma uses each 2x2 block's average alpha.
    static func blendMasked(_ source: VideoFrameBuffer, onto canvas: VideoFrameBuffer, region: BlendRegion,
                            weight: UInt16) {
        let (alpha, alphaStride) = source.unsafePlane(3)
        let alphaOrigin = alpha + region.sourceY * alphaStride + region.sourceX
        // Luma, and the canvas alpha plane if there is one.
        do {
            let (src, srcStride) = source.unsafePlane(0)
            let (dst, dstStride) = canvas.unsafePlane(0)
            let coverage = canvas.hasAlpha ? canvas.unsafePlane(3) : nil
            var from = src + region.sourceY * srcStride + region.sourceX
            var to = dst + region.canvasY * dstStride + region.canvasX
            var mask = alphaOrigin
            var covered = coverage.map { $0.pointer + region.canvasY * $0.stride + region.canvasX }
            for _ in 0..<region.height {
                if weight == 255 {
                    for i in 0..<region.width {
                        to[i] = mix(UInt16(from[i]), UInt16(to[i]), UInt16(mask[i]))
                    }
                } else {
                    for i in 0..<region.width {
                        let a = (UInt16(mask[i]) &* weight &+ 127) / 255
                        to[i] = mix(UInt16(from[i]), UInt16(to[i]), a)
                    }
                }
                if let row = covered, let coverage {
                    for i in 0..<region.width {
                        let a = (UInt16(mask[i]) &* weight &+ 127) / 255
                        row[i] = over(UInt16(row[i]), a)
                    }
                    covered = row + coverage.stride
                }
                from += srcStride
                to += dstStride
                mask += alphaStride
            }
        }
        // Both chroma planes in one pass, sharing the block alpha.
        let (srcU, srcStrideU) = source.unsafePlane(1)
        let (srcV, srcStrideV) = source.unsafePlane(2)
        let (dstU, dstStrideU) = canvas.unsafePlane(1)
        let (dstV, dstStrideV) = canvas.unsafePlane(2)
        let chromaWidth = region.width >> 1
        var fromU = srcU + (region.sourceY >> 1) * srcStrideU + (region.sourceX >> 1)
        var fromV = srcV + (region.sourceY >> 1) * srcStrideV + (region.sourceX >> 1)
        var toU = dstU + (region.canvasY >> 1) * dstStrideU + (region.canvasX >> 1)
        var toV = dstV + (region.canvasY >> 1) * dstStrideV + (region.canvasX >> 1)
        var mask = alphaOrigin
        for _ in 0..<(region.height >> 1) {
            let below = mask + alphaStride
            for i in 0..<chromaWidth {
                let j = i &<< 1
                let sum = UInt16(mask[j]) &+ UInt16(mask[j &+ 1]) &+ UInt16(below[j]) &+ UInt16(below[j &+ 1])
                let a = (((sum &+ 2) >> 2) &* weight &+ 127) / 255
                toU[i] = mix(UInt16(fromU[i]), UInt16(toU[i]), a)
                toV[i] = mix(UInt16(fromV[i]), UInt16(toV[i]), a)
            }
            fromU += srcStrideU
            fromV += srcStrideV
            toU += dstStrideU
            toV += dstStrideV
            mask += alphaStride &* 2
        }
    }
}
