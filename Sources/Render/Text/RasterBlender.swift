import Composition
import LibAV
import TextLayout

/// Paints drawn text (a premultiplied BGRA `TextRaster`) onto a frame in place, in the frame's own pixel format:
/// planar Y'CbCr of 8 to 16 bits with any chroma subsampling (each chroma sample gets the mean of the premultiplied
/// colour and coverage of the pixels it covers), or packed 8-bit RGB. Colours convert with BT.709 (limited range;
/// full range for `yuvj` formats); deeper formats scale the 8-bit code values up.
struct RasterBlender {
    let layout: PixelFormat.Layout
    /// The 16-bit Y'CbCr code values of an 8-bit R'G'B' colour in the frame's colour space, scaled to the frame's
    /// depth when drawn; nil converts with BT.709 (HDR outputs give their working space's conversion).
    var colorCodes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?

    /// A blender for `format`, or nil when text cannot be drawn on it.
    init?(format: PixelFormat) {
        layout = format.layout
        if case .other = layout { return nil }
    }

    /// The rectangle of frame pixels to paint: `raster` at (`left`, `top`), inside `clip` and the frame.
    struct Area {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// Blends `raster`, its top-left at frame pixel (`left`, `top`), times `opacity`, into `planes` of a
    /// `width` x `height` frame; nothing outside `clip` (frame pixels) is painted.
    func blend(_ raster: TextRaster, left: Int, top: Int, opacity: Double, clip: Rect?, into planes: [Frame.Plane],
               width: Int, height: Int) {
        var area = Area(x0: max(0, left), y0: max(0, top), x1: min(width, left + raster.width),
                        y1: min(height, top + raster.height))
        if let clip, !clip.isInfinite {
            area.x0 = max(area.x0, Int(clip.x.rounded())); area.y0 = max(area.y0, Int(clip.y.rounded()))
            area.x1 = min(area.x1, Int((clip.x + clip.width).rounded()))
            area.y1 = min(area.y1, Int((clip.y + clip.height).rounded()))
        }
        guard area.x1 > area.x0, area.y1 > area.y0, opacity > 0 else { return }
        raster.pixels.withUnsafeBufferPointer { pixels in
            /// The premultiplied red, green, blue and coverage at frame pixel (x, y), 0...1, times the opacity.
            func sample(_ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
                let index = ((y - top) * raster.width + (x - left)) * 4
                let scale = opacity / 255
                return (Double(pixels[index + 2]) * scale, Double(pixels[index + 1]) * scale,
                        Double(pixels[index]) * scale, Double(pixels[index + 3]) * scale)
            }
            switch layout {
            case let .packedRGB(pixelStride, red, green, blue):
                guard let plane = planes.first else { return }
                for y in area.y0..<area.y1 {
                    let row = plane.base.assumingMemoryBound(to: UInt8.self) + y * plane.bytesPerRow
                    for x in area.x0..<area.x1 {
                        let (r, g, b, a) = sample(x, y)
                        guard a > 0 else { continue }
                        for (offset, value) in [(red, r), (green, g), (blue, b)] {
                            let pointer = row + x * pixelStride + offset
                            pointer.pointee = Self.code(255 * value + Double(pointer.pointee) * (1 - a), maximum: 255)
                        }
                    }
                }
            case let .planarYUV(depth, bytes, shiftX, shiftY, fullRange):
                guard planes.count >= 3 else { return }
                let scale = Double(1 << (depth - 8)), maximum = Double((1 << depth) - 1)
                var converted = ConvertedColors(codes: colorCodes, depth: depth)
                for channel in 0..<3 {
                    let (sx, sy) = channel == 0 ? (0, 0) : (shiftX, shiftY)
                    blendPlane(planes[channel], bytes: bytes, area: area, shiftX: sx, shiftY: sy, maximum: maximum) {
                        x, y in
                        let (r, g, b, a) = sample(x, y)
                        if let code = converted.premultipliedCode(channel, r, g, b, a) { return (code, a) }
                        return (Self.premultipliedCode(channel, r, g, b, a, fullRange: fullRange) * scale, a)
                    }
                }
            case .other:
                return
            }
        }
    }

