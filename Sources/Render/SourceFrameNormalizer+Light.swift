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
    /// Where the tone curve leaves the straight line, as a fraction of reference white (see `lightFilters`).
    static let toneMapKnee = 0.6

    /// Slice threads for a render's tone mapping: every core (up to 4) when the render has the machine to itself,
    /// one when other renders share the cores (slicing costs a few percent more CPU). Measured on a 4K HLG clip into
    /// web-1080p alone on 2 cores: 22-25% less wall time, the same bytes.
    static func lightThreads(sharesCores: Bool) -> Int {
        sharesCores ? 1 : min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

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
    /// `yuv444p` (see `lightFilters`).
    func convertLight(_ frame: Frame, size: (width: Int, height: Int)? = nil) throws(LibAVError) -> Frame {
        let color = frame.colorDescription
        let format = frame.pixelFormat
        guard color.needsLightConversion, format.isYUV || format.isRGB else { return frame }
        let input = FilterGraph.Input.like(frame, timeBase: MediaTime(value: 1, timescale: 90_000))
        let peak = color.isHDR ? (frame.peakLuminance ?? Self.assumedHDRPeak) : Self.referenceWhite
        let key = LightKey(input: input, color: color, peak: peak, width: size?.width ?? frame.width,
                           height: size?.height ?? frame.height)
        let graph: FilterGraph
        if let existing = lightGraph, existing.key == key {
            graph = existing.graph
        } else {
            let filters = Self.lightFilters(from: color, rgb: format.isRGB, peak: peak, alpha: format.hasAlpha,
                                            size: size)
            graph = try FilterGraph(input: input, filters: filters, threads: lightThreads)
            lightGraph = (graph, key)
        }
        if lightConversion == nil { lightConversion = color }
        try graph.push(frame)
        guard let converted = try graph.pull() else {
            throw LibAVError.invalidArgument("cannot convert a \(color) picture: '\(graph.filters)' returned no picture")
        }
        return converted
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
    /// `tonemap`, most of the work, may run on slice threads (each pixel on its own: the same pictures with any count);
    /// `zscale` stays on one (its slices would filter chroma at their edges on their own and change a few rows).
    /// With `size`, the first `zscale` also resizes (bicubic, the same kernel as the layer scalers) to that coded size
    /// and the picture comes out 4:4:4 (without alpha).
    static func lightFilters(from color: ColorDescription, rgb: Bool, peak: Double, alpha: Bool,
                             size: (width: Int, height: Int)? = nil) -> String {
        let names = color.zscaleNames
        let resize = size.map { "w=\($0.width):h=\($0.height):filter=bicubic:" } ?? ""
        let source = resize + "tin=\(names.transfer):pin=\(names.primaries):min=\(rgb ? "gbr" : names.matrix)"
            + ":rin=\(rgb ? "full" : names.range)"
        // Converted smaller, a picture is drawn at about its size, where a 4:2:0 crop's even start would be a whole canvas
        // pixel off: 4:4:4 lets a crop start on any pixel.
        let target = alpha ? "yuva420p" : size == nil ? "yuv420p" : "yuv444p"
        guard color.isHDR else {
            return "zscale=threads=1:\(source):t=709:p=709:m=709:r=limited,format=\(target)"
        }
        let white = Int(referenceWhite)
        let relativePeak = String(format: "%.4f", max(1, peak / referenceWhite))
        return "zscale=threads=1:\(source):t=linear:p=709:m=gbr:r=full:npl=\(white),format=gbrpf32le"
            + ",tonemap=tonemap=mobius:param=\(toneMapKnee):desat=0:peak=\(relativePeak)"
            + ",zscale=threads=1:tin=linear:pin=709:min=gbr:rin=full:t=709:p=709:m=709:r=limited:npl=\(white)"
            + ",format=\(target)"
    }
}
