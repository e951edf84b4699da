import Composition
import LibAV

/// Draws a source picture through a general affine transform (see `WarpPlacement`) into a 4:2:0 buffer with alpha the
/// size of the canvas, for the compositor's masked blend: 8-bit (`VideoFrameBuffer`, SDR) or 16-bit
/// (`VideoFrameBuffer16`, HDR) alike, from a source of the same depth.
///
/// Every drawn pixel is mapped back to the source and sampled bilinearly, in 16.16 fixed point, stepping along each
/// row by the inverse transform's constant increments. The source is the normalised frame itself (full resolution,
/// so a zoom stays as sharp as the source allows); a picture drawn smaller than half its size is first shrunk by
/// swscale's area filter to a power-of-two level (a mip level), so minifying does not alias. The picture's edges
/// are anti-aliased through alpha: each pixel's coverage is its distance inside the crop rectangle, measured in
/// canvas pixels along both source axes, plus one half, clamped to 0...1, times the source's own alpha; in a rounded
/// corner, at most its distance inside the corner's arc (`WarpCorners`). A border's band (`WarpBorder`) is laid over
/// the picture inside those edges. Samples are
/// weighed in 8-bit fractions at both depths, so 16-bit samples keep their extra precision in the sum.
///
/// Buffers and the level scaler are allocated once and reused while the geometry allows.
final class AffineWarper<Picture: CanvasPicture> {
    /// The canvas-size buffer the picture is drawn into, at its top-left corner (`placement.width` x `height`).
    let output: Picture
    private var levelScaler: Scaler?
    private var levelFrame: Frame?

    /// A warper for a `canvasWidth` x `canvasHeight` canvas.
    init(canvasWidth: Int, canvasHeight: Int) throws(RenderError) {
        output = try Picture.make(width: canvasWidth, height: canvasHeight, alpha: true)
    }

    /// Draws `frame` as `placement` says into the top-left `placement.width` x `placement.height` of `output`, with
    /// the placement's border (if any) in `borderColor`, the border colour at the picture's depth.
    func draw(_ frame: Frame, placement: WarpPlacement, borderColor: CanvasColor<Picture.Sample>? = nil)
        throws(LibAVError)
    {
        let source = try sampled(frame, level: placement.level)
        let mapping = WarpMapping(placement: placement, scaleX: Double(source.width) / Double(frame.width),
                                  scaleY: Double(source.height) / Double(frame.height))
        let alpha = source.pixelFormat.hasAlpha
        source.withPlanes { planes in
            guard planes.count >= 3 else { return }
            let luma = SourcePlane<Picture.Sample>(planes[0], width: source.width, height: source.height)
            let mask = alpha && planes.count >= 4
                ? SourcePlane<Picture.Sample>(planes[3], width: source.width, height: source.height) : nil
            let chromaWidth = (source.width + 1) / 2, chromaHeight = (source.height + 1) / 2
            let band = placement.border.flatMap { border in
                borderColor.map { (border, $0) }
            }
            withExtendedLifetime(output) {
                drawLuma(luma, alpha: mask, mapping: mapping, border: band.map {
                    WarpBorder($0.0, mapping: mapping, chroma: false, samples: (source.width, source.height),
                               color: $0.1)
                })
                drawChroma(SourcePlane(planes[1], width: chromaWidth, height: chromaHeight),
                           SourcePlane(planes[2], width: chromaWidth, height: chromaHeight), alpha: mask,
                           mapping: mapping, border: band.map {
                               WarpBorder($0.0, mapping: mapping, chroma: true, samples: (chromaWidth, chromaHeight),
                                          color: $0.1)
                           })
            }
        }
    }

