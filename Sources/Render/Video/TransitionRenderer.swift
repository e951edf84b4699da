import Composition
import Foundation
import LibAV
import MediaCore

/// One layer ready for the compositor, with the track it shows (nil for layers an effect adds).
struct DrawnLayer {
    var trackID: Int32?
    var layer: CompositorLayer
}

/// A layer of either depth as a transition effect sees it: the track it shows, the picture it draws from, where on
/// the canvas, and which part of the picture (its top-left corner in the picture, even, and its size).
protocol TransitionLayer {
    associatedtype Picture: CanvasPicture
    /// The track the layer shows; nil for layers an effect adds.
    var trackID: Int32? { get }
    /// The picture drawn from.
    var picture: Picture { get }
    /// The canvas position of the drawn part's top-left corner.
    var origin: (x: Int, y: Int) { get }
    /// The drawn part of `picture`.
    var window: (x: Int, y: Int, width: Int, height: Int) { get }
    /// A layer an effect adds: `picture`, the canvas's size, at `opacity`.
    static func covering(_ picture: Picture, opacity: Double) -> Self
}

extension DrawnLayer: TransitionLayer {
    var picture: VideoFrameBuffer { layer.source }
    var origin: (x: Int, y: Int) { (layer.x, layer.y) }
    var window: (x: Int, y: Int, width: Int, height: Int) { (0, 0, layer.drawnWidth, layer.drawnHeight) }
    static func covering(_ picture: VideoFrameBuffer, opacity: Double) -> DrawnLayer {
        DrawnLayer(trackID: nil, layer: CompositorLayer(source: picture, opacity: opacity))
    }
}

extension VideoTransitionEffect {
    /// Whether `trackID`'s picture needs an alpha plane for this effect (the incoming layer of a matte).
    func needsAlpha(trackID: Int32) -> Bool {
        switch kind {
        case .wipe, .iris, .clock, .luma: trackID == incomingTrackID
        case .blur, .dip: false
        }
    }

    /// The factor this effect multiplies `trackID`'s opacity by at `progress`.
    func opacityFactor(trackID: Int32, progress: Double) -> Double {
        switch kind {
        case .blur:
            return trackID == incomingTrackID ? progress : 1
        case .dip:
            if trackID == outgoingTrackID { return progress < 0.5 ? 1 : 0 }
            if trackID == incomingTrackID { return progress < 0.5 ? 0 : 1 }
            return 1
        case .wipe, .iris, .clock, .luma:
            if trackID == incomingTrackID && progress <= 0 { return 0 }
            return 1
        }
    }
}

/// Evaluates an instruction's `VideoTransitionEffect` on the layers of a frame, on 8-bit (SDR) and 16-bit (HDR)
/// canvases alike (docs/semantics.md, "Transition effects"): mattes multiply the incoming layer's alpha; `blur`
/// blurs both layers by a radius that peaks at the middle (a twentieth of the canvas height) while the incoming one
/// fades in; `dip` shows the outgoing layer for the first half and the incoming one for the second, under the colour,
/// whose opacity rises to 1 at the middle and falls back. Fields, the luma images (decoded once, scaled to the
/// canvas) and scratch memory are kept for reuse.
final class TransitionRenderer<Picture: CanvasPicture> {
    private let canvasWidth: Int
    private let canvasHeight: Int
    /// A colour's code values at the canvas's depth and in its colour space.
    private let code: (Color) throws -> CanvasColor<Picture.Sample>
    private var mattes: [VideoTransitionEffect.Kind: TransitionMatte] = [:]
    private var blur: BoxBlur?
    private var dipPicture: Picture?
    private var dipColor: Color?

