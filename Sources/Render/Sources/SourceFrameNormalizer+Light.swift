import Foundation
import LibAV
import MediaCore

extension SourceFrameNormalizer {
    /// What a light-conversion graph is built for: the pictures it takes and how their light is described.
    struct LightKey: Equatable {
        var input: FilterGraph.Input
        var color: ColorDescription
        var peak: Double
        var width: Int
        var height: Int
    }

    /// HDR reference white in cd/m2 (ITU-R BT.2408): graphics white in HDR, and what SDR white becomes.
    static let referenceWhite = 203.0
    /// The peak assumed for HDR pictures whose metadata does not say (what most HDR video is mastered to).
    static let assumedHDRPeak = 1000.0
    /// Where the tone curve leaves the straight line, as a fraction of reference white (see `lightStages`).
    static let toneMapKnee = 0.6

    /// The coded size to convert `frame`'s light at when it is drawn with at most `stretch` canvas pixels per display
    /// pixel (see `reduced(width:height:stretch:)`); nil when it needs no light conversion or would not be smaller.
    /// Tone mapping costs the same for every pixel and runs on float RGB, so a 4K phone clip drawn at 1080p is
    /// converted at 1080p: a quarter of the work and of the memory. The layer scaler then has little or nothing left
    /// to do, and what it shows is what a scale-then-convert graph would.
    func lightSize(of frame: Frame, stretch: Double) -> (width: Int, height: Int)? {
        guard frame.colorDescription.needsLightConversion else { return nil }
        return Self.reduced(width: frame.width, height: frame.height, stretch: stretch)
    }

    /// Both sides times `stretch`, rounded up to even, when that is smaller than `width` x `height`; nil otherwise.
    static func reduced(width: Int, height: Int, stretch: Double) -> (width: Int, height: Int)? {
        guard stretch.isFinite, stretch > 0, stretch < 1 else { return nil }
        // A stretch computed as 1920 / 3840 may land a hair above the exact value: never round that up a pixel.
        let side = { (length: Int) in min(length, max(2, (Int((Double(length) * stretch - 1e-6).rounded(.up)) + 1) & ~1)) }
        let size = (width: side(width), height: side(height))
        return size.width < width || size.height < height ? size : nil
    }

    /// `frame` in SDR BT.709 limited `yuv420p` (`yuva420p` with alpha) when its transfer or primaries need a light
    /// conversion (HDR tone mapping, wide gamut, linear light), else `frame` itself; with `size`, at that size in
    /// `yuv444p` (see `lightStages`).
    func convertLight(_ frame: Frame, size: (width: Int, height: Int)? = nil) throws(LibAVError) -> Frame {
        let color = frame.colorDescription
        let format = frame.pixelFormat
        guard color.needsLightConversion, format.isYUV || format.isRGB else { return frame }
        let input = FilterGraph.Input.like(frame, timeBase: LightConversion.timeBase)
        let peak = color.isHDR ? (frame.peakLuminance ?? Self.assumedHDRPeak) : Self.referenceWhite
        let key = LightKey(input: input, color: color, peak: peak, width: size?.width ?? frame.width,
                           height: size?.height ?? frame.height)
        let conversion: LightConversion
        if let existing = light, existing.key == key {
            conversion = existing
        } else {
            conversion = try LightConversion(key: key, stages: Self.lightStages(
                from: color, rgb: format.isRGB, peak: peak, alpha: format.hasAlpha, size: size))
            light = conversion
        }
        if lightConversion == nil { lightConversion = color }
        return try conversion.convert(frame, color: color)
    }

    /// The steps of a light conversion: libavfilter graphs into and out of linear light, and the tone map between.
    struct LightStages {
        /// The first graph's filters; the whole conversion when `fromLinear` is nil.
        var toLinear: String
        /// The tone map of linear float RGB pictures (HDR only).
        var toneMap: MobiusToneMap?
        /// The second graph's filters, from linear light to the BT.709 target.
        var fromLinear: String?
    }

    /// The libavfilter text that turns `color` pictures into BT.709 limited 8-bit 4:2:0.
    ///
    /// HDR goes to linear light with SDR white at HDR reference white (`npl` 203 cd/m2, ITU-R BT.2408), to BT.709
    /// primaries, through libavfilter's `tonemap` and back to the BT.709 curve. The operator is Möbius: it is the
    /// identity up to `toneMapKnee` of reference white and then rolls smoothly off to the picture's `peak` (from its
    /// content light or mastering metadata, else 1000 cd/m2), so skin, foliage and saturated mid-tones keep their SDR
    /// level and colour while only highlights are compressed. The curve is applied to the brightest component and the
    /// others scaled with it, so hue and saturation hold; `desat=0` keeps bright colours from being washed towards
    /// white. (Hable or Reinhard would compress the whole range and darken mid-tones by a quarter to a third.)
    /// SDR wide-gamut and linear pictures only change primaries and curve (`zscale` converts gamut in linear light).
    /// The tone map runs between two graphs, on the linear pictures, as `MobiusToneMap` (libavfilter's `tonemap` with
    /// `desat=0`, bit for bit, at a fraction of its cost). `zscale` runs on one thread (its slices would filter chroma
    /// at their edges on their own and change a few rows).
    /// With `size`, the first `zscale` also resizes (bicubic, the same kernel as the layer scalers) to that coded size
    /// and the picture comes out 4:4:4 (without alpha).
    static func lightStages(from color: ColorDescription, rgb: Bool, peak: Double, alpha: Bool,
                            size: (width: Int, height: Int)? = nil) -> LightStages {
        let names = color.zscaleNames
        let resize = size.map { "w=\($0.width):h=\($0.height):filter=bicubic:" } ?? ""
        let source = resize + "tin=\(names.transfer):pin=\(names.primaries):min=\(rgb ? "gbr" : names.matrix)"
            + ":rin=\(rgb ? "full" : names.range)"
        // Converted smaller, a picture is drawn at about its size, where a 4:2:0 crop's even start would be a whole canvas
        // pixel off: 4:4:4 lets a crop start on any pixel.
        let target = alpha ? "yuva420p" : size == nil ? "yuv420p" : "yuv444p"
        guard color.isHDR else {
            return LightStages(toLinear: "zscale=threads=1:\(source):t=709:p=709:m=709:r=limited,format=\(target)")
        }
        let white = Int(referenceWhite)
        return LightStages(
            toLinear: "zscale=threads=1:\(source):t=linear:p=709:m=gbr:r=full:npl=\(white),format=gbrpf32le",
            toneMap: MobiusToneMap(knee: toneMapKnee, peak: relativePeak(peak)),
            fromLinear: "zscale=threads=1:tin=linear:pin=709:min=gbr:rin=full:t=709:p=709:m=709:r=limited:npl=\(white)"
                + ",format=\(target)")
    }

    /// `peak` relative to reference white, at least 1, rounded to 4 decimals (as the filter text once carried it, so
    /// pictures stay the same).
    static func relativePeak(_ peak: Double) -> Double {
        Double(String(format: "%.4f", max(1, peak / referenceWhite))) ?? 1
    }
}
