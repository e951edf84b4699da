import Composition
import LibAV
import MediaCore
import TextLayout

/// Applies a video composition's picture filters (`PictureFilter`) to finished pictures, between compositing and
/// drawing text: runs of filters through libavfilter, overlays painted by `RasterBlender`, colour controls through
/// the layers' `ColorControlsTable`, in the order given. The steps for the filters last applied are kept, so a
/// stretch with the same filters builds its graphs and loads its pictures once; filters that change every frame build
/// them per frame.
final class PictureFilterStage {
    /// One step of a filter list.
    private enum Pass {
        /// A run of filters through one libavfilter graph.
        case graph(FilterGraph)
        /// A picture painted at frame pixel (`left`, `top`).
        case overlay(TextRaster, left: Int, top: Int, opacity: Double)
        /// Colour controls, sample by sample in place (the layers' colour controls' tables).
        case controls(ColorControlsTable)
    }

    /// The filters by stretch.
    private let spans: [PictureFilterSpan]
    /// Whether the spans follow one another without overlapping, so the span found last is where to look first.
    private let inOrder: Bool
    /// The span the last picture fell in.
    private var lastSpan = 0
    /// The size overlay rectangles are given in.
    private let renderSize: Size
    /// The 16-bit code values of an 8-bit R'G'B' colour in the output's colour space; nil for BT.709 (HDR
    /// outputs give their working space's conversion, as for text).
    var colorCodes: ((UInt8, UInt8, UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16))?
    /// The steps for the last filters, and what they were built for.
    private var current: (filters: [PictureFilter], input: FilterGraph.Input, passes: [Pass])?
    /// How overlays are painted on the last pictures' format.
    private var blender: RasterBlender?
    /// The pictures drawn lately, by what they show and their size, so an overlay that moves or fades from frame
    /// to frame (a new filter list each time) is read from its file once.
    private var pictures: [(content: PictureOverlay.Content, width: Int, height: Int, raster: TextRaster)] = []

    /// A stage for `videoComposition`'s filters; nil when it has none.
    init?(videoComposition: VideoComposition) {
        guard !videoComposition.pictureFilters.isEmpty else { return nil }
        spans = videoComposition.pictureFilters
        renderSize = videoComposition.renderSize
        inOrder = zip(spans, spans.dropFirst()).allSatisfy { $0.timeRange.end <= $1.timeRange.start }
    }