    /// A renderer for a `canvasWidth` x `canvasHeight` canvas whose colours are `code`'s code values.
    init(canvasWidth: Int, canvasHeight: Int, code: @escaping (Color) throws -> CanvasColor<Picture.Sample>) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.code = code
    }

    /// Applies `effect` at `progress` to `layers` (bottom first) in place.
    func apply<Layer: TransitionLayer>(_ effect: VideoTransitionEffect, progress: Double,
                                       to layers: inout [Layer]) throws(ExportError) where Layer.Picture == Picture {
        switch effect.kind {
        case .wipe, .iris, .clock, .luma:
            guard progress < 1, let incoming = layers.first(where: { $0.trackID == effect.incomingTrackID }) else { return }
            try applyMatte(effect, progress: progress, to: incoming.picture, x: incoming.origin.x,
                           y: incoming.origin.y, width: incoming.window.width, height: incoming.window.height)
        case .blur:
            let radius = Int((Double(canvasHeight) / 20 * (1 - abs(2 * progress - 1))).rounded())
            guard radius > 0 else { return }
            let blur = self.blur ?? BoxBlur(width: canvasWidth, height: canvasHeight)
            self.blur = blur
            for drawn in layers where drawn.trackID == effect.outgoingTrackID || drawn.trackID == effect.incomingTrackID {
                Self.blur(drawn.picture, window: drawn.window, radius: radius, with: blur)
            }
        case .dip(let color):
            let weight = 1 - abs(2 * progress - 1)
            guard weight > 0 else { return }
            let top = layers.lastIndex { $0.trackID == effect.outgoingTrackID || $0.trackID == effect.incomingTrackID }
            layers.insert(Layer.covering(try dipLayer(color), opacity: weight), at: top.map { $0 + 1 } ?? layers.count)
        }
    }

    /// Multiplies the alpha of the `width` x `height` top-left part of `buffer`, drawn at canvas (`x`, `y`), by the
    /// matte of `effect` (a wipe, iris, clock or luma transition) at `progress`: the incoming layer of an 8-bit (SDR)
    /// or 16-bit (HDR) canvas. A buffer without alpha is left as it is.
    func applyMatte(_ effect: VideoTransitionEffect, progress: Double, to buffer: Picture,
                                           x: Int, y: Int, width: Int, height: Int) throws(ExportError) {
        guard buffer.hasAlpha else { return }
        let matte = try self.matte(for: effect.kind)
        let (alpha, stride) = buffer.unsafePlane(3)
        withExtendedLifetime(buffer) {
            matte.apply(progress: progress, softness: effect.softness, to: alpha, stride: stride, x: x, y: y,
                        width: min(width, canvasWidth - x), height: min(height, canvasHeight - y))
        }
    }

    /// Blurs every plane of the `window` of `picture` (chroma by half the radius).
    private static func blur(_ picture: Picture, window: (x: Int, y: Int, width: Int, height: Int), radius: Int,
                             with blur: BoxBlur) {
        for plane in 0..<(picture.hasAlpha ? 4 : 3) {
            let chroma = plane == 1 || plane == 2
            let shift = chroma ? 1 : 0
            let (pointer, stride) = picture.unsafePlane(plane)
            let corner = pointer + (window.y >> shift) * stride + (window.x >> shift)
            withExtendedLifetime(picture) {
                blur.blur(corner, stride: stride, width: window.width >> shift, height: window.height >> shift,
                          radius: chroma ? max(1, radius / 2) : radius)
            }
        }
    }

    /// A canvas-size picture of `color`, refilled only when the colour changes.
    private func dipLayer(_ color: Color) throws(ExportError) -> Picture {
        if let dipPicture, dipColor == color { return dipPicture }
        do {
            let picture = try dipPicture ?? Picture.make(width: canvasWidth, height: canvasHeight, alpha: false)
            picture.fill(try code(color))
            dipPicture = picture
            dipColor = color
            return picture
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The matte of `kind`, made on first use.
    private func matte(for kind: VideoTransitionEffect.Kind) throws(ExportError) -> TransitionMatte {
        if let known = mattes[kind] { return known }
        let matte: TransitionMatte
        if case .luma(let image) = kind {
            matte = TransitionMatte.luma(try lumaImage(image), width: canvasWidth)
        } else if let geometric = TransitionMatte.geometric(kind, width: canvasWidth, height: canvasHeight) {
            matte = geometric
        } else {
            throw ExportError.encode(path: nil, reason: "transition effect \(kind) has no matte")
        }
        mattes[kind] = matte
        return matte
    }

    /// The picture at `url` as full-range luma scaled to the canvas: read like any source (decoded, turned upright,
    /// square-pixelled), scaled with swscale to `yuv420p`, its limited-range luma stretched to 0...255.
    private func lumaImage(_ url: URL) throws(ExportError) -> [UInt8] {
        let path = SourcePool.path(of: url)
        let reader = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        guard let picture = try reader.frame(at: .zero) else {
            throw ExportError.decode(path: path, reason: "the luma image has no picture")
        }
        do {
            let scaler = try Scaler(sourceWidth: picture.width, sourceHeight: picture.height,
                                    sourceFormat: picture.pixelFormat, width: canvasWidth, height: canvasHeight,
                                    pixelFormat: .yuv420p)
            let scaled = try Frame(width: canvasWidth, height: canvasHeight, pixelFormat: .yuv420p)
            try scaler.scale(picture, into: scaled)
            var luma = [UInt8](repeating: 0, count: canvasWidth * canvasHeight)
            scaled.withPlanes { planes in
                let plane = planes[0]
                for y in 0..<canvasHeight {
                    let row = plane.base.advanced(by: y * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<canvasWidth {
                        let value = ((Int(row[x]) - 16) * 255 + 109) / 219
                        luma[y * canvasWidth + x] = UInt8(min(max(value, 0), 255))
                    }
                }
            }
            return luma
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
