/// Draws layers over a background into a 16-bit canvas (`VideoFrameBuffer16`), for HDR outputs: `Compositor`'s
/// rules on 16-bit samples. The opacity weight is `opacity * 65535`, rounded; a sample blends as
/// `dst = (src * a + dst * (65535 - a) + 32767) / 65535`, with `a` the weight, or with a source alpha plane
/// `(alpha * weight + 32767) / 65535` per luma sample and the rounded average of the 2x2 block's alpha for chroma.
/// Origins are floored to even numbers as in `Compositor`. The canvas is opaque (it has no alpha plane).
struct Compositor16 {
    /// One picture to draw: a source already scaled to its size, its top-left corner on the canvas and its opacity.
    struct Layer {
        var source: VideoFrameBuffer16
        var x: Int
        var y: Int
        var opacity: Double
        /// The part of `source` drawn at (`x`, `y`) when not all of it is (a wipe cut out of the whole picture):
        /// its top-left corner in the source (floored to even, as origins are) and its size.
        var window: (x: Int, y: Int, width: Int, height: Int)? = nil

        /// The opacity as a weight 0...65535; NaN counts as 0.
        var weight: UInt32 {
            guard !opacity.isNaN else { return 0 }
            return UInt32((min(max(opacity, 0), 1) * 65535).rounded())
        }
    }

    /// The colour the canvas is filled with first.
    var background: (y: UInt16, cb: UInt16, cr: UInt16)

    /// Fills `canvas` with the background, then draws `layers` from first (bottom) to last (top).
    func composite(_ layers: [Layer], into canvas: VideoFrameBuffer16) {
        canvas.fill(background)
        for layer in layers where layer.source !== canvas { Self.draw(layer, onto: canvas) }
    }

    /// Draws one layer onto `canvas`.
    static func draw(_ layer: Layer, onto canvas: VideoFrameBuffer16) {
        let weight = layer.weight
        guard weight > 0 else { return }
        let source = layer.source
        let window = layer.window ?? (0, 0, source.width, source.height)
        let windowX = min(max(window.x, 0), source.width) & ~1, windowY = min(max(window.y, 0), source.height) & ~1
        let shownWidth = min(window.width, source.width - windowX)
        let shownHeight = min(window.height, source.height - windowY)
        let originX = layer.x & ~1, originY = layer.y & ~1
        let left = max(originX, 0), top = max(originY, 0)
        let right = min(originX + shownWidth, canvas.width), bottom = min(originY + shownHeight, canvas.height)
        guard right > left, bottom > top else { return }
        let region = BlendRegion(sourceX: windowX + left - originX, sourceY: windowY + top - originY, canvasX: left,
                                 canvasY: top, width: right - left, height: bottom - top)
        withExtendedLifetime(source) {
            withExtendedLifetime(canvas) {
                if source.hasAlpha {
                    blendMasked(source, onto: canvas, region: region, weight: weight)
                } else {
                    blendConstant(source, onto: canvas, region: region, weight: weight)
                }
            }
        }
    }

    @inline(__always)
    static func mix(_ source: UInt16, _ destination: UInt16, _ weight: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (UInt32(source) &* weight &+ UInt32(destination) &* (65535 &- weight) &+ 32767) / 65535)
    }

    /// One weight for every sample (row copies when opaque).
    static func blendConstant(_ source: VideoFrameBuffer16, onto canvas: VideoFrameBuffer16, region: BlendRegion,
                              weight: UInt32) {
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let (src, srcStride) = source.unsafePlane(plane)
            let (dst, dstStride) = canvas.unsafePlane(plane)
            let width = region.width >> shift
            var from = src + (region.sourceY >> shift) * srcStride + (region.sourceX >> shift)
            var to = dst + (region.canvasY >> shift) * dstStride + (region.canvasX >> shift)
            for _ in 0..<(region.height >> shift) {
                if weight == 65535 {
                    to.update(from: from, count: width)
                } else {
                    for i in 0..<width { to[i] = mix(from[i], to[i], weight) }
                }
                from += srcStride
                to += dstStride
            }
        }
    }

    /// The source's alpha plane times the weight; chroma uses each 2x2 block's average alpha.
    static func blendMasked(_ source: VideoFrameBuffer16, onto canvas: VideoFrameBuffer16, region: BlendRegion,
                            weight: UInt32) {
        let (alpha, alphaStride) = source.unsafePlane(3)
        let alphaOrigin = alpha + region.sourceY * alphaStride + region.sourceX
        let (src, srcStride) = source.unsafePlane(0)
        let (dst, dstStride) = canvas.unsafePlane(0)
        var from = src + region.sourceY * srcStride + region.sourceX
        var to = dst + region.canvasY * dstStride + region.canvasX
        var mask = alphaOrigin
        for _ in 0..<region.height {
            for i in 0..<region.width {
                to[i] = mix(from[i], to[i], (UInt32(mask[i]) &* weight &+ 32767) / 65535)
            }
            from += srcStride
            to += dstStride
            mask += alphaStride
        }
        for plane in 1...2 {
            let (src, srcStride) = source.unsafePlane(plane)
            let (dst, dstStride) = canvas.unsafePlane(plane)
            var from = src + (region.sourceY >> 1) * srcStride + (region.sourceX >> 1)
            var to = dst + (region.canvasY >> 1) * dstStride + (region.canvasX >> 1)
            var mask = alphaOrigin
            for _ in 0..<(region.height >> 1) {
                let below = mask + alphaStride
                for i in 0..<(region.width >> 1) {
                    let j = i &<< 1
                    let sum = UInt32(mask[j]) &+ UInt32(mask[j &+ 1]) &+ UInt32(below[j]) &+ UInt32(below[j &+ 1])
                    to[i] = mix(from[i], to[i], (((sum &+ 2) >> 2) &* weight &+ 32767) / 65535)
                }
                from += srcStride
                to += dstStride
                mask += alphaStride &* 2
            }
        }
    }
}
