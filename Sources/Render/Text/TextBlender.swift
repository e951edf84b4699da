import LibAV
import Composition

/// Paints libass images (coverage masks in one colour) onto a frame in place, in the frame's own pixel format:
/// planar Y'CbCr of 8 to 16 bits with any chroma subsampling (luma per pixel, each chroma sample with the mean
/// coverage of the pixels it covers), or packed 8-bit RGB.
///
/// Colours convert with BT.709 (`Color.yuv`: limited range; full range for `yuvj` formats), deeper formats
/// scaling the 8-bit code values up, unless `colorCodes` converts them (an HDR output's working space). The inner
/// loops run on raw plane pointers (8-bit 4:2:0, the usual output, sixteen samples at a time); all arithmetic is
/// integer.
struct TextBlender {
    let layout: PixelFormat.Layout
    /// False draws 8-bit 4:2:0 frames with the general code too: the reference the vector path is tested against.
    var usesLanes = true
    /// The 16-bit Y'CbCr code values of an 8-bit R'G'B' text colour in the frame's colour space, scaled to the frame's
    /// depth when drawn; nil converts with BT.709 (HDR outputs give their working space's conversion).
    var colorCodes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?

    /// A blender for `format`, or nil when text cannot be drawn on it.
    init?(format: PixelFormat) {
        layout = format.layout
        if case .other = layout { return nil }
    }

    /// Blends `image` into `planes` of a `width` x `height` frame.
    func blend(_ image: ASSImage, into planes: [Frame.Plane], width: Int, height: Int) {
        // The image clipped to the frame.
        let x0 = max(0, image.x), y0 = max(0, image.y)
        let x1 = min(width, image.x + image.width), y1 = min(height, image.y + image.height)
        guard x1 > x0, y1 > y0, image.opacity > 0 else { return }
        let opacity = Int(image.opacity)
        /// Coverage times opacity at frame pixel (x, y), 0...255.
        @inline(__always) func weight(_ x: Int, _ y: Int) -> Int {
            (Int(image.bitmap[(y - image.y) * image.stride + (x - image.x)]) * opacity + 127) / 255
        }
        switch layout {
        case let .packedRGB(pixelStride, red, green, blue):
            guard let plane = planes.first else { return }
            let values = [(red, Int(image.red)), (green, Int(image.green)), (blue, Int(image.blue))]
            for y in y0..<y1 {
                let row = plane.base.assumingMemoryBound(to: UInt8.self) + y * plane.bytesPerRow
                for x in x0..<x1 {
                    let a = weight(x, y)
                    guard a > 0 else { continue }
                    for (offset, value) in values {
                        let pointer = row + x * pixelStride + offset
                        pointer.pointee = UInt8((value * a + Int(pointer.pointee) * (255 - a) + 127) / 255)
                    }
                }
            }
        case let .planarYUV(depth, bytes, shiftX, shiftY, fullRange):
            guard planes.count >= 3 else { return }
            let (color, scale) = codes(of: image, depth: depth, fullRange: fullRange)
            if colorCodes == nil, usesLanes, depth == 8, bytes == 1, shiftX == 1, shiftY == 1 {
                Self.blend420(image, into: planes, color: color, x0: x0, y0: y0, x1: x1, y1: y1)
                return
            }
            // Luma: every pixel.
            blendPlane(planes[0], bytes: bytes, value: color.y << scale, x0: x0, y0: y0, x1: x1, y1: y1,
                       shiftX: 0, shiftY: 0, weight: weight)
            for (plane, value) in [(planes[1], color.cb), (planes[2], color.cr)] {
                blendPlane(plane, bytes: bytes, value: value << scale, x0: x0, y0: y0, x1: x1, y1: y1,
                           shiftX: shiftX, shiftY: shiftY, weight: weight)
            }
        case .other:
            return
        }
    }

    /// The text colour's Y'CbCr code values and the left shift that takes them to the frame's `depth`: from
    /// `colorCodes` rounded to the depth (no shift), or BT.709 8-bit values shifted up.
    private func codes(of image: ASSImage, depth: Int,
                       fullRange: Bool) -> (color: (y: Int, cb: Int, cr: Int), scale: Int) {
        guard let codes = colorCodes?(image.red, image.green, image.blue) else {
            return (Self.yuv(red: image.red, green: image.green, blue: image.blue, fullRange: fullRange), depth - 8)
        }
        let drop = 16 - depth, half = drop > 0 ? 1 << (drop - 1) : 0
        func scaled(_ code: UInt16) -> Int { min((Int(code) + half) >> drop, (1 << depth) - 1) }
        return ((scaled(codes.y), scaled(codes.cb), scaled(codes.cr)), 0)
    }

    /// Blends `value` into the samples of `plane` covering pixels `x0..<x1` x `y0..<y1`, each sample weighted by
    /// the mean weight of the `1 << shiftX` x `1 << shiftY` pixels it stands for.
    private func blendPlane(_ plane: Frame.Plane, bytes: Int, value: Int, x0: Int, y0: Int, x1: Int, y1: Int,
                            shiftX: Int, shiftY: Int, weight: (Int, Int) -> Int) {
        let area = 1 << (shiftX + shiftY)
        for sampleY in (y0 >> shiftY)...((y1 - 1) >> shiftY) where sampleY < plane.rows {
            let top = max(y0, sampleY << shiftY), bottom = min(y1, (sampleY + 1) << shiftY)
            let row = plane.base + sampleY * plane.bytesPerRow
            for sampleX in (x0 >> shiftX)...((x1 - 1) >> shiftX) where sampleX * bytes < plane.usedBytesPerRow {
                let left = max(x0, sampleX << shiftX), right = min(x1, (sampleX + 1) << shiftX)
                var sum = 0
                for y in top..<bottom {
                    for x in left..<right { sum += weight(x, y) }
                }
                guard sum > 0 else { continue }
                let a = (sum + area / 2) / area
                if bytes == 1 {
                    let pointer = row.assumingMemoryBound(to: UInt8.self) + sampleX
                    pointer.pointee = UInt8(truncatingIfNeeded: (value * a + Int(pointer.pointee) * (255 - a) + 127) / 255)
                } else {
                    let pointer = (row + sampleX * 2).assumingMemoryBound(to: UInt16.self)
                    let old = Int(UInt16(littleEndian: pointer.pointee))
                    pointer.pointee = UInt16(truncatingIfNeeded: (value * a + old * (255 - a) + 127) / 255).littleEndian
                }
            }
        }
    }

    /// 8-bit Y'CbCr code values of an 8-bit R'G'B' colour: BT.709 limited range, or full range for `yuvj`.
    static func yuv(red: UInt8, green: UInt8, blue: UInt8, fullRange: Bool) -> (y: Int, cb: Int, cr: Int) {
        let color = Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
        guard fullRange else {
            let limited = color.yuv
            return (Int(limited.y), Int(limited.cb), Int(limited.cr))
        }
        let luma = Color.kr * color.red + Color.kg * color.green + Color.kb * color.blue
        func code(_ value: Double) -> Int { Int(min(max(value.rounded(), 0), 255)) }
        return (code(255 * luma), code(128 + 255 * (color.blue - luma) / (2 * (1 - Color.kb))),
                code(128 + 255 * (color.red - luma) / (2 * (1 - Color.kr))))
    }
}
