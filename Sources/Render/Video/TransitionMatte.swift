import Composition
import Foundation

/// The shape of a matte transition as a field over the canvas: each pixel's value `f` in 0...1 is the progress at
/// which it turns from the outgoing to the incoming picture. At progress `p` with a soft edge `s` the incoming
/// layer's alpha is multiplied by `clamp((p * (1 + s) - f) / s, 0, 1)`, so nothing shows at 0 and all of it at 1.
///
/// Fields (pixel centres, canvas `W` x `H`): a wipe at angle `a` is the position along the direction
/// `(cos a, sin a)` between the canvas's extreme corners; an iris is the distance from the centre over half the
/// diagonal (closing: one minus that); a clock is the clockwise angle from twelve o'clock over a full turn; a luma
/// matte is the image's luma (0 black ... 1 white). The edge is at least one pixel wide (anti-aliasing).
struct TransitionMatte {
    /// The field, one value per canvas pixel, row by row, scaled to 0...65535.
    let values: [UInt16]
    /// The canvas width.
    let width: Int
    /// One pixel's width in field units: the narrowest edge that is still anti-aliased.
    let pixel: Double

    /// The field of a geometric kind (wipe, iris, clock); nil for kinds that are not mattes or need an image.
    static func geometric(_ kind: VideoTransitionEffect.Kind, width: Int, height: Int) -> TransitionMatte? {
        let w = Double(width), h = Double(height)
        let field: (Double, Double) -> Double
        let pixel: Double
        switch kind {
        case .wipe(let angle):
            let radians = angle * .pi / 180
            let dx = cos(radians), dy = sin(radians)
            let projections = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { $0.0 * dx + $0.1 * dy }
            let low = projections.min()!, extent = max(projections.max()! - low, 1e-9)
            field = { x, y in (x * dx + y * dy - low) / extent }
            pixel = 1 / extent
        case .iris(let closing):
            let radius = (w * w + h * h).squareRoot() / 2
            field = { x, y in
                let distance = ((x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2)).squareRoot() / radius
                return closing ? 1 - distance : distance
            }
            pixel = 1 / radius
        case .clock:
            field = { x, y in
                let angle = atan2(x - w / 2, h / 2 - y)
                return (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
            }
            pixel = 1 / (.pi * min(w, h) / 2)
        case .luma, .blur, .dip:
            return nil
        }
        var values = [UInt16](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let value = min(max(field(Double(x) + 0.5, Double(y) + 0.5), 0), 1)
                values[y * width + x] = UInt16((value * 65535).rounded())
            }
        }
        return TransitionMatte(values: values, width: width, pixel: pixel)
    }

    /// The field of a luma matte from 8-bit full-range luma values, one per canvas pixel.
    static func luma(_ luma: [UInt8], width: Int) -> TransitionMatte {
        TransitionMatte(values: luma.map { UInt16($0) &* 257 }, width: width, pixel: 1.0 / 255)
    }

    /// Multiplies the alpha of the `width` x `height` region of `alpha` (rows `stride` apart) lying at canvas
    /// (`x`, `y`) by the matte at `progress` with soft edge `softness`; 8-bit (SDR) or 16-bit (HDR) alpha alike.
    func apply<Sample: BlendSample>(progress: Double, softness: Double, to alpha: UnsafeMutablePointer<Sample>,
                                    stride: Int, x: Int, y: Int, width regionWidth: Int, height regionHeight: Int) {
        let soft = max(softness, pixel)
        let threshold = Int((progress * (1 + soft) * 65535).rounded())
        let gain = Int((255 * 65536 / (soft * 65535)).rounded())
        values.withUnsafeBufferPointer { field in
            for row in 0..<regionHeight {
                let target = alpha + row * stride
                let source = field.baseAddress! + (y + row) * width + x
                for column in 0..<regionWidth {
                    let matte = min(max(((threshold &- Int(source[column])) &* gain) >> 16, 0), 255)
                    target[column] = Sample(truncatingIfNeeded: (Int(truncatingIfNeeded: target[column]) &* matte &+ 127) / 255)
                }
            }
        }
    }
}
