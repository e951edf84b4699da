import Composition
import LibAV
import MediaCore

/// Applies a video composition's picture filters (`PictureFilter`) to finished pictures with libavfilter, between
/// compositing and drawing text. One graph is kept for the filters last applied, so a stretch with the same filters
/// builds it once; filters that change every frame build one per frame.
final class PictureFilterStage {
    /// The filters by stretch.
    private let spans: [PictureFilterSpan]
    /// The graph for the last filters (nil when they change nothing), and what it was built for.
    private var current: (filters: [PictureFilter], input: FilterGraph.Input, graph: FilterGraph?)?

    /// A stage for `videoComposition`'s filters; nil when it has none.
    init?(videoComposition: VideoComposition) {
        guard !videoComposition.pictureFilters.isEmpty else { return nil }
        spans = videoComposition.pictureFilters
    }

    /// `frame` (the picture at `time`) with the filters of that time applied, as a new frame of the same size,
    /// pixel format and timing; `frame` itself when no filter applies.
    func apply(to frame: Frame, at time: MediaTime) throws(ExportError) -> Frame {
        let filters = spans.first { $0.timeRange.contains(time) }?.filters ?? []
        guard !filters.isEmpty else { return frame }
        do {
            let input = FilterGraph.Input.like(frame, timeBase: MediaTime(value: 1, timescale: 90_000))
            if current?.filters != filters || current?.input != input {
                let text = Self.graphText(filters, format: frame.pixelFormat, width: frame.width, height: frame.height)
                // Filters that change nothing (a zero blur, no sepia) get no graph.
                let graph = text.isEmpty ? nil
                    : try FilterGraph(input: input, filters: text + ",format=pix_fmts=" + frame.pixelFormat.name)
                current = (filters, input, graph)
            }
            guard let graph = current?.graph else { return frame }
            try graph.push(frame)
            guard let filtered = try graph.pull() else {
                throw LibAVError.invalidArgument("the picture filters '\(graph.filters)' gave no picture")
            }
            filtered.copyTiming(from: frame)
            return filtered
        } catch {
            throw ExportError.encode(path: nil, reason: "picture filters at \(time.seconds) s: \(error)")
        }
    }

    /// libavfilter's text for `filters` on `width` x `height` pictures of `format`; empty when none changes
    /// anything.
    static func graphText(_ filters: [PictureFilter], format: PixelFormat, width: Int, height: Int) -> String {
        var shift = (x: 0, y: 0)
        if case let .planarYUV(_, _, x, y, _) = format.layout { shift = (x, y) }
        // libavfilter's box blur reaches at most half of a plane's shorter side.
        let widest = (luma: min(width, height) / 2, chroma: min(width >> shift.x, height >> shift.y) / 2)
        return filters.compactMap { filter -> String? in
            switch filter {
            case let .gaussianBlur(sigma):
                guard sigma > 0.01 else { return nil }
                // Chroma planes are blurred in their own (subsampled) pixels.
                let across = sigma / Double(1 << shift.x), down = sigma / Double(1 << shift.y)
                return "gblur=sigma=\(sigma):steps=3:planes=1,gblur=sigma=\(across):sigmaV=\(down):steps=3:planes=6"
            case let .boxBlur(radius):
                guard radius > 0 else { return nil }
                let luma = min(radius, widest.luma), chroma = min(radius >> max(shift.x, shift.y), widest.chroma)
                return "boxblur=luma_radius=\(luma):luma_power=1:chroma_radius=\(chroma):chroma_power=1"
            case let .colorControls(brightness, contrast, saturation):
                guard brightness != 0 || contrast != 1 || saturation != 1 else { return nil }
                return "eq=brightness=\(min(1, max(-1, brightness))):contrast=\(min(1000, max(-1000, contrast)))"
                    + ":saturation=\(min(3, max(0, saturation)))"
            case let .sepia(intensity):
                let amount = min(1, max(0, intensity))
                guard amount > 0 else { return nil }
                let matrix = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
                let names = ["r", "g", "b"]
                let terms = (0..<3).flatMap { row in
                    (0..<3).map { column in
                        let mixed = amount * matrix[row][column] + (row == column ? 1 - amount : 0)
                        return "\(names[row])\(names[column])=\(mixed)"
                    }
                }
                return "colorchannelmixer=" + terms.joined(separator: ":")
            case .invert:
                return "negate"
            }
        }.joined(separator: ",")
    }
}
