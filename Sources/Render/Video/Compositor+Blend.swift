// The compositor's inner loops, one implementation for 8-bit (SDR) and 16-bit (HDR) canvases. They run on raw plane
// pointers with wrapping integer arithmetic: no bounds checks, no overflow traps, no floating point. A blend works in
// the sample's wide type (`BlendSample.Wide`): `src * a + dst * (max - a)` is at most `max * max` because the weights
// sum to `max`, so with the rounding term it fits (UInt16 for 8-bit samples, whose 16-bit lanes let the optimiser
// vectorise the loops; UInt32 for 16-bit ones). Optimised builds specialise the loops for each sample type; the
// per-sample formulas are each type's own so that unoptimised (debug) builds do not run them generically.

/// A sample the compositor blends: `UInt8` on SDR canvases, `UInt16` on HDR ones. The per-sample arithmetic is
/// each type's own (in its wide type), so the shared loops call concrete code even in unoptimised builds; every
/// formula is `Compositor`'s with `max` = 255 or 65535.
protocol BlendSample: FixedWidthInteger, UnsignedInteger {
    /// The integer a blend is computed in.
    associatedtype Wide: FixedWidthInteger, UnsignedInteger
    /// The largest sample, which is also the opaque weight: 255 or 65535.
    static var opaqueWeight: Wide { get }
    /// `(source * weight + destination * (max - weight) + max / 2) / max`.
    static func mix(_ source: Self, _ destination: Self, _ weight: Wide) -> Self
    /// The "over" rule for coverage: `weight + (coverage * (max - weight) + max / 2) / max`.
    static func over(_ coverage: Self, _ weight: Wide) -> Self
    /// An alpha sample times an opacity weight: `(alpha * weight + max / 2) / max`.
    static func weight(_ alpha: Self, _ opacity: Wide) -> Wide
    /// The rounded mean of a 2x2 block's alpha times an opacity weight, for the chroma sample the block shares.
    static func blockWeight(_ a: Self, _ b: Self, _ c: Self, _ d: Self, _ opacity: Wide) -> Wide
}

extension UInt8: BlendSample {
    static var opaqueWeight: UInt16 { 255 }
    @inline(__always) static func mix(_ source: UInt8, _ destination: UInt8, _ weight: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt16(source) &* weight &+ UInt16(destination) &* (255 &- weight) &+ 127) / 255)
    }
    @inline(__always) static func over(_ coverage: UInt8, _ weight: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: weight &+ (UInt16(coverage) &* (255 &- weight) &+ 127) / 255)
    }
    @inline(__always) static func weight(_ alpha: UInt8, _ opacity: UInt16) -> UInt16 {
        (UInt16(alpha) &* opacity &+ 127) / 255
    }
    @inline(__always) static func blockWeight(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8,
                                              _ opacity: UInt16) -> UInt16 {
        ((((UInt16(a) &+ UInt16(b) &+ UInt16(c) &+ UInt16(d)) &+ 2) >> 2) &* opacity &+ 127) / 255
    }
}

extension UInt16: BlendSample {
    static var opaqueWeight: UInt32 { 65535 }
    @inline(__always) static func mix(_ source: UInt16, _ destination: UInt16, _ weight: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (UInt32(source) &* weight &+ UInt32(destination) &* (65535 &- weight) &+ 32767)
            / 65535)
    }
    @inline(__always) static func over(_ coverage: UInt16, _ weight: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: weight &+ (UInt32(coverage) &* (65535 &- weight) &+ 32767) / 65535)
    }
    @inline(__always) static func weight(_ alpha: UInt16, _ opacity: UInt32) -> UInt32 {
        (UInt32(alpha) &* opacity &+ 32767) / 65535
    }
    @inline(__always) static func blockWeight(_ a: UInt16, _ b: UInt16, _ c: UInt16, _ d: UInt16,
                                              _ opacity: UInt32) -> UInt32 {
        ((((UInt32(a) &+ UInt32(b) &+ UInt32(c) &+ UInt32(d)) &+ 2) >> 2) &* opacity &+ 32767) / 65535
    }
}

