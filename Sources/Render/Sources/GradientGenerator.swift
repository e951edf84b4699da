import Composition
import Foundation
import MediaCore

/// A linear or radial colour gradient, the same at every time, drawn the way CSS draws `linear-gradient` and
/// `radial-gradient(circle ...)`: colours blend between their stops in gamma-encoded R'G'B', hold before the first
/// stop and after the last.
///
/// A linear gradient's line passes through the picture's centre at `angle` degrees clockwise from "toward the top",
/// and is as long as the picture's extent in that direction, so its ends touch two opposite corners. A radial one
/// grows from its centre to `radius` (by default the farthest corner). Positions are taken at pixel centres; the
/// chroma of each 2x2 block is the mean of its four pixels'.
public struct GradientGenerator: Sendable, Hashable {
    /// Where colours change along the gradient.
    public enum Shape: Sendable, Hashable {
        /// Along a line through the centre, `angle` degrees clockwise from "toward the top".
        case linear(angle: Double)
        /// Outward from (`centerX`, `centerY`) (fractions of the width and height) to `radius` pixels, nil for the
        /// farthest corner.
        case radial(centerX: Double, centerY: Double, radius: Double?)
    }

    /// A colour at a place along the gradient.
    public struct Stop: Sendable, Hashable {
        /// The colour (alpha ignored).
        public var color: Color
        /// Where, 0 (the gradient's start) ... 1 (its end).
        public var position: Double

        /// Creates a stop.
        public init(color: Color, position: Double) {
            self.color = color
            self.position = position
        }
    }

    /// The colours, by increasing position.
    public var stops: [Stop]
    /// The gradient's shape.
    public var shape: Shape
    /// Width of frames made by `frame(at:)`.
    public var width: Int
    /// Height of frames made by `frame(at:)`.
    public var height: Int
    /// How long the source lasts; nil for endless.
    public var duration: MediaTime?

    /// A gradient of `stops` (at least one) in a `width` x `height` picture.
    public init(stops: [Stop], shape: Shape, width: Int, height: Int,
                duration: MediaTime? = nil) {
        self.stops = stops.sorted { $0.position < $1.position }
        self.shape = shape
        self.width = width
        self.height = height
        self.duration = duration
    }

    /// A new buffer with the gradient; nil before 0 or from `duration` on.
    public func frame(at time: MediaTime) throws -> VideoFrameBuffer? {
        guard time.isNumeric else { throw RenderError.nonNumericTime(what: "gradient time") }
        guard time >= .zero, duration.map({ time < $0 }) ?? true else { return nil }
        let buffer = try VideoFrameBuffer(width: width, height: height)
        render(into: buffer)
        return buffer
    }

    /// Draws the gradient into `buffer` at the buffer's own size (alpha, if any, opaque).
    public func render(into buffer: VideoFrameBuffer) {
        let w = buffer.width, h = buffer.height
        let table = Self.colorTable(stops)
        let position = positionFunction(width: Double(w), height: Double(h))
        let (chromaWidth, chromaHeight) = ((w + 1) / 2, (h + 1) / 2)
        var cb = [Double](repeating: 0, count: chromaWidth * chromaHeight)
        var cr = cb, counts = cb
        buffer.withPlane(0) { luma, stride, _, _ in
            for y in 0..<h {
                for x in 0..<w {
                    let t = min(max(position(Double(x) + 0.5, Double(y) + 0.5), 0), 1)
                    let color = table[Int((t * Double(table.count - 1)).rounded())]
                    luma[y * stride + x] = Color.code(16 + 219 * color.luma)
                    let chroma = (y / 2) * chromaWidth + x / 2
                    cb[chroma] += color.pb
                    cr[chroma] += color.pr
                    counts[chroma] += 1
                }
            }
        }
        for (plane, values) in [(1, cb), (2, cr)] {
            buffer.withPlane(plane) { samples, stride, _, _ in
                for y in 0..<chromaHeight {
                    for x in 0..<chromaWidth {
                        let index = y * chromaWidth + x
                        samples[y * stride + x] = Color.code(128 + 224 * values[index] / max(1, counts[index]))
                    }
                }
            }
        }
        if buffer.hasAlpha {
            buffer.withPlane(3) { alpha, stride, _, rows in alpha.update(repeating: 255, count: stride * rows) }
        }
    }

    /// The place along the gradient (0 at its start, 1 at its end) of a point of a `width` x `height` picture.
    private func positionFunction(width: Double, height: Double) -> (Double, Double) -> Double {
        switch shape {
        case let .linear(angle):
            let radians = angle * .pi / 180
            let (dx, dy) = (sin(radians), -cos(radians))
            let length = max(abs(width * dx) + abs(height * dy), .ulpOfOne)
            return { x, y in ((x - width / 2) * dx + (y - height / 2) * dy) / length + 0.5 }
        case let .radial(centerX, centerY, radius):
            let (cx, cy) = (centerX * width, centerY * height)
            // The farthest corner is as far across as the larger of the two side distances, and as far down.
            let across = max(cx, width - cx), down = max(cy, height - cy)
            let reach = max(radius ?? (across * across + down * down).squareRoot(), .ulpOfOne)
            return { x, y in ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() / reach }
        }
    }

    /// Steps along the gradient: fine enough that neighbouring entries differ by less than one code value across
    /// any picture up to 4K.
    private static let tableSize = 4096

    /// The gradient's colour (Y', Pb, Pr) at `tableSize` evenly spaced positions from 0 to 1.
    private static func colorTable(_ stops: [Stop]) -> [(luma: Double, pb: Double, pr: Double)] {
        (0..<tableSize).map { index in color(at: Double(index) / Double(tableSize - 1), stops: stops).components }
    }

    /// The colour at position `t`: the first stop's before it, the last's after, blended in between.
    static func color(at t: Double, stops: [Stop]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .black }
        if t <= first.position { return first.color }
        if t >= last.position { return last.color }
        let next = stops.firstIndex { $0.position > t } ?? stops.count - 1
        let (a, b) = (stops[next - 1], stops[next])
        let f = b.position > a.position ? (t - a.position) / (b.position - a.position) : 1
        return Color(red: a.color.red + (b.color.red - a.color.red) * f,
                         green: a.color.green + (b.color.green - a.color.green) * f,
                         blue: a.color.blue + (b.color.blue - a.color.blue) * f)
    }

}
