import Composition
import LibAV
import MediaCore

/// Pictures of a `mediabatch-generate:` source, drawn with the core generators into a reused frame.
final class GeneratedVideoReader: VideoSourceReader {
    let path: String
    private let source: GeneratedSource
    /// The picture of a `color` source.
    private let color: Color
    private let buffer: VideoFrameBuffer
    private let frame: Frame
    /// The time last drawn (a colour is drawn once).
    private var drawnTime: MediaTime?

    init(source: GeneratedSource) throws(ExportError) {
        self.source = source
        path = source.url.absoluteString
        guard source.hasVideo else {
            throw ExportError.probe(path: path, reason: "generator '\(source.kind.rawValue)' has no pictures")
        }
        let color = Color(parsing: source.color)
        guard source.kind != .color || color != nil else {
            throw ExportError.probe(path: path, reason: "unknown colour '\(source.color)'; use '#rrggbb' or a name such as 'black', 'white', 'red'")
        }
        self.color = color ?? .black
        guard !source.isGradient || source.gradientStops != nil else {
            throw ExportError.probe(path: path, reason: "a gradient needs colours written as #rrggbb or colour names, not "
                                    + source.stops.map { "'\($0.color)'" }.joined(separator: ", "))
        }
        do {
            buffer = try VideoFrameBuffer(width: source.width, height: source.height)
            frame = try Frame(width: source.width, height: source.height, pixelFormat: .yuv420p)
        } catch {
            throw ExportError.probe(path: path, reason: "\(error)")
        }
    }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        if source.kind == .color || source.isGradient {
            // The same picture at every time: drawn once.
            if drawnTime != nil { return frame }
            if let stops = source.gradientStops {
                let shape: GradientGenerator.Shape = source.kind == .linearGradient
                    ? .linear(angle: source.angle)
                    : .radial(centerX: source.centerX, centerY: source.centerY,
                              radius: source.radius.map { $0 * Double(min(source.width, source.height)) })
                GradientGenerator(stops: stops, shape: shape, width: source.width, height: source.height).render(into: buffer)
            } else {
                ColorGenerator(color: color, width: source.width, height: source.height).render(into: buffer)
            }
        } else {
            if drawnTime == time { return frame }
            let clamped = MediaTime.maximum(.zero, time)
            do {
                try TestPatternGenerator(width: source.width, height: source.height).render(at: clamped, into: buffer)
            } catch {
                throw ExportError.decode(path: path, reason: error.description)
            }
        }
        do {
            try buffer.copy(into: frame)
        } catch {
            throw ExportError.decode(path: path, reason: "\(error)")
        }
        drawnTime = time
        return frame
    }
}