/// A planar Y'CbCr 4:2:0 picture the compositor reads or draws into: plane 0 luma, 1 and 2 chroma at half width and
/// height, 3 alpha when present (`VideoFrameBuffer`, `VideoFrameBuffer16`).
protocol BlendPicture: AnyObject {
    /// The sample type of every plane.
    associatedtype Sample: BlendSample
    /// Width in pixels (even).
    var width: Int { get }
    /// Height in pixels (even).
    var height: Int { get }
    /// Whether plane 3 holds alpha.
    var hasAlpha: Bool { get }
    /// Plane `index`'s first sample and its stride in samples; valid while the picture lives.
    func unsafePlane(_ index: Int) -> (pointer: UnsafeMutablePointer<Sample>, stride: Int)
}

extension VideoFrameBuffer: BlendPicture {}
extension VideoFrameBuffer16: BlendPicture {}

/// The clipped rectangle of a layer, in luma samples; all values are even.
struct BlendRegion {
    var sourceX: Int
    var sourceY: Int
    var canvasX: Int
    var canvasY: Int
    var width: Int
    var height: Int

    /// The part of a source window (`window`, in the source, origin floored to even) drawn with its top-left corner
    /// at (`x`, `y`) (floored to even, see `Compositor`) that falls on a `canvasWidth` x `canvasHeight` canvas; nil
    /// when none does.
    static func clipped(window: (x: Int, y: Int, width: Int, height: Int), sourceWidth: Int, sourceHeight: Int,
                        x: Int, y: Int, canvasWidth: Int, canvasHeight: Int) -> BlendRegion? {
        let windowX = min(max(window.x, 0), sourceWidth) & ~1, windowY = min(max(window.y, 0), sourceHeight) & ~1
        let shownWidth = min(window.width, sourceWidth - windowX)
        let shownHeight = min(window.height, sourceHeight - windowY)
        let originX = x & ~1, originY = y & ~1
        let left = max(originX, 0), top = max(originY, 0)
        let right = min(originX + shownWidth, canvasWidth), bottom = min(originY + shownHeight, canvasHeight)
        guard right > left, bottom > top else { return nil }
        return BlendRegion(sourceX: windowX + left - originX, sourceY: windowY + top - originY, canvasX: left,
                           canvasY: top, width: right - left, height: bottom - top)
    }
}

/// The blend loops, for pictures of either sample type.
enum PictureBlend {
    /// Draws `region` of `source` onto `canvas` with the opacity weight `weight` (0...`opaqueWeight`), masked by the
    /// source's alpha plane when `masked`.
    static func draw<Source: BlendPicture, Canvas: BlendPicture>(
        _ source: Source, onto canvas: Canvas, region: BlendRegion, weight: Source.Sample.Wide, masked: Bool
    ) where Source.Sample == Canvas.Sample {
        withExtendedLifetime(source) {
            withExtendedLifetime(canvas) {
                if masked {
                    blendMasked(source, onto: canvas, region: region, weight: weight)
                } else {
                    blendConstant(source, onto: canvas, region: region, weight: weight)
                }
            }
        }
    }

