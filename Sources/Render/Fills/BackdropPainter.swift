import Composition
import LibAV

/// Paints a layer's backdrop (see `LayerBackdrop`) into a canvas-size picture of the canvas's depth (8-bit on SDR
/// outputs, 16-bit on HDR ones): a colour, or the layer's picture scaled to cover the canvas and blurred. The blur
/// runs at an eighth of the canvas's size (a blur that wide has no detail a full-size one would keep) with the
/// engine's one blur, `BoxBlur`, and swscale brings it back to the canvas bilinearly. Pictures and scalers are
/// reused from frame to frame.
final class BackdropPainter<Picture: CanvasPicture> {
    let canvasWidth: Int
    let canvasHeight: Int
    /// The reduced size the blur runs at (even).
    let smallWidth: Int
    let smallHeight: Int
    /// A colour's code values at the canvas's depth and in its colour space.
    private let code: (Color) throws -> CanvasColor<Picture.Sample>
    /// Per alpha plane or none: the canvas-size picture painted.
    private var pictures: [Bool: Picture] = [:]
    private var small: Frame?
    private var staging: Frame?
    private var downScaler: Scaler?
    private var upScaler: Scaler?
    private let blur: BoxBlur
    /// The colour last filled, per picture (a colour backdrop is filled once).
    private var filled: [Bool: Color] = [:]

    /// A painter for a `canvasWidth` x `canvasHeight` canvas whose colours are `code`'s code values.
    init(canvasWidth: Int, canvasHeight: Int, code: @escaping (Color) throws -> CanvasColor<Picture.Sample>) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.code = code
        smallWidth = max(2, (canvasWidth / 8) & ~1)
        smallHeight = max(2, (canvasHeight / 8) & ~1)
        blur = BoxBlur(width: smallWidth, height: smallHeight)
    }

    /// The backdrop of a layer showing `frame` (at the canvas's depth), in a canvas-size picture with an opaque
    /// alpha plane when `alpha`, valid until the next call.
    func paint(_ backdrop: LayerBackdrop, of frame: Frame, alpha: Bool) throws -> Picture {
        let picture = try self.picture(alpha: alpha)
        switch backdrop {
        case .color(let color):
            if filled[alpha] != color { picture.fill(try code(color)) }
            filled[alpha] = color
        case .blur(let radius):
            filled[alpha] = nil
            let reduced = try blurred(frame, radius: radius)
            let scaler = try upScaler ?? Scaler(
                sourceWidth: smallWidth, sourceHeight: smallHeight, sourceFormat: reduced.pixelFormat,
                width: canvasWidth, height: canvasHeight, pixelFormat: Picture.libavFormat(alpha: false),
                quality: .fast)
            upScaler = scaler
            try picture.scale(reduced, with: scaler, staging: &staging)
            picture.makeOpaque()
        }
        return picture
    }

    /// `frame` cut to the canvas's shape (centred), scaled to the reduced size and blurred by `radius` of its
    /// shorter side (chroma by half as much).
    private func blurred(_ frame: Frame, radius: Double) throws -> Frame {
        let crop = Self.coverCrop(width: frame.width, height: frame.height, canvasWidth: canvasWidth,
                                  canvasHeight: canvasHeight)
        let format = Picture.libavFormat(alpha: false)
        let scaler: Scaler
        if let downScaler, downScaler.sourceWidth == frame.width, downScaler.sourceHeight == frame.height,
           downScaler.sourceFormat == frame.pixelFormat {
            scaler = downScaler
        } else {
            scaler = try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                                crop: crop, width: smallWidth, height: smallHeight, pixelFormat: format,
                                quality: .area)
            downScaler = scaler
        }
        let reduced = try small ?? Frame(width: smallWidth, height: smallHeight, pixelFormat: format)
        small = reduced
        try scaler.scale(frame, cropX: crop.x, cropY: crop.y, into: reduced)
        let pixels = max(1, Int((radius * Double(min(smallWidth, smallHeight))).rounded()))
        let size = MemoryLayout<Picture.Sample>.stride
        try reduced.withMutablePlanes { planes in
            for (index, plane) in planes.prefix(3).enumerated() {
                let chroma = index > 0
                blur.blur(plane.base.assumingMemoryBound(to: Picture.Sample.self), stride: plane.bytesPerRow / size,
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

    private func picture(alpha: Bool) throws -> Picture {
        if let picture = pictures[alpha] { return picture }
        let picture = try Picture.make(width: canvasWidth, height: canvasHeight, alpha: alpha)
        pictures[alpha] = picture
        return picture
    }
}
