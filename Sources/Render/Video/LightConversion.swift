import LibAV
import MediaCore

/// A source's light conversion, built for one kind of picture and reused: `zscale` into linear light in BT.709
/// primaries, the Möbius tone map for HDR (`MobiusToneMap`, on the linear float pictures between the two graphs),
/// and `zscale` back to the BT.709 curve (see `SourceFrameNormalizer.lightStages`). An SDR wide-gamut picture needs
/// no tone map, and goes through one graph.
final class LightConversion {
    /// The time base pictures are pushed in (their timing does not matter to the conversion).
    static let timeBase = MediaTime(value: 1, timescale: 90_000)
    /// The pictures it was built for.
    let key: SourceFrameNormalizer.LightKey
    private let toLinear: FilterGraph
    private let toneMap: MobiusToneMap?
    private let fromLinearFilters: String?
    /// Built on the first linear picture, whose size and format it takes.
    private var fromLinear: FilterGraph?

    /// The conversion of pictures like `key`'s through `stages`.
    init(key: SourceFrameNormalizer.LightKey, stages: SourceFrameNormalizer.LightStages) throws(LibAVError) {
        self.key = key
        toLinear = try FilterGraph(input: key.input, filters: stages.toLinear)
        toneMap = stages.toneMap
        fromLinearFilters = stages.fromLinear
    }

    /// `frame` converted; `color` names its light in errors.
    func convert(_ frame: Frame, color: ColorDescription) throws(LibAVError) -> Frame {
        let linear = try Self.run(toLinear, on: frame, color: color)
        guard let fromLinearFilters else { return linear }
        try toneMap?.apply(to: linear)
        let graph: FilterGraph
        if let fromLinear {
            graph = fromLinear
        } else {
            graph = try FilterGraph(input: .like(linear, timeBase: Self.timeBase), filters: fromLinearFilters)
            fromLinear = graph
        }
        return try Self.run(graph, on: linear, color: color)
    }

    /// The one picture `graph` makes of `frame`.
    private static func run(_ graph: FilterGraph, on frame: Frame, color: ColorDescription) throws(LibAVError) -> Frame {
        try graph.push(frame)
        guard let converted = try graph.pull() else {
            throw LibAVError.invalidArgument("cannot convert a \(color) picture: '\(graph.filters)' returned no picture")
        }
        return converted
    }
}