    /// The frame to sample: `frame` itself when it is planar 4:2:0 at the output's depth and no level is asked for,
    /// else `frame` shrunk `level` times (or only converted) into a reused frame.
    private func sampled(_ frame: Frame, level: Int) throws(LibAVError) -> Frame {
        let alpha = frame.pixelFormat.hasAlpha
        let planar = frame.pixelFormat == Picture.libavFormat(alpha: false)
            || frame.pixelFormat == Picture.libavFormat(alpha: true)
        if level == 0 && planar { return frame }
        let width = max(2, (frame.width + (1 << level) - 1) >> level)
        let height = max(2, (frame.height + (1 << level) - 1) >> level)
        let format = Picture.libavFormat(alpha: alpha)
        let scaler = try Scaler.reusing(levelScaler, sourceWidth: frame.width, sourceHeight: frame.height,
                                        sourceFormat: frame.pixelFormat, width: width, height: height,
                                        pixelFormat: format, quality: level > 0 ? .area : .bicubic)
        levelScaler = scaler
        let target: Frame
        if let existing = levelFrame, existing.width == width, existing.height == height, existing.pixelFormat == format {
            target = existing
        } else {
            target = try Frame(width: width, height: height, pixelFormat: format)
            levelFrame = target
        }
        try scaler.scale(frame, into: target)
        return target
    }

    /// Luma and alpha, one row at a time; pixels outside the picture get alpha 0. A border's band is laid over the
    /// picture (the two colours weighed by their alphas) before the edges' coverage applies to both.
    private func drawLuma(_ luma: SourcePlane<Picture.Sample>, alpha: SourcePlane<Picture.Sample>?,
                          mapping: WarpMapping, border: WarpBorder<Picture.Sample>?) {
        let (lumaOut, lumaStride) = output.unsafePlane(0)
        let (alphaOut, alphaStride) = output.unsafePlane(3)
        let width = mapping.width
        let axisU = mapping.axis(horizontal: true, samples: luma.width, chroma: false)
        let axisV = mapping.axis(horizontal: false, samples: luma.height, chroma: false)
        let source = LumaSource(luma: luma, alpha: alpha, u: axisU, v: axisV, corners: mapping.corners(axisU, axisV))
        let step = (u: WarpMapping.fixed(mapping.stepU), v: WarpMapping.fixed(mapping.stepV))
        for row in 0..<mapping.height {
            let start = mapping.rowStart(row: row, chroma: false)
            let target = lumaOut + row * lumaStride, coverage = alphaOut + row * alphaStride
            let span = axisU.span(from: start.u, step: mapping.stepU, count: width)
                .clamped(to: axisV.span(from: start.v, step: mapping.stepV, count: width))
            target.update(repeating: Picture.Sample.limitedBlack, count: width)
            coverage.update(repeating: 0, count: width)
            guard span.lowerBound < span.upperBound else { continue }
            let first = (u: WarpMapping.fixed(start.u + mapping.stepU * Double(span.lowerBound)),
                         v: WarpMapping.fixed(start.v + mapping.stepV * Double(span.lowerBound)))
            // The band has a loop of its own, which keeps the common, borderless one lean.
            if let border {
                source.drawRow(span, from: first, step: step, into: (target, coverage), border: border)
            } else {
                source.drawRow(span, from: first, step: step, into: (target, coverage))
            }
        }
    }

    /// Both chroma planes at each 2x2 block's centre, clamped to the picture (alpha decides what shows), with a
    /// border's band laid over them by its coverage of the block's centre, weighed against the picture's alpha
    /// there as luma is (an outline's picture, or a see-through one where it is clear, gives way to the band).
    private func drawChroma(_ cb: SourcePlane<Picture.Sample>, _ cr: SourcePlane<Picture.Sample>,
                            alpha: SourcePlane<Picture.Sample>?, mapping: WarpMapping,
                            border: WarpBorder<Picture.Sample>?) {
        let (cbOut, cbStride) = output.unsafePlane(1)
        let (crOut, crStride) = output.unsafePlane(2)
        let width = mapping.width / 2
        let axisU = mapping.axis(horizontal: true, samples: cb.width, chroma: true)
        let axisV = mapping.axis(horizontal: false, samples: cb.height, chroma: true)
        let du = WarpMapping.fixed(mapping.stepU), dv = WarpMapping.fixed(mapping.stepV)
        for row in 0..<(mapping.height / 2) {
            let start = mapping.rowStart(row: row, chroma: true)
            var u = WarpMapping.fixed(start.u), v = WarpMapping.fixed(start.v)
            let blue = cbOut + row * cbStride, red = crOut + row * crStride
            for x in 0..<width {
                let cu = axisU.clamp(u), cv = axisV.clamp(v)
                blue[x] = cb.bilinear(cu, cv, axisU, axisV)
                red[x] = cr.bilinear(cu, cv, axisU, axisV)
                u &+= du
                v &+= dv
            }
            guard let border else { continue }
            let shown = ChromaShown(alpha: alpha, hidesPicture: border.hidesPicture, mapping: mapping)
            u = WarpMapping.fixed(start.u)
            v = WarpMapping.fixed(start.v)
            for x in 0..<width {
                let band = border.coverage(u, v)
                if band > 0 {
                    if let picture = shown.alpha(u, v) {
                        blue[x] = WarpBorder.over(border.color.cb, blue[x], alpha: picture, coverage: band).value
                        red[x] = WarpBorder.over(border.color.cr, red[x], alpha: picture, coverage: band).value
                    } else {
                        blue[x] = WarpBorder.mix(border.color.cb, blue[x], coverage: band)
                        red[x] = WarpBorder.mix(border.color.cr, red[x], coverage: band)
                    }
                }
                u &+= du
                v &+= dv
            }
        }
    }
}

