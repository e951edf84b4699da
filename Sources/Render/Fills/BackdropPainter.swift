import Composition
import LibAV

/// Paints a layer's backdrop (see `LayerBackdrop`) into a canvas-size buffer: a colour, or the layer's picture
/// scaled to cover the canvas and blurred. The blur runs at an eighth of the canvas's size (a blur that wide has no
/// detail a full-size one would keep) with the engine's one blur, `BoxBlur`, and swscale brings it back to the
/// canvas bilinearly. Buffers and scalers are reused from frame to frame.
final class BackdropPainter {
    let canvasWidth: Int
    let canvasHeight: Int
    /// The reduced size the blur runs at (even).
    let smallWidth: Int
    let smallHeight: Int
    private var buffers: [VideoFrameBuffer.PixelFormat: VideoFrameBuffer] = [:]
    private var small: Frame?
    private var downScaler: Scaler?
    private var upScaler: Scaler?
    private let blur: BoxBlur
    /// The colour last filled, per buffer format (a colour backdrop is filled once).
    private var filled: [VideoFrameBuffer.PixelFormat: Color] = [:]

    init(canvasWidth: Int, canvasHeight: Int) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        smallWidth = max(2, (canvasWidth / 8) & ~1)
        smallHeight = max(2, (canvasHeight / 8) & ~1)
        blur = BoxBlur(width: smallWidth, height: smallHeight)
    }

    /// The backdrop of a layer showing `frame`, in a canvas-size buffer of `format` (an opaque alpha plane for
    /// `yuva420p`), valid until the next call.
    func paint(_ backdrop: LayerBackdrop, of frame: Frame,
               format: VideoFrameBuffer.PixelFormat) throws -> VideoFrameBuffer {
        let buffer = try self.buffer(format)
        switch backdrop {
        case .color(let color):
            if filled[format] != color { buffer.fill(color.yuv) }
            filled[format] = color
        case .blur(let radius):
            filled[format] = nil
            let reduced = try blurred(frame, radius: radius)
            let scaler = try upScaler ?? Scaler(sourceWidth: smallWidth, sourceHeight: smallHeight, sourceFormat: .yuv420p,
                                                width: canvasWidth, height: canvasHeight, pixelFormat: .yuv420p,
                                                quality: .fast)
            upScaler = scaler
            try buffer.withPlanes { (planes, strides) throws(LibAVError) in
                try scaler.scale(reduced, cropX: 0, cropY: 0, intoPlanes: Array(planes.prefix(3)),
                                 strides: Array(strides.prefix(3)))
            }
            if buffer.hasAlpha {
                buffer.withPlane(3) { pointer, stride, _, height in pointer.update(repeating: 255, count: stride * height) }
            }
        }
        return buffer
    }

    /// `frame` cut to the canvas's shape (centred), scaled to the reduced size and blurred by `radius` of its
    /// shorter side (chroma by half as much).
    private func blurred(_ frame: Frame, radius: Double) throws -> Frame {
        let crop = Self.coverCrop(width: frame.width, height: frame.height, canvasWidth: canvasWidth,
                                  canvasHeight: canvasHeight)
        let scaler: Scaler
        if let downScaler, downScaler.sourceWidth == frame.width, downScaler.sourceHeight == frame.height,
           downScaler.sourceFormat == frame.pixelFormat {
            scaler = downScaler
        } else {
            scaler = try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                                crop: crop, width: smallWidth, height: smallHeight, pixelFormat: .yuv420p,
                                quality: .area)
            downScaler = scaler
        }
        let reduced = try small ?? Frame(width: smallWidth, height: smallHeight, pixelFormat: .yuv420p)
        small = reduced
        try scaler.scale(frame, cropX: crop.x, cropY: crop.y, into: reduced)
        let pixels = max(1, Int((radius * Double(min(smallWidth, smallHeight))).rounded()))
        try reduced.withMutablePlanes { planes in
            for (index, plane) in planes.prefix(3).enumerated() {
                let chroma = index > 0
                blur.blur(plane.base.assumingMemoryBound(to: UInt8.self), stride: plane.bytesPerRow,
                          width: chroma ? smallWidth / 2 : smallWidth, height: chroma ? smallHeight / 2 : smallHeight,
                          radius: chroma ? max(1, pixels / 2) : pixels)
            }
        }
        return reduced
    }

    /// The centred part of a `width` x `height` picture with the canvas's shape (what `cover` shows).
    static func coverCrop(width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) -> Scaler.Rect {
        let scale = max(Double(canvasWidth) / Double(width), Double(canvasHeight) / Double(height))
        let cropWidth = min(width, max(1, Int((Double(canvasWidth) / scale).rounded())))
        let cropHeight = min(height, max(1, Int((Double(canvasHeight) / scale).rounded())))
        return Scaler.Rect(x: (width - cropWidth) / 2, y: (height - cropHeight) / 2, width: cropWidth, height: cropHeight)
    }

    private func buffer(_ format: VideoFrameBuffer.PixelFormat) throws -> VideoFrameBuffer {
        if let buffer = buffers[format] { return buffer }
        let buffer = try VideoFrameBuffer(width: canvasWidth, height: canvasHeight, format: format)
        buffers[format] = buffer
        return buffer
    }
}