    /// One opacity weight for every sample; row copies when it is opaque.
    static func blendConstant<Source: BlendPicture, Canvas: BlendPicture>(
        _ source: Source, onto canvas: Canvas, region: BlendRegion, weight: Source.Sample.Wide
    ) where Source.Sample == Canvas.Sample {
        let opaque = weight == Source.Sample.opaqueWeight
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let (src, srcStride) = source.unsafePlane(plane)
            let (dst, dstStride) = canvas.unsafePlane(plane)
            let width = region.width >> shift
            var from = src + (region.sourceY >> shift) * srcStride + (region.sourceX >> shift)
            var to = dst + (region.canvasY >> shift) * dstStride + (region.canvasX >> shift)
            for _ in 0..<(region.height >> shift) {
                if opaque {
                    to.update(from: from, count: width)
                } else {
                    for i in 0..<width { to[i] = Source.Sample.mix(from[i], to[i], weight) }
                }
                from += srcStride
                to += dstStride
            }
        }
        if canvas.hasAlpha {
            let (dst, dstStride) = canvas.unsafePlane(3)
            var to = dst + region.canvasY * dstStride + region.canvasX
            for _ in 0..<region.height {
                if opaque {
                    to.update(repeating: Canvas.Sample.max, count: region.width)
                } else {
                    for i in 0..<region.width { to[i] = Canvas.Sample.over(to[i], weight) }
                }
                to += dstStride
            }
        }
    }

    /// The source's alpha plane times the opacity weight: luma (and the canvas's coverage) per pixel, then both
    /// chroma planes in one pass with each 2x2 block's average alpha.
    static func blendMasked<Source: BlendPicture, Canvas: BlendPicture>(
        _ source: Source, onto canvas: Canvas, region: BlendRegion, weight: Source.Sample.Wide
    ) where Source.Sample == Canvas.Sample {
        typealias Sample = Source.Sample
        blendMaskedLuma(source, onto: canvas, region: region, weight: weight)
        let (alpha, alphaStride) = source.unsafePlane(3)
        let (srcU, srcStrideU) = source.unsafePlane(1)
        let (srcV, srcStrideV) = source.unsafePlane(2)
        let (dstU, dstStrideU) = canvas.unsafePlane(1)
        let (dstV, dstStrideV) = canvas.unsafePlane(2)
        var fromU = srcU + (region.sourceY >> 1) * srcStrideU + (region.sourceX >> 1)
        var fromV = srcV + (region.sourceY >> 1) * srcStrideV + (region.sourceX >> 1)
        var toU = dstU + (region.canvasY >> 1) * dstStrideU + (region.canvasX >> 1)
        var toV = dstV + (region.canvasY >> 1) * dstStrideV + (region.canvasX >> 1)
        var mask = alpha + region.sourceY * alphaStride + region.sourceX
        for _ in 0..<(region.height >> 1) {
            let below = mask + alphaStride
            for i in 0..<(region.width >> 1) {
                let j = i &<< 1
                let a = Sample.blockWeight(mask[j], mask[j &+ 1], below[j], below[j &+ 1], weight)
                toU[i] = Sample.mix(fromU[i], toU[i], a)
                toV[i] = Sample.mix(fromV[i], toV[i], a)
            }
            fromU += srcStrideU
            fromV += srcStrideV
            toU += dstStrideU
            toV += dstStrideV
            mask += alphaStride &* 2
        }
    }

    /// `blendMasked`'s luma plane, and the canvas's alpha plane when it has one.
    private static func blendMaskedLuma<Source: BlendPicture, Canvas: BlendPicture>(
        _ source: Source, onto canvas: Canvas, region: BlendRegion, weight: Source.Sample.Wide
    ) where Source.Sample == Canvas.Sample {
        let (alpha, alphaStride) = source.unsafePlane(3)
        let (src, srcStride) = source.unsafePlane(0)
        let (dst, dstStride) = canvas.unsafePlane(0)
        let coverage = canvas.hasAlpha ? canvas.unsafePlane(3) : nil
        var from = src + region.sourceY * srcStride + region.sourceX
        var to = dst + region.canvasY * dstStride + region.canvasX
        var mask = alpha + region.sourceY * alphaStride + region.sourceX
        var covered = coverage.map { $0.pointer + region.canvasY * $0.stride + region.canvasX }
        typealias Sample = Source.Sample
        for _ in 0..<region.height {
            for i in 0..<region.width { to[i] = Sample.mix(from[i], to[i], Sample.weight(mask[i], weight)) }
            if let row = covered, let coverage {
                for i in 0..<region.width { row[i] = Sample.over(row[i], Sample.weight(mask[i], weight)) }
                covered = row + coverage.stride
            }
            from += srcStride
            to += dstStride
            mask += alphaStride
        }
    }
}