/// The picture's alpha at a 2x2 block's centre, for laying a border's band over its chroma: none for an outline,
/// the alpha plane's sample there for a see-through picture, nil (opaque) otherwise.
private struct ChromaShown<Sample: BlendSample> {
    let plane: SourcePlane<Sample>?
    let hidesPicture: Bool
    let u: WarpAxis
    let v: WarpAxis

    init(alpha: SourcePlane<Sample>?, hidesPicture: Bool, mapping: WarpMapping) {
        plane = alpha
        self.hidesPicture = hidesPicture
        u = mapping.axis(horizontal: true, samples: alpha?.width ?? 1, chroma: false)
        v = mapping.axis(horizontal: false, samples: alpha?.height ?? 1, chroma: false)
    }

    /// The alpha at the block whose centre maps to chroma point (`pointU`, `pointV`) (16.16); nil for an opaque
    /// picture. In luma samples that centre is twice as far from the origin, plus half a sample.
    @inline(__always)
    func alpha(_ pointU: Int, _ pointV: Int) -> Int? {
        if hidesPicture { return 0 }
        guard let plane else { return nil }
        let lu = u.clamp(2 &* pointU &+ 32768), lv = v.clamp(2 &* pointV &+ 32768)
        return Int(truncatingIfNeeded: plane.bilinear(lu, lv, u, v))
    }
}

/// What every luma pixel of one draw reads: the sampled planes, and the crop's axes and rounded corners.
private struct LumaSource<Sample: BlendSample> {
    let luma: SourcePlane<Sample>
    let alpha: SourcePlane<Sample>?
    let u: WarpAxis
    let v: WarpAxis
    let corners: WarpCorners?

    /// Draws the pixels `span` of a row into `into.luma` and `into.alpha`, the first mapping to `point` (16.16)
    /// and each next one `step` further.
    @inline(__always)
    func drawRow(_ span: Range<Int>, from point: (u: Int, v: Int), step: (u: Int, v: Int),
                 into row: (luma: UnsafeMutablePointer<Sample>, alpha: UnsafeMutablePointer<Sample>)) {
        let opaque = Int(truncatingIfNeeded: Sample.max)
        var (pu, pv) = point
        for x in span {
            var weight = (u.coverage(pu) &* v.coverage(pv)) >> 8
            if let corners { weight = min(weight, corners.coverage(pu, pv)) }
            let cu = u.clamp(pu), cv = v.clamp(pv)
            row.luma[x] = luma.bilinear(cu, cv, u, v)
            var a = min((weight &* (opaque &+ 1)) >> 8, opaque)
            if let alpha {
                a = (a &* Int(truncatingIfNeeded: alpha.bilinear(cu, cv, u, v)) &+ opaque / 2) / opaque
            }
            row.alpha[x] = Sample(truncatingIfNeeded: a)
            pu &+= step.u
            pv &+= step.v
        }
    }

