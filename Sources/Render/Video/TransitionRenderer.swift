import Composition
import Foundation
import LibAV
import MediaCore

/// One layer ready for the compositor, with the track it shows (nil for layers an effect adds).
struct DrawnLayer {
    var trackID: Int32?
    var layer: CompositorLayer
}

/// Evaluates an instruction's `VideoTransitionEffect` on the layers of a frame (docs/semantics.md, "Transition
/// effects"): mattes multiply the incoming layer's alpha; `blur` blurs both layers by a radius that peaks at the
/// middle (a twentieth of the canvas height) while the incoming one fades in; `dip` shows the outgoing layer for the
/// first half and the incoming one for the second, under the colour, whose opacity rises to 1 at the middle and
/// falls back. Fields, the luma images (decoded once, scaled to the canvas) and scratch memory are kept for reuse.
final class TransitionRenderer {
    private let canvasWidth: Int
    private let canvasHeight: Int
    private var mattes: [VideoTransitionEffect.Kind: TransitionMatte] = [:]
    private var blur: BoxBlur?
    private var dipBuffer: VideoFrameBuffer?
    private var dipColor: Color?

    init(canvasWidth: Int, canvasHeight: Int) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }

    /// Whether `trackID`'s picture needs an alpha plane for `effect` (the incoming layer of a matte).
    static func needsAlpha(_ effect: VideoTransitionEffect, trackID: Int32) -> Bool {
        switch effect.kind {
        case .wipe, .iris, .clock, .luma: trackID == effect.incomingTrackID
        case .blur, .dip: false
        }
    }

    /// The factor `effect` multiplies `trackID`'s opacity by at `progress`.
    static func opacityFactor(_ effect: VideoTransitionEffect, trackID: Int32, progress: Double) -> Double {
        switch effect.kind {
        case .blur:
            return trackID == effect.incomingTrackID ? progress : 1
        case .dip:
            if trackID == effect.outgoingTrackID { return progress < 0.5 ? 1 : 0 }
            if trackID == effect.incomingTrackID { return progress < 0.5 ? 0 : 1 }
            return 1
        case .wipe, .iris, .clock, .luma:
            if trackID == effect.incomingTrackID && progress <= 0 { return 0 }
            return 1
        }
    }

    /// Applies `effect` at `progress` to `layers` (bottom first) in place.
    func apply(_ effect: VideoTransitionEffect, progress: Double, to layers: inout [DrawnLayer]) throws(ExportError) {
        switch effect.kind {
        case .wipe, .iris, .clock, .luma:
            guard progress < 1, let index = layers.firstIndex(where: { $0.trackID == effect.incomingTrackID }) else { return }
            let drawn = layers[index].layer
            try applyMatte(effect, progress: progress, to: drawn.source, x: drawn.x, y: drawn.y,
                           width: drawn.drawnWidth, height: drawn.drawnHeight)
        case .blur:
            let radius = Int((Double(canvasHeight) / 20 * (1 - abs(2 * progress - 1))).rounded())
            guard radius > 0 else { return }
            let blur = self.blur ?? BoxBlur(width: canvasWidth, height: canvasHeight)
            self.blur = blur
            for drawn in layers where drawn.trackID == effect.outgoingTrackID || drawn.trackID == effect.incomingTrackID {
                Self.blur(drawn.layer, radius: radius, with: blur)
            }
        case .dip(let color):
            let weight = 1 - abs(2 * progress - 1)
            guard weight > 0 else { return }
            let top = layers.lastIndex { $0.trackID == effect.outgoingTrackID || $0.trackID == effect.incomingTrackID }
            let layer = CompositorLayer(source: try dipLayer(color), opacity: weight)
            layers.insert(DrawnLayer(trackID: nil, layer: layer), at: top.map { $0 + 1 } ?? layers.count)
        }
    }

    /// Multiplies the alpha of the `width` x `height` top-left part of `buffer`, drawn at canvas (`x`, `y`), by the
    /// matte of `effect` (a wipe, iris, clock or luma transition) at `progress`: the incoming layer of an 8-bit (SDR)
    /// or 16-bit (HDR) canvas. A buffer without alpha is left as it is.
    func applyMatte<Picture: BlendPicture>(_ effect: VideoTransitionEffect, progress: Double, to buffer: Picture,
                                           x: Int, y: Int, width: Int, height: Int) throws(ExportError) {
        guard buffer.hasAlpha else { return }
        let matte = try self.matte(for: effect.kind)
        let (alpha, stride) = buffer.unsafePlane(3)
        withExtendedLifetime(buffer) {
            matte.apply(progress: progress, softness: effect.softness, to: alpha, stride: stride, x: x, y: y,
                        width: min(width, canvasWidth - x), height: min(height, canvasHeight - y))
        }
    }

    /// Blurs every plane of the drawn part of `layer` (chroma by half the radius).
    private static func blur(_ layer: CompositorLayer, radius: Int, with blur: BoxBlur) {
        let buffer = layer.source
        for plane in 0..<buffer.planeCount {
            let chroma = plane == 1 || plane == 2
            let width = chroma ? layer.drawnWidth / 2 : layer.drawnWidth
            let height = chroma ? layer.drawnHeight / 2 : layer.drawnHeight
            buffer.withPlane(plane) { pointer, stride, _, _ in
                blur.blur(pointer, stride: stride, width: width, height: height, radius: chroma ? max(1, radius / 2) : radius)
            }
        }
    }

    /// A canvas-size buffer of `color`, refilled only when the colour changes.
    private func dipLayer(_ color: Color) throws(ExportError) -> VideoFrameBuffer {
        if let dipBuffer, dipColor == color { return dipBuffer }
        do {
            let buffer = try dipBuffer ?? VideoFrameBuffer(width: canvasWidth, height: canvasHeight)
            buffer.fill(Color(red: color.red, green: color.green, blue: color.blue).yuv)
            dipBuffer = buffer
            dipColor = color
            return buffer
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
