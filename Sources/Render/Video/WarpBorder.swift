import Composition

/// A border band in sample-index space: the part of the crop outside the crop inset by the band's width, whose
/// inner corners are rounded by the corner radius less that width. A pixel's band coverage is what the inner
/// rectangle does not cover of it (anti-aliased as the crop's own edges are), times the colour's alpha.
struct WarpBorder<Sample: BlendSample> {
    /// The inner rectangle's extent along each axis.
    let u: WarpAxis
    let v: WarpAxis
    /// The inner rectangle's rounded corners; nil when they are square.
    let corners: WarpCorners?
    /// The band's colour at the picture's depth.
    let color: CanvasColor<Sample>
    /// The colour's alpha, 0...256.
    let strength: Int
    /// Whether the band covers the whole crop (its inner rectangle is empty).
    let fills: Bool
    /// Whether the picture is left out (an outline).
    let hidesPicture: Bool
    /// How far inside the inner rectangle (16.16 samples) a point is clear of its anti-aliased edge and corners.
    let clearU: Int
    let clearV: Int

    /// The band of `border` (its width in source pixels) inside the crop of `mapping`, in luma samples or, when
    /// `chroma`, chroma samples (`samples` of them), drawn in `color`.
    init(_ border: LayerBorder, mapping: WarpMapping, chroma: Bool, samples: (width: Int, height: Int),
         color: CanvasColor<Sample>) {
        u = mapping.axis(horizontal: true, samples: samples.width, chroma: chroma, inset: border.width)
        v = mapping.axis(horizontal: false, samples: samples.height, chroma: chroma, inset: border.width)
        let divisor = chroma ? 2.0 : 1.0
        let radius = max(mapping.placement.cornerRadius - border.width, 0)
        corners = radius > 0
            ? WarpCorners(u: u, v: v, radius: radius, scaleU: mapping.scaleX / divisor, scaleV: mapping.scaleY / divisor)
            : nil
        self.color = color
        strength = Int((border.color.alpha * 256).rounded())
        let crop = mapping.placement.crop
        fills = 2 * border.width >= min(crop.width, crop.height)
        hidesPicture = border.hidesPicture
        // A canvas pixel (twice the anti-aliased edge, so rounding cannot matter), and the inner corners' radius.
        clearU = max(WarpMapping.fixed(2 * u.margin), corners?.radiusU ?? 0)
        clearV = max(WarpMapping.fixed(2 * v.margin), corners?.radiusV ?? 0)
    }

    /// The band's coverage 0...256 of the pixel whose centre maps to (`pointU`, `pointV`) (16.16).
    @inline(__always)
    func coverage(_ pointU: Int, _ pointV: Int) -> Int {
        if fills { return strength }
        // Well inside the inner rectangle, and clear of its corners, the band covers nothing.
        let insideU = min(pointU &- u.low, u.high &- pointU), insideV = min(pointV &- v.low, v.high &- pointV)
        if insideU > clearU && insideV > clearV { return 0 }
        var inside = (u.coverage(pointU) &* v.coverage(pointV)) >> 8
        if let corners { inside = min(inside, corners.coverage(pointU, pointV)) }
        return ((256 &- inside) &* strength) >> 8
    }

    /// The band's `value` over a picture's `value` of alpha `alpha` (straight colour), at band coverage `band`: the
    /// colour of the two together and their alpha.
    @inline(__always)
    static func over(_ band: Sample, _ value: Sample, alpha: Int, coverage: Int) -> (value: Sample, alpha: Int) {
        let opaque = Int(truncatingIfNeeded: Sample.max)
        let under = alpha &* (256 &- coverage), above = opaque &* coverage
        let total = under &+ above
        guard total > 0 else { return (band, 0) }
        let mixed = (Int(truncatingIfNeeded: band) &* above &+ Int(truncatingIfNeeded: value) &* under &+ total / 2)
            / total
        return (Sample(truncatingIfNeeded: mixed), (total &+ 128) >> 8)
    }

    /// The band's chroma `band` mixed into `value` at band coverage `coverage`.
    @inline(__always)
    static func mix(_ band: Sample, _ value: Sample, coverage: Int) -> Sample {
        Sample(truncatingIfNeeded: (Int(truncatingIfNeeded: band) &* coverage
            &+ Int(truncatingIfNeeded: value) &* (256 &- coverage) &+ 128) >> 8)
    }
}