    /// `drawRow` with `border`'s band laid over the picture (or drawn alone when it hides the picture).
    func drawRow(_ span: Range<Int>, from point: (u: Int, v: Int), step: (u: Int, v: Int),
                 into row: (luma: UnsafeMutablePointer<Sample>, alpha: UnsafeMutablePointer<Sample>),
                 border: WarpBorder<Sample>) {
        let opaque = Int(truncatingIfNeeded: Sample.max)
        var (pu, pv) = point
        for x in span {
            var weight = (u.coverage(pu) &* v.coverage(pv)) >> 8
            if let corners { weight = min(weight, corners.coverage(pu, pv)) }
            let cu = u.clamp(pu), cv = v.clamp(pv)
            // An outline samples nothing: where it shows, it shows the band alone.
            var value = border.hidesPicture ? border.color.y : luma.bilinear(cu, cv, u, v)
            var shown = border.hidesPicture ? 0
                : alpha.map { Int(truncatingIfNeeded: $0.bilinear(cu, cv, u, v)) } ?? opaque
            let band = border.coverage(pu, pv)
            if band > 0 { (value, shown) = WarpBorder.over(border.color.y, value, alpha: shown, coverage: band) }
            row.luma[x] = value
            var a = min((weight &* (opaque &+ 1)) >> 8, opaque)
            if shown != opaque { a = (a &* shown &+ opaque / 2) / opaque }
            row.alpha[x] = Sample(truncatingIfNeeded: a)
            pu &+= step.u
            pv &+= step.v
        }
    }
}

/// One plane of the sampled frame, with samples of the output's depth.
private struct SourcePlane<Sample: BlendSample> {
    let base: UnsafePointer<Sample>
    let stride: Int
    let width: Int
    let height: Int

    init(_ plane: Frame.Plane, width: Int, height: Int) {
        let size = MemoryLayout<Sample>.size
        base = UnsafePointer(plane.base.assumingMemoryBound(to: Sample.self))
        stride = plane.bytesPerRow / size
        self.width = min(width, plane.usedBytesPerRow / size)
        self.height = min(height, plane.rows)
    }

    /// The bilinear sample at clamped 16.16 coordinates.
    @inline(__always)
    func bilinear(_ u: Int, _ v: Int, _ axisU: WarpAxis, _ axisV: WarpAxis) -> Sample {
        let x0 = u >> 16, y0 = v >> 16
        let fx = (u >> 8) & 0xff, fy = (v >> 8) & 0xff
        let x1 = min(x0 &+ 1, axisU.last), y1 = min(y0 &+ 1, axisV.last)
        let top = base + y0 &* stride, bottom = base + y1 &* stride
        let upper = Int(truncatingIfNeeded: top[x0]) &* (256 &- fx) &+ Int(truncatingIfNeeded: top[x1]) &* fx
        let lower = Int(truncatingIfNeeded: bottom[x0]) &* (256 &- fx) &+ Int(truncatingIfNeeded: bottom[x1]) &* fx
        return Sample(truncatingIfNeeded: (upper &* (256 &- fy) &+ lower &* fy &+ 32768) >> 16)
    }
}

/// The picture's extent along one axis of the sampled frame, in sample-index space (sample i's centre at i), for
/// clamping, edge coverage and the span of a row that can be visible.
struct WarpAxis {
    /// The crop's near edge (16.16).
    let low: Int
    /// The crop's far edge (16.16).
    let high: Int
    /// The first sample that may be read (16.16).
    let first: Int
    /// The last sample that may be read (16.16).
    let lastFixed: Int
    /// The last sample that may be read, as an index.
    let last: Int
    /// Canvas pixels per sample along this axis, times 256.
    let canvasScale: Int
    /// Half a canvas pixel in samples: how far outside the crop a pixel still gets some coverage.
    let margin: Double
    /// The crop's near edge.
    let lowEdge: Double
    /// The crop's far edge.
    let highEdge: Double

    init(low: Double, high: Double, samples: Int, canvasPerSample: Double) {
        lowEdge = low
        highEdge = high
        self.low = WarpMapping.fixed(low)
        self.high = WarpMapping.fixed(high)
        var firstIndex = max(0, Int(low.rounded(.up))), lastIndex = min(samples - 1, Int(high.rounded(.down)))
        if lastIndex < firstIndex {
            firstIndex = min(max(0, Int(((low + high) / 2).rounded())), samples - 1)
            lastIndex = firstIndex
        }
        first = firstIndex << 16
        lastFixed = lastIndex << 16
        last = lastIndex
        canvasScale = max(1, Int(canvasPerSample * 256))
        margin = 0.5 / max(canvasPerSample, 1e-9)
    }

