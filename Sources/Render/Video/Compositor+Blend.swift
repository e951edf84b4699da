// The compositor's inner loops, one implementation for 8-bit (SDR) and 16-bit (HDR) canvases. They run on raw plane
// pointers with wrapping integer arithmetic: no bounds checks, no overflow traps, no floating point. A blend works in
// the sample's wide type (`BlendSample.Wide`): `src * a + dst * (max - a)` is at most `max * max` because the weights
// sum to `max`, so with the rounding term it fits (UInt16 for 8-bit samples, whose 16-bit lanes let the optimiser
// vectorise the loops; UInt32 for 16-bit ones). Every generic loop is specialised for its sample type.

/// A sample the compositor blends: `UInt8` on SDR canvases, `UInt16` on HDR ones.
protocol BlendSample: FixedWidthInteger, UnsignedInteger {
    /// The integer a blend is computed in.
    associatedtype Wide: FixedWidthInteger, UnsignedInteger
    /// The largest sample, which is also the opaque weight: 255 or 65535.
    static var opaqueWeight: Wide { get }
}

extension UInt8: BlendSample {
    static var opaqueWeight: UInt16 { 255 }
}

extension UInt16: BlendSample {
    static var opaqueWeight: UInt32 { 65535 }
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

    @inline(__always)
    static func mix<Sample: BlendSample>(_ source: Sample, _ destination: Sample, _ weight: Sample.Wide) -> Sample {
        let opaque = Sample.opaqueWeight
        return Sample(truncatingIfNeeded: (Sample.Wide(truncatingIfNeeded: source) &* weight
            &+ Sample.Wide(truncatingIfNeeded: destination) &* (opaque &- weight) &+ opaque / 2) / opaque)
    }

    @inline(__always)
    static func over<Sample: BlendSample>(_ coverage: Sample, _ weight: Sample.Wide) -> Sample {
        let opaque = Sample.opaqueWeight
        return Sample(truncatingIfNeeded: weight
            &+ (Sample.Wide(truncatingIfNeeded: coverage) &* (opaque &- weight) &+ opaque / 2) / opaque)
    }

    /// `mask` times `weight`, rounded, in 0...`opaqueWeight`.
    @inline(__always)
    static func scaled<Sample: BlendSample>(_ mask: Sample, by weight: Sample.Wide) -> Sample.Wide {
        (Sample.Wide(truncatingIfNeeded: mask) &* weight &+ Sample.opaqueWeight / 2) / Sample.opaqueWeight
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
                    for i in 0..<width { to[i] = mix(from[i], to[i], weight) }
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
                    for i in 0..<region.width { to[i] = over(to[i], weight) }
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
        typealias Wide = Source.Sample.Wide
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
                let sum = Wide(truncatingIfNeeded: mask[j]) &+ Wide(truncatingIfNeeded: mask[j &+ 1])
                    &+ Wide(truncatingIfNeeded: below[j]) &+ Wide(truncatingIfNeeded: below[j &+ 1])
                let a = (((sum &+ 2) >> 2) &* weight &+ Source.Sample.opaqueWeight / 2) / Source.Sample.opaqueWeight
                toU[i] = mix(fromU[i], toU[i], a)
                toV[i] = mix(fromV[i], toV[i], a)
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
        let opaque = weight == Source.Sample.opaqueWeight
        for _ in 0..<region.height {
            if opaque {
                for i in 0..<region.width {
                    to[i] = mix(from[i], to[i], Source.Sample.Wide(truncatingIfNeeded: mask[i]))
                }
            } else {
                for i in 0..<region.width { to[i] = mix(from[i], to[i], scaled(mask[i], by: weight)) }
            }
            if let row = covered, let coverage {
                for i in 0..<region.width { row[i] = over(row[i], scaled(mask[i], by: weight)) }
                covered = row + coverage.stride
            }
            from += srcStride
            to += dstStride
            mask += alphaStride
        }
    }
}