    /// Blends into the samples of `plane` covering `area`, each sample with the mean premultiplied value and
    /// coverage of the `1 << shiftX` x `1 << shiftY` pixels it stands for.
    private func blendPlane(_ plane: Frame.Plane, bytes: Int, area: Area, shiftX: Int, shiftY: Int, maximum: Double,
                            value: (Int, Int) -> (Double, Double)) {
        let count = Double(1 << (shiftX + shiftY))
        for sampleY in (area.y0 >> shiftY)...((area.y1 - 1) >> shiftY) where sampleY < plane.rows {
            let top = max(area.y0, sampleY << shiftY), bottom = min(area.y1, (sampleY + 1) << shiftY)
            let row = plane.base + sampleY * plane.bytesPerRow
            for sampleX in (area.x0 >> shiftX)...((area.x1 - 1) >> shiftX) where sampleX * bytes < plane.usedBytesPerRow {
                let left = max(area.x0, sampleX << shiftX), right = min(area.x1, (sampleX + 1) << shiftX)
                var (sum, coverage) = (0.0, 0.0)
                for y in top..<bottom {
                    for x in left..<right {
                        let (v, a) = value(x, y)
                        sum += v
                        coverage += a
                    }
                }
                guard coverage > 0 else { continue }
                let (mean, alpha) = (sum / count, coverage / count)
                if bytes == 1 {
                    let pointer = row.assumingMemoryBound(to: UInt8.self) + sampleX
                    pointer.pointee = Self.code(mean + Double(pointer.pointee) * (1 - alpha), maximum: 255)
                } else {
                    let pointer = (row + sampleX * 2).assumingMemoryBound(to: UInt16.self)
                    let old = Double(UInt16(littleEndian: pointer.pointee))
                    let new = min(max((mean + old * (1 - alpha)).rounded(), 0), maximum)
                    pointer.pointee = UInt16(new).littleEndian
                }
            }
        }
    }

    /// The 8-bit code value of Y' (`channel` 0), Cb (1) or Cr (2) of a premultiplied colour of coverage `a`: the
    /// code of the straight colour times `a`, so that adding the background times `1 - a` blends.
    static func premultipliedCode(_ channel: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                                  fullRange: Bool) -> Double {
        let luma = Color.kr * r + Color.kg * g + Color.kb * b
        switch channel {
        case 0: return fullRange ? 255 * luma : 16 * a + 219 * luma
        case 1: return 128 * a + (fullRange ? 255 : 224) * (b - luma) / (2 * (1 - Color.kb))
        default: return 128 * a + (fullRange ? 255 : 224) * (r - luma) / (2 * (1 - Color.kr))
        }
    }

    /// `value` rounded and clamped to an 8-bit sample.
    static func code(_ value: Double, maximum: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), maximum))
    }
}

/// Text colours converted by a frame's own conversion (an HDR output's working space), each distinct colour once.
private struct ConvertedColors {
    let codes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?
    /// The frame's bit depth: codes are scaled from 16 bits to it.
    let depth: Int
    private var known: [UInt32: (y: UInt16, cb: UInt16, cr: UInt16)] = [:]

    init(codes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?, depth: Int) {
        self.codes = codes
        self.depth = depth
    }

    /// The code of Y' (`channel` 0), Cb (1) or Cr (2) at the frame's depth of the straight colour of premultiplied
    /// (`r`, `g`, `b`) at coverage `a`, times `a`; nil without a conversion of the frame's own.
    mutating func premultipliedCode(_ channel: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Double? {
        guard let codes else { return nil }
        guard a > 0 else { return 0 }
        func straight(_ value: Double) -> UInt8 { UInt8(min(max((255 * value / a).rounded(), 0), 255)) }
        let (red, green, blue) = (straight(r), straight(g), straight(b))
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        let color = known[key] ?? codes(red, green, blue)
        known[key] = color
        let code = channel == 0 ? color.y : channel == 1 ? color.cb : color.cr
        return Double(code) / Double(1 << (16 - depth)) * a
    }
}