    /// `value` (16.16) clamped to the samples that may be read.
    @inline(__always)
    func clamp(_ value: Int) -> Int { min(max(value, first), lastFixed) }

    /// Coverage 0...256 of a pixel whose centre maps to `value` (16.16): its distance inside the crop in canvas
    /// pixels, plus a half, clamped.
    @inline(__always)
    func coverage(_ value: Int) -> Int {
        let inside = min(value &- low, high &- value)
        return min(max(((inside &* canvasScale) >> 16) &+ 128, 0), 256)
    }

    /// The pixels `0..<count` of a row starting at `start` and moving `step` per pixel whose mapped point lies within
    /// the crop widened by the margin.
    func span(from start: Double, step: Double, count: Int) -> Range<Int> {
        let lowLimit = lowEdge - margin, highLimit = highEdge + margin
        if abs(step) < 1e-12 {
            return start > lowLimit && start < highLimit ? 0..<count : 0..<0
        }
        let a = (lowLimit - start) / step, b = (highLimit - start) / step
        let from = max(0, Int(min(a, b).rounded(.down))), to = min(count, Int(max(a, b).rounded(.up)) + 1)
        return from < to ? from..<to : 0..<0
    }
}

/// The inverse mapping of one placement onto the sampled frame: where each row starts and how far each pixel steps.
struct WarpMapping {
    let placement: WarpPlacement
    /// Sampled-frame samples per source pixel horizontally and vertically.
    let scaleX: Double
    let scaleY: Double
    /// Per drawn pixel to the right: the change of the sampled-frame x and y (luma samples; chroma samples per
    /// chroma pixel, which is the same number).
    let stepU: Double
    let stepV: Double

    init(placement: WarpPlacement, scaleX: Double, scaleY: Double) {
        self.placement = placement
        self.scaleX = scaleX
        self.scaleY = scaleY
        stepU = placement.inverse.a * scaleX
        stepV = placement.inverse.b * scaleY
    }

    var width: Int { placement.width }
    var height: Int { placement.height }

    /// Sample-index coordinates of the first pixel of drawn row `row` (of luma, or of chroma at block centres).
    func rowStart(row: Int, chroma: Bool) -> (u: Double, v: Double) {
        let inverse = placement.inverse
        let x = Double(placement.x) + (chroma ? 1 : 0.5)
        let y = Double(placement.y) + (chroma ? Double(2 * row) + 1 : Double(row) + 0.5)
        let point = inverse.apply(x: x, y: y)
        let divisor = chroma ? 2.0 : 1.0
        return (point.x * scaleX / divisor - 0.5, point.y * scaleY / divisor - 0.5)
    }

    /// The crop's extent along one axis in sample-index space, `inset` source pixels inside it on both sides.
    func axis(horizontal: Bool, samples: Int, chroma: Bool, inset: Double = 0) -> WarpAxis {
        let crop = placement.crop
        let scale = horizontal ? scaleX : scaleY
        let divisor = chroma ? 2.0 : 1.0
        let near = ((horizontal ? crop.x : crop.y) + inset) * scale / divisor - 0.5
        let far = ((horizontal ? crop.x + crop.width : crop.y + crop.height) - inset) * scale / divisor - 0.5
        let canvasPerSample = (horizontal ? placement.scaleX : placement.scaleY) / scale * divisor
        return WarpAxis(low: near, high: far, samples: samples, canvasPerSample: canvasPerSample)
    }

    /// The crop's rounded corners on luma axes `u` and `v`; nil when they are square.
    func corners(_ u: WarpAxis, _ v: WarpAxis) -> WarpCorners? {
        guard placement.cornerRadius > 0 else { return nil }
        return WarpCorners(u: u, v: v, radius: placement.cornerRadius, scaleU: scaleX, scaleV: scaleY)
    }

    /// A coordinate in 16.16 fixed point.
    @inline(__always)
    static func fixed(_ value: Double) -> Int { Int((value * 65536).rounded()) }
}
