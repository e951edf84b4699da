import LibAV
import TextLayout

/// How one placement of a raster changes a planar Y'CbCr frame, at full opacity: for each plane, row after row of
/// samples, the mean premultiplied code value and the coverage of the pixels each sample stands for, in 16-bit fixed
/// point (4 bytes a sample). Painting at an opacity scales both, so a title that stays put is planned once for all
/// its frames, fades included, and each frame only mixes the plan into its samples.
struct BlendPlan {
    /// A planned value or coverage: the value in 1/2^(16 - depth) code steps, the coverage in 1/65535ths.
    typealias Fixed = UInt16

    /// What a plan depends on besides the format: the raster's pixels (by their buffer, which the plan keeps alive
    /// so the address names these pixels only), where they land, the painted area and the frame's size.
    struct Key: Equatable {
        let pixels: UnsafeRawPointer?
        let rasterWidth: Int, rasterHeight: Int, left: Int, top: Int
        let area: RasterBlender.Area
        let frameWidth: Int, frameHeight: Int
    }

    /// One plane's samples covering the area: the first sample's column and row, how many of each, and their mean
    /// values and coverages row after row.
    struct PlaneSamples {
        let x0: Int, y0: Int, columns: Int, rows: Int
        var values: [Fixed], coverage: [Fixed]
    }

    /// The planes' channel (0 Y', 1 Cb, 2 Cr), depth, sample size and subsampling.
    struct Channel {
        let index: Int, depth: Int, bytes: Int, shiftX: Int, shiftY: Int
        let fullRange: Bool
    }

    let key: Key
    /// The raster planned, held so its buffer is not reused for other pixels while the plan is known by its address.
    let raster: TextRaster
    let planes: [PlaneSamples]

    /// How many samples the plan holds.
    var sampleCount: Int { planes.reduce(0) { $0 + $1.columns * $1.rows } }

    /// The samples of `plane` (channel `channel`) covering `area`: a rectangle of whole samples inside the plane.
    static func rectangle(of plane: Frame.Plane, channel: Channel, area: RasterBlender.Area)
        -> (x0: Int, y0: Int, columns: Int, rows: Int) {
        let x0 = area.x0 >> channel.shiftX, y0 = area.y0 >> channel.shiftY
        let x1 = min(((area.x1 - 1) >> channel.shiftX) + 1, (plane.usedBytesPerRow + channel.bytes - 1) / channel.bytes)
        let y1 = min(((area.y1 - 1) >> channel.shiftY) + 1, plane.rows)
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }

    /// Fills `values` and `coverage` (`columns` long) with the samples of row `sampleY` from column `x0` on: each
    /// the mean premultiplied code value and coverage, at full opacity, of the raster pixels (at `left`, `top`) it
    /// stands for inside `area`. Pixels with nothing in them add nothing and are passed over.
    static func sampleRow(_ sampleY: Int, x0: Int, columns: Int, channel: Channel, area: RasterBlender.Area,
                          raster pixels: UnsafePointer<UInt8>, width: Int, left: Int, top: Int,
                          converted: inout ConvertedColors, values: UnsafeMutablePointer<Fixed>,
                          coverage: UnsafeMutablePointer<Fixed>) {
        let count = Double(1 << (channel.shiftX + channel.shiftY)), depthScale = Double(1 << (channel.depth - 8))
        let scale = 1.0 / 255, valueSteps = Double(1 << (16 - channel.depth))
        let firstY = max(area.y0, sampleY << channel.shiftY), endY = min(area.y1, (sampleY + 1) << channel.shiftY)
        for column in 0..<columns {
            let sampleX = x0 + column
            let firstX = max(area.x0, sampleX << channel.shiftX), endX = min(area.x1, (sampleX + 1) << channel.shiftX)
            var (sum, covered) = (0.0, 0.0)
            for y in firstY..<endY {
                let line = pixels + ((y - top) * width - left) * 4
                for x in firstX..<endX {
                    let pixel = line + x * 4
                    guard pixel[0] | pixel[1] | pixel[2] | pixel[3] != 0 else { continue }
                    let (r, g, b) = (Double(pixel[2]) * scale, Double(pixel[1]) * scale, Double(pixel[0]) * scale)
                    let a = Double(pixel[3]) * scale
                    sum += converted.premultipliedCode(channel.index, r, g, b, a)
                        ?? RasterBlender.premultipliedCode(channel.index, r, g, b, a, fullRange: channel.fullRange)
                        * depthScale
                    covered += a
                }
            }
            // A sample nothing covers keeps its value exactly: no value, no coverage.
            values[column] = covered > 0 ? Fixed(min(max(sum / count * valueSteps, 0), 65535).rounded()) : 0
            coverage[column] = covered > 0 ? Fixed((min(covered / count, 1) * 65535).rounded()) : 0
        }
    }

