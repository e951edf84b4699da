/// The rounded corners of the crop in sample-index space: a pixel whose centre lies within the radius of two edges
/// at once is covered by its distance inside the corner's arc, in canvas pixels, plus one half, clamped (0...256).
/// A picture scaled unevenly has elliptical corners, as the transform stretches them.
struct WarpCorners {
    let u: WarpAxis
    let v: WarpAxis
    /// The radius along each axis (16.16 samples).
    let radiusU: Int
    let radiusV: Int
    /// The radius in canvas pixels, times 256 (the mean of the two axes').
    let radius: Double

    /// Corners of `radius` source pixels on the crop of `u` and `v`, sampled `scaleU` and `scaleV` samples per
    /// source pixel.
    init(u: WarpAxis, v: WarpAxis, radius: Double, scaleU: Double, scaleV: Double) {
        self.u = u
        self.v = v
        radiusU = WarpMapping.fixed(radius * scaleU)
        radiusV = WarpMapping.fixed(radius * scaleV)
        self.radius = Double((radiusU &* u.canvasScale) >> 16 &+ (radiusV &* v.canvasScale) >> 16) / 2
    }

    /// Coverage 0...256 of the pixel whose centre maps to (`u`, `v`) (16.16); 256 outside the corners.
    @inline(__always)
    func coverage(_ pointU: Int, _ pointV: Int) -> Int {
        let insideU = min(pointU &- u.low, u.high &- pointU), insideV = min(pointV &- v.low, v.high &- pointV)
        guard insideU < radiusU, insideV < radiusV else { return 256 }
        let du = Double(((radiusU &- insideU) &* u.canvasScale) >> 16)
        let dv = Double(((radiusV &- insideV) &* v.canvasScale) >> 16)
        let inside = radius - (du * du + dv * dv).squareRoot()
        return min(max(Int(inside.rounded(.down)) &+ 128, 0), 256)
    }
}
