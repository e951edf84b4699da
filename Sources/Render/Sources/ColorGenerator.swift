import Composition
import MediaCore

/// A solid colour picture, the same at every time.
public struct ColorGenerator: Sendable, Hashable {
    /// The colour; its alpha is written to buffers that have an alpha plane.
    public var color: YUVColor
    /// Width of frames made by `frame(at:)`.
    public var width: Int
    /// Height of frames made by `frame(at:)`.
    public var height: Int
    /// Pixel format of frames made by `frame(at:)`.
    public var format: VideoFrameBuffer.PixelFormat
    /// How long the source lasts; nil for endless.
    public var duration: MediaTime?

    /// A solid colour source of the given size.
    public init(color: YUVColor, width: Int, height: Int, format: VideoFrameBuffer.PixelFormat = .yuv420p,
                duration: MediaTime? = nil) {
        self.color = color
        self.width = width
        self.height = height
        self.format = format
        self.duration = duration
    }

    /// A solid colour source from an R'G'B'A colour (converted with BT.709 limited range).
    public init(color: Color, width: Int, height: Int, format: VideoFrameBuffer.PixelFormat = .yuv420p,
                duration: MediaTime? = nil) {
        self.init(color: color.yuv, width: width, height: height, format: format, duration: duration)
    }

    /// A new buffer filled with the colour; nil before 0 or from `duration` on.
    public func frame(at time: MediaTime) throws -> VideoFrameBuffer? {
        guard time.isNumeric else { throw RenderError.nonNumericTime(what: "colour source time") }
        guard time >= .zero, duration.map({ time < $0 }) ?? true else { return nil }
        let buffer = try VideoFrameBuffer(width: width, height: height, format: format)
        render(into: buffer)
        return buffer
    }

    /// Fills `buffer` with the colour.
    public func render(into buffer: VideoFrameBuffer) {
        buffer.fill(color)
    }
}