    /// Mixes `columns` planned samples at `opacity` into `row` (samples of `bytes` bytes and `depth` bits, at most
    /// `maximum`), from sample `x0` on: each becomes its value times the opacity plus what was there times one less
    /// its coverage times the opacity, rounded to the nearest code.
    static func mixRow(_ row: UnsafeMutableRawPointer, x0: Int, columns: Int, bytes: Int, depth: Int, maximum: Float,
                       opacity: Float, values: UnsafePointer<Fixed>, coverage: UnsafePointer<Fixed>) {
        let valueScale = opacity / Float(1 << (16 - depth)), coverageScale = opacity / 65535
        if bytes == 1 {
            let samples = row.assumingMemoryBound(to: UInt8.self) + x0
            for column in 0..<columns {
                let mixed = Float(values[column]) * valueScale
                    + Float(samples[column]) * (1 - Float(coverage[column]) * coverageScale)
                // Truncating a non-negative number rounds it down, without a call per sample.
                samples[column] = UInt8(min(max(mixed + 0.5, 0), maximum))
            }
        } else {
            let samples = (row + x0 * 2).assumingMemoryBound(to: UInt16.self)
            for column in 0..<columns {
                let old = Float(UInt16(littleEndian: samples[column]))
                let mixed = Float(values[column]) * valueScale + old * (1 - Float(coverage[column]) * coverageScale)
                samples[column] = UInt16(min(max(mixed + 0.5, 0), maximum)).littleEndian
            }
        }
    }
}

/// The plans of the placements a blender painted more than once lately, so still titles are planned once: at most
/// `limit` samples in all (a plan larger than that is never kept), the least recently used dropped first.
final class BlendPlans {
    /// The plans kept, the most recently used last.
    private var plans: [BlendPlan] = []
    /// Placements painted once lately without a plan: the second time one is seen, it is planned and kept.
    private var seen: [BlendPlan.Key] = []
    /// The most samples kept in all plans.
    let limit: Int

    /// A store keeping at most `limit` samples (4 bytes each).
    init(limit: Int = 4 << 20) {
        self.limit = limit
    }

    /// The plan kept for `key`, marked as just used.
    func plan(for key: BlendPlan.Key) -> BlendPlan? {
        guard let index = plans.firstIndex(where: { $0.key == key }) else { return nil }
        let plan = plans.remove(at: index)
        plans.append(plan)
        return plan
    }

    /// Whether a placement should be planned and kept: true the second time in a row of recent paints it is asked
    /// about, and when its `samples` fit the store.
    func shouldPlan(_ key: BlendPlan.Key, samples: Int) -> Bool {
        guard samples <= limit else { return false }
        if let index = seen.firstIndex(of: key) {
            seen.remove(at: index)
            return true
        }
        seen.append(key)
        if seen.count > 8 { seen.removeFirst() }
        return false
    }

    /// Keeps `plan`, dropping the least recently used plans until all fit.
    func keep(_ plan: BlendPlan) {
        plans.append(plan)
        var total = plans.reduce(0) { $0 + $1.sampleCount }
        while total > limit, plans.count > 1 {
            total -= plans.removeFirst().sampleCount
        }
    }
}
