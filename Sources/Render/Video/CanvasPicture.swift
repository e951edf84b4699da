import LibAV

/// A picture type the renderer draws into at one sample depth, `VideoFrameBuffer` (8-bit, SDR) or
/// `VideoFrameBuffer16` (16-bit, HDR): what the depth-generic parts (the warper, blurs, transitions, backdrops)
/// need beyond the blend loops' `BlendPicture`.
protocol CanvasPicture: BlendPicture {
    /// libav's planar 4:2:0 format with this picture's samples, with or without an alpha plane.
    static func libavFormat(alpha: Bool) -> LibAV.PixelFormat
    /// A zeroed `width` x `height` picture, with an alpha plane when `alpha`.
    static func make(width: Int, height: Int, alpha: Bool) throws(RenderError) -> Self
    /// `frame` converted by `scaler` (whose output is this picture's size and format, without alpha) into the
    /// luma and chroma planes; the alpha plane is left as it is. `staging` holds a frame the conversion may need
    /// between calls.
    func scale(_ frame: Frame, with scaler: Scaler, staging: inout Frame?) throws(LibAVError)
}

/// A colour as the code values of one sample depth: luma, chroma and alpha.
struct CanvasColor<Sample: BlendSample>: Equatable {
    var y: Sample
    var cb: Sample
    var cr: Sample
    var a: Sample = .max
}

extension BlendSample {
    /// Limited-range black luma: 16 scaled to the sample's depth.
    static var limitedBlack: Self { Self(16) << (Self.bitWidth - 8) }
}

extension CanvasPicture {
    /// Every sample of the picture set to `color`'s (alpha too, when the picture has an alpha plane).
    func fill(_ color: CanvasColor<Sample>) {
        let values = [color.y, color.cb, color.cr, color.a]
        for plane in 0..<(hasAlpha ? 4 : 3) {
            let (pointer, stride) = unsafePlane(plane)
            let rows = plane == 1 || plane == 2 ? (height + 1) / 2 : height
            withExtendedLifetime(self) { pointer.update(repeating: values[plane], count: stride * rows) }
        }
    }

    /// An opaque alpha plane, when the picture has one.
    func makeOpaque() {
        guard hasAlpha else { return }
        let (pointer, stride) = unsafePlane(3)
        withExtendedLifetime(self) { pointer.update(repeating: .max, count: stride * height) }
    }
}

extension VideoFrameBuffer: CanvasPicture {
    static func libavFormat(alpha: Bool) -> LibAV.PixelFormat { alpha ? yuva420p : .yuv420p }

    static func make(width: Int, height: Int, alpha: Bool) throws(RenderError) -> VideoFrameBuffer {
        try VideoFrameBuffer(width: width, height: height, format: alpha ? .yuva420p : .yuv420p)
    }

    /// Scales straight into the planes.
    func scale(_ frame: Frame, with scaler: Scaler, staging: inout Frame?) throws(LibAVError) {
        try withPlanes { (planes, strides) throws(LibAVError) in
            try scaler.scale(frame, cropX: 0, cropY: 0, intoPlanes: Array(planes.prefix(3)),
                             strides: Array(strides.prefix(3)))
        }
    }
}

extension VideoFrameBuffer16: CanvasPicture {
    static func libavFormat(alpha: Bool) -> LibAV.PixelFormat { alpha ? alphaFormat : format }

    static func make(width: Int, height: Int, alpha: Bool) throws(RenderError) -> VideoFrameBuffer16 {
        try VideoFrameBuffer16(width: width, height: height, hasAlpha: alpha)
    }

    /// Scales into a libav frame (whose rows libswscale finds aligned), then copies the samples.
    func scale(_ frame: Frame, with scaler: Scaler, staging: inout Frame?) throws(LibAVError) {
        let target: Frame
        if let staging {
            target = staging
        } else {
            target = try Frame(width: scaler.width, height: scaler.height, pixelFormat: scaler.pixelFormat)
            staging = target
        }
        try scaler.scale(frame, into: target)
        copy(from: target, orientation: .identity)
    }
}