    /// The filters of the first span holding `time`; pictures asked in order find theirs in constant time, as a
    /// handler that changes its filters every frame makes a span per frame.
    private func filters(at time: MediaTime) -> [PictureFilter] {
        guard inOrder else { return spans.first { $0.timeRange.contains(time) }?.filters ?? [] }
        for index in [lastSpan, lastSpan + 1] where index < spans.count && spans[index].timeRange.contains(time) {
            lastSpan = index
            return spans[index].filters
        }
        // The last span starting at or before `time`, found by halving.
        var (low, high) = (0, spans.count)
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].timeRange.start <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0, spans[low - 1].timeRange.contains(time) else { return [] }
        lastSpan = low - 1
        return spans[lastSpan].filters
    }

    /// `frame` (the picture at `time`) with the filters of that time applied, as a frame of the same size, pixel
    /// format and timing; `frame` itself when no filter applies or only overlays do (painted onto it, made
    /// writable first).
    func apply(to frame: Frame, at time: MediaTime) throws(ExportError) -> Frame {
        let filters = filters(at: time)
        guard !filters.isEmpty else { return frame }
        do {
            let input = FilterGraph.Input.like(frame, timeBase: MediaTime(value: 1, timescale: 90_000))
            if current?.filters != filters || current?.input != input {
                current = (filters, input, try passes(for: filters, input: input, like: frame))
            }
            var picture = frame
            for pass in current?.passes ?? [] {
                switch pass {
                case let .graph(graph):
                    try graph.push(picture)
                    guard let filtered = try graph.pull() else {
                        throw LibAVError.invalidArgument("the picture filters '\(graph.filters)' gave no picture")
                    }
                    filtered.copyTiming(from: picture)
                    picture = filtered
                case let .overlay(raster, left, top, opacity):
                    try paint(raster, left: left, top: top, opacity: opacity, onto: picture)
                case let .controls(table):
                    try table.apply(picture, into: picture)
                }
            }
            return picture
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "picture filters at \(time.seconds) s: \(error)")
        }
    }

    /// The steps drawing `filters` on pictures like `frame`: each run of filters between overlays one graph
    /// (none when the run changes nothing: a zero blur, no sepia), each overlay its picture loaded and scaled.
    private func passes(for filters: [PictureFilter], input: FilterGraph.Input,
                        like frame: Frame) throws -> [Pass] {
        var passes: [Pass] = [], run: [PictureFilter] = []
        func endRun() throws {
            defer { run = [] }
            let text = Self.graphText(run, format: frame.pixelFormat, width: frame.width, height: frame.height)
            guard !text.isEmpty else { return }
            passes.append(.graph(try FilterGraph(input: input,
                                                 filters: text + ",format=pix_fmts=" + frame.pixelFormat.name)))
        }
        for filter in filters {
            switch filter {
            case let .overlay(overlay):
                try endRun()
                if let pass = try overlayPass(overlay, width: frame.width, height: frame.height) { passes.append(pass) }
            case let .colorControls(brightness, contrast, saturation):
                let controls = ColorControls(brightness: min(1, max(-1, brightness)), contrast: max(0, contrast),
                                             saturation: max(0, saturation))
                guard !controls.isIdentity else { continue }
                try endRun()
                guard let table = ColorControlsTable(controls, format: frame.pixelFormat,
                                                     fullRange: frame.colorDescription.isFullRange) else {
                    throw LibAVError.invalidArgument("cannot change the colours of '\(frame.pixelFormat)' pictures")
                }
                passes.append(.controls(table))
            default:
                run.append(filter)
            }
        }
        try endRun()
        return passes
    }

    /// The step painting `overlay` on `width` x `height` pictures; nil when it covers no pixel or is transparent.
    private func overlayPass(_ overlay: PictureOverlay, width: Int, height: Int) throws -> Pass? {
        let scaleX = Double(width) / Double(renderSize.width), scaleY = Double(height) / Double(renderSize.height)
        let left = Int((overlay.frame.x * scaleX).rounded()), top = Int((overlay.frame.y * scaleY).rounded())
        let right = Int(((overlay.frame.x + overlay.frame.width) * scaleX).rounded())
        let bottom = Int(((overlay.frame.y + overlay.frame.height) * scaleY).rounded())
        guard right > left, bottom > top, overlay.opacity > 0, right > 0, bottom > 0, left < width, top < height else {
            return nil
        }
        let raster = try picture(overlay.content, width: right - left, height: bottom - top)
        return .overlay(raster, left: left, top: top, opacity: min(1, overlay.opacity))
    }

    /// What `content` draws at `width` x `height`, from the last eight drawn when it is among them.
    private func picture(_ content: PictureOverlay.Content, width: Int, height: Int) throws -> TextRaster {
        if let known = pictures.first(where: { $0.content == content && $0.width == width && $0.height == height }) {
            return known.raster
        }
        let raster = try OverlayPicture.raster(content, width: width, height: height)
        pictures.append((content, width, height, raster))
        if pictures.count > 8 { pictures.removeFirst() }
        return raster
    }

    /// Paints `raster` onto `frame` in place.
    private func paint(_ raster: TextRaster, left: Int, top: Int, opacity: Double, onto frame: Frame) throws {
        if blender?.layout != frame.pixelFormat.layout {
            blender = RasterBlender(format: frame.pixelFormat)
            blender?.colorCodes = colorCodes
        }
        guard let blender else {
            throw LibAVError.invalidArgument("cannot draw pictures on '\(frame.pixelFormat)' pictures")
        }
        let (width, height) = (frame.width, frame.height)
        try frame.withMutablePlanes { planes in
            blender.blend(raster, left: left, top: top, opacity: opacity, clip: nil, into: planes, width: width,
                          height: height)
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
            case .overlay, .colorControls:
                return nil
            }
        }.joined(separator: ",")
    }
}
