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

    /// The plans of placements painted more than once (still titles), shared by copies of this blender.
    private let plans = BlendPlans()

    /// A blender for `format`, or nil when text cannot be drawn on it.
    init?(format: PixelFormat) {
        layout = format.layout
        if case .other = layout { return nil }
    }

    /// The rectangle of frame pixels to paint: `raster` at (`left`, `top`), inside `clip` and the frame.
    struct Area: Equatable {
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
                guard planes.count >= 3, let base = pixels.baseAddress else { return }
                let channels = (0..<3).map {
                    BlendPlan.Channel(index: $0, depth: depth, bytes: bytes, shiftX: $0 == 0 ? 0 : shiftX,
                                      shiftY: $0 == 0 ? 0 : shiftY, fullRange: fullRange)
                }
                let key = BlendPlan.Key(pixels: UnsafeRawPointer(base), rasterWidth: raster.width,
                                        rasterHeight: raster.height, left: left, top: top, area: area,
                                        frameWidth: width, frameHeight: height)
                var converted = ConvertedColors(codes: colorCodes, depth: depth)
                let source = (pixels: base, width: raster.width, left: left, top: top)
                let plan = plans.plan(for: key) ?? plannedIfRepeated(raster, key: key, source: source,
                                                                     channels: channels, planes: planes,
                                                                     converted: &converted)
                for channel in channels {
                    paint(planes[channel.index], channel: channel, area: area, opacity: opacity,
                          planned: plan?.planes[channel.index], source: source, converted: &converted)
                }
            case .other:
                return
            }
        }
    }

    /// The raster's pixels and where they land.
    typealias Source = (pixels: UnsafePointer<UInt8>, width: Int, left: Int, top: Int)

    /// The plan for the placement `key`, made and kept when the placement was painted just before too (a title
    /// standing still); nil otherwise, or when it would not fit the store.
    private func plannedIfRepeated(_ raster: TextRaster, key: BlendPlan.Key, source: Source,
                                   channels: [BlendPlan.Channel], planes: [Frame.Plane],
                                   converted: inout ConvertedColors) -> BlendPlan? {
        let rectangles = channels.map { BlendPlan.rectangle(of: planes[$0.index], channel: $0, area: key.area) }
        guard plans.shouldPlan(key, samples: rectangles.reduce(0) { $0 + $1.columns * $1.rows }) else { return nil }
        let samples = zip(channels, rectangles).map { channel, rectangle in
            var values = [BlendPlan.Fixed](repeating: 0, count: rectangle.columns * rectangle.rows)
            var coverage = values
            values.withUnsafeMutableBufferPointer { values in
                coverage.withUnsafeMutableBufferPointer { coverage in
                    for row in 0..<rectangle.rows {
                        let offset = row * rectangle.columns
                        BlendPlan.sampleRow(rectangle.y0 + row, x0: rectangle.x0, columns: rectangle.columns,
                                            channel: channel, area: key.area, raster: source.pixels,
                                            width: source.width, left: source.left, top: source.top,
                                            converted: &converted, values: values.baseAddress! + offset,
                                            coverage: coverage.baseAddress! + offset)
                    }
                }
            }
            return BlendPlan.PlaneSamples(x0: rectangle.x0, y0: rectangle.y0, columns: rectangle.columns,
                                          rows: rectangle.rows, values: values, coverage: coverage)
        }
        let plan = BlendPlan(key: key, raster: raster, planes: samples)
        plans.keep(plan)
        return plan
    }

    /// Paints one plane: from its `planned` samples, or sampling the raster row by row when there is no plan. Both
    /// ways mix the same numbers.
    private func paint(_ plane: Frame.Plane, channel: BlendPlan.Channel, area: Area, opacity: Double,
                       planned: BlendPlan.PlaneSamples?, source: Source, converted: inout ConvertedColors) {
        let maximum = Float((1 << channel.depth) - 1), strength = Float(opacity)
        if let planned {
            planned.values.withUnsafeBufferPointer { values in
                planned.coverage.withUnsafeBufferPointer { coverage in
                    for row in 0..<planned.rows {
                        let offset = row * planned.columns
                        BlendPlan.mixRow(plane.base + (planned.y0 + row) * plane.bytesPerRow, x0: planned.x0,
                                         columns: planned.columns, bytes: channel.bytes, depth: channel.depth,
                                         maximum: maximum, opacity: strength, values: values.baseAddress! + offset,
                                         coverage: coverage.baseAddress! + offset)
                    }
                }
            }
            return
        }
        let rectangle = BlendPlan.rectangle(of: plane, channel: channel, area: area)
        guard rectangle.columns > 0 else { return }
        var values = [BlendPlan.Fixed](repeating: 0, count: rectangle.columns), coverage = values
        for row in rectangle.y0..<(rectangle.y0 + rectangle.rows) {
            values.withUnsafeMutableBufferPointer { values in
                coverage.withUnsafeMutableBufferPointer { coverage in
                    BlendPlan.sampleRow(row, x0: rectangle.x0, columns: rectangle.columns, channel: channel,
                                        area: area, raster: source.pixels, width: source.width, left: source.left,
                                        top: source.top, converted: &converted, values: values.baseAddress!,
                                        coverage: coverage.baseAddress!)
                    BlendPlan.mixRow(plane.base + row * plane.bytesPerRow, x0: rectangle.x0,
                                     columns: rectangle.columns, bytes: channel.bytes, depth: channel.depth,
                                     maximum: maximum, opacity: strength, values: values.baseAddress!,
                                     coverage: coverage.baseAddress!)
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
struct ConvertedColors {
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
