import Composition
import MediaCore

/// Colour bars over a band with a moving box: a deterministic, seekable picture that shows motion and frame order.
///
/// The top two thirds hold seven 75% bars (white, yellow, cyan, green, magenta, red, blue). Below, on black, a white
/// box moves right at half the frame width per second and wraps: its left edge at time `t` is
/// `floor(t * width / 2) mod (width - boxWidth)`, floored to even, computed exactly from the rational time, so every
/// frame time has exactly one picture and a render of frames out of order is visible.
public struct TestPatternGenerator: Sendable, Hashable {
    /// Width of frames made by `frame(at:)`.
    public var width: Int
    /// Height of frames made by `frame(at:)`.
    public var height: Int
    /// Pixel format of frames made by `frame(at:)` (alpha, if any, is opaque).
    public var format: VideoFrameBuffer.PixelFormat
    /// How long the source lasts; nil for endless.
    public var duration: MediaTime?

    /// A test pattern source of the given size.
    public init(width: Int, height: Int, format: VideoFrameBuffer.PixelFormat = .yuv420p, duration: MediaTime? = nil) {
        self.width = width
        self.height = height
        self.format = format
        self.duration = duration
    }

    /// The seven bars, left to right, at 75% intensity.
    public static let barColors: [YUVColor] = [
        Color(red: 0.75, green: 0.75, blue: 0.75), Color(red: 0.75, green: 0.75, blue: 0),
        Color(red: 0, green: 0.75, blue: 0.75), Color(red: 0, green: 0.75, blue: 0),
        Color(red: 0.75, green: 0, blue: 0.75), Color(red: 0.75, green: 0, blue: 0),
        Color(red: 0, green: 0, blue: 0.75),
    ].map(\.yuv)

    /// A new buffer with the pattern at `time`; nil before 0 or from `duration` on.
    public func frame(at time: MediaTime) throws -> VideoFrameBuffer? {
        guard time.isNumeric else { throw RenderError.nonNumericTime(what: "test pattern time") }
        guard time >= .zero, duration.map({ time < $0 }) ?? true else { return nil }
        let buffer = try VideoFrameBuffer(width: width, height: height, format: format)
        try render(at: time, into: buffer)
        return buffer
    }

    /// Draws the pattern at `time` into `buffer`, at the buffer's own size.
    public func render(at time: MediaTime, into buffer: VideoFrameBuffer) throws(RenderError) {
        guard time.isNumeric else { throw .nonNumericTime(what: "test pattern time") }
        let w = buffer.width, h = buffer.height
        let barsBottom = (h * 2 / 3) & ~1
        buffer.fill(.black)
        // Bars: even edges so each chroma sample lies within one bar.
        let colors = Self.barColors
        for bar in 0..<colors.count {
            let left = (bar * w / colors.count) & ~1
            let right = bar == colors.count - 1 ? w : ((bar + 1) * w / colors.count) & ~1
            Self.fillRect(buffer, x: left, y: 0, width: right - left, height: barsBottom, color: colors[bar])
        }
        // The moving box, vertically centred in the band below the bars.
        let band = h - barsBottom
        let side = max(2, (band / 2) & ~1)
        let boxWidth = min(side, w)
        let boxTop = (barsBottom + (band - side) / 2) & ~1
        let x = Self.boxPosition(at: time, width: w, boxWidth: boxWidth)
        Self.fillRect(buffer, x: x, y: boxTop, width: boxWidth, height: min(side, h - boxTop), color: .white)
    }

    /// The box's left edge at `time` for a frame `width` wide (see the type's documentation).
    public static func boxPosition(at time: MediaTime, width: Int, boxWidth: Int) -> Int {
        let travel = Int128(width - boxWidth)
        guard travel > 0, time.isNumeric else { return 0 }
        let pixels = Int128(time.value) * Int128(width / 2)
        var offset = pixels / Int128(time.timescale)
        if pixels < 0 && pixels % Int128(time.timescale) != 0 { offset -= 1 }
        var position = offset % travel
        if position < 0 { position += travel }
        return Int(position) & ~1
    }

    /// Fills an even-aligned rectangle on all planes (alpha to the colour's alpha).
    static func fillRect(_ buffer: VideoFrameBuffer, x: Int, y: Int, width: Int, height: Int, color: YUVColor) {
        guard width > 0, height > 0 else { return }
        let values = [color.y, color.cb, color.cr, color.a]
        for plane in 0..<buffer.planeCount {
            let shift = plane == 1 || plane == 2 ? 1 : 0
            buffer.withPlane(plane) { pointer, stride, _, _ in
                var row = pointer + (y >> shift) * stride + (x >> shift)
                for _ in 0..<(height >> shift) {
                    row.update(repeating: values[plane], count: width >> shift)
                    row += stride
                }
            }
        }
    }
}
