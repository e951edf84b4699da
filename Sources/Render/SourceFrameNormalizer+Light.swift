import Foundation
import LibAV
import MediaCore

extension SourceFrameNormalizer {
    /// What a light-conversion graph is built for: the pictures it takes and how their light is described.
    struct LightKey: Equatable {
        var input: FilterGraph.Input
        var color: ColorDescription
        var peak: Double
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

    /// `frame` in SDR BT.709 limited `yuv420p` (`yuva420p` with alpha) when its transfer or primaries need a light
    /// conversion (HDR tone mapping, wide gamut, linear light), else `frame` itself.
    func convertLight(_ frame: Frame) throws(LibAVError) -> Frame {
        let color = frame.colorDescription
        let format = frame.pixelFormat
        guard color.needsLightConversion, format.isYUV || format.isRGB else { return frame }
        let input = FilterGraph.Input.like(frame, timeBase: MediaTime(value: 1, timescale: 90_000))
        let peak = color.isHDR ? (frame.peakLuminance ?? Self.assumedHDRPeak) : Self.referenceWhite
        let key = LightKey(input: input, color: color, peak: peak)
        let graph: FilterGraph
        if let existing = lightGraph, existing.key == key {
            graph = existing.graph
        } else {
            let filters = Self.lightFilters(from: color, rgb: format.isRGB, peak: peak, alpha: format.hasAlpha)
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
    static func lightFilters(from color: ColorDescription, rgb: Bool, peak: Double, alpha: Bool) -> String {
        let names = color.zscaleNames
        let source = "tin=\(names.transfer):pin=\(names.primaries):min=\(rgb ? "gbr" : names.matrix)"
            + ":rin=\(rgb ? "full" : names.range)"
        let target = alpha ? "yuva420p" : "yuv420p"
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
